import type { FastifyInstance } from 'fastify';
import { IMAGE_RULES, PHOTO_MAX_BYTES, filesContract } from '@antrean/shared/contracts/files.contract';
import { AppError } from '../../lib/errors';
import { defineRoute } from '../../lib/route';
import type { FileService } from './file.service';

export function fileRoutes(app: FastifyInstance, files: FileService): void {
  defineRoute(
    app,
    filesContract.uploadPhoto,
    { auth: { staff: 'queue.operate', kiosk: true }, rateLimitPerMinute: 30 },
    async ({ actor, params, request }) => {
      await files.assertPhotoTarget(actor, params.ticketId);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
      if (part?.fieldname !== 'photo') {
        throw new AppError('VALIDATION_FAILED', { fields: { photo: 'v.required' } });
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      await files.savePhoto(actor, params.ticketId, bytes, part.filename);
      return null;
    },
  );
  defineRoute(
    app,
    filesContract.uploadImage,
    { auth: { staff: 'any' }, rateLimitPerMinute: 30 },
    async ({ actor, query, request }) => {
      files.assertImageUpload(actor, query.purpose);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const maxBytes = IMAGE_RULES[query.purpose].maxBytes;
      const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
      if (part?.fieldname !== 'file') {
        throw new AppError('VALIDATION_FAILED', { fields: { file: 'v.required' } });
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      return files.saveImage(actor, query.purpose, bytes, part.filename);
    },
  );
  defineRoute(
    app,
    filesContract.download,
    { auth: { staff: 'any', kiosk: true, display: true } },
    async ({ actor, params, reply }) => {
      const file = await files.open(actor, params.fileId);
      void reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename="${encodeURIComponent(file.name)}"`);
      return reply.send(file.stream);
    },
  );
  defineRoute(
    app,
    filesContract.brandingImage,
    { auth: 'public', rateLimitPerMinute: 600 },
    async ({ params, request, reply }) => {
      const file = await files.openBranding(params.fileId);
      void reply
        .header('cache-control', 'public, max-age=300')
        .header('etag', file.etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === file.etag) {
        file.stream.destroy();
        return reply.code(304).send();
      }
      void reply.header('content-type', file.mime).header('content-length', String(file.size));
      return reply.send(file.stream);
    },
  );
}
