import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineContract } from '@antrean/shared/contracts/contract';
import { IdSchema } from '@antrean/shared/common/ids';
import { TicketParamsSchema } from '@antrean/shared/contracts/tickets.contract';
import { AppError } from '../../lib/errors';
import { defineRoute } from '../../lib/route';
import { PHOTO_MAX_BYTES, type FileService } from './file.service';

const filesContract = {
  uploadPhoto: defineContract({
    method: 'POST',
    path: '/api/v1/tickets/:ticketId/photo',
    summary: "Store the customer's photo for a ticket (multipart field `photo`: JPEG, PNG or WebP, ≤ 2 MB)",
    tags: ['files'],
    params: TicketParamsSchema,
    responses: { 204: z.null() },
  }),
  download: defineContract({
    method: 'GET',
    path: '/api/v1/files/:fileId',
    summary: 'An uploaded file of the tenant (logos, banners, videos, photos, e-form files)',
    tags: ['files'],
    params: z.object({ fileId: IdSchema }),
    responses: { 200: z.unknown() },
  }),
};

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
}
