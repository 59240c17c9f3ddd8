import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { PHOTO_MAX_BYTES, filesContract } from '@antrean/shared/contracts/files.contract';
import { AppError } from '../../lib/errors';
import { defineRoute } from '../../lib/route';
import { IMMUTABLE, sendFile } from './file.http';
import type { FileService } from './file.service';

/**
 * The one `file` part of a multipart upload, its stream not read yet. The parser's own bound is
 * one byte over `maxBytes`, so the storage sees a file that is too large as too large.
 */
async function filePart(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('VALIDATION_FAILED', { fields: { file: 'v.required' } });
  }
  return part;
}

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
    filesContract.upload,
    { auth: { staff: 'any' }, rateLimitPerMinute: 30 },
    async ({ actor, query, request }) => {
      files.assertUpload(actor, query.purpose);
      const part = await filePart(request, files.maxBytes(query.purpose));
      return files.upload(actor, query.purpose, part.file, part.filename);
    },
  );
  defineRoute(
    app,
    filesContract.uploadImage,
    { auth: { staff: 'any' }, rateLimitPerMinute: 30 },
    async ({ actor, query, request }) => {
      files.assertUpload(actor, query.purpose);
      const part = await filePart(request, files.maxBytes(query.purpose));
      return files.saveImage(actor, query.purpose, part.file, part.filename);
    },
  );
  defineRoute(
    app,
    filesContract.download,
    { auth: { staff: 'any', kiosk: true, display: true } },
    async ({ actor, params, request, reply }) => {
      const file = await files.open(actor, params.fileId);
      void reply.header('content-disposition', `inline; filename="${encodeURIComponent(file.name)}"`);
      return sendFile(request, reply, file, `private, ${IMMUTABLE}`);
    },
  );
  defineRoute(
    app,
    filesContract.brandingImage,
    { auth: 'public', rateLimitPerMinute: 600 },
    async ({ params, request, reply }) => {
      const file = await files.openBranding(params.fileId);
      // Short: a theme can stop using a file, and the route then answers 404.
      return sendFile(request, reply, file, 'public, max-age=300');
    },
  );
  defineRoute(
    app,
    filesContract.media,
    { auth: 'public', rateLimitPerMinute: 1200 },
    async ({ params, request, reply }) => {
      const file = await files.openDisplayMedia(params.fileId);
      return sendFile(request, reply, file, `public, ${IMMUTABLE}`);
    },
  );
}
