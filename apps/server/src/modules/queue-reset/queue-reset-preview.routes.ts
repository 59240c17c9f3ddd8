import type { FastifyInstance } from 'fastify';
import { queueResetContract } from '@antrean/shared/contracts/queue-reset.contract';
import { defineRoute } from '../../lib/route';
import type { QueueResetPreviewService } from './queue-reset-preview.service';

/** The reset page's confirmation: who may reset the queue may see what the reset would do. */
export function queueResetPreviewRoutes(app: FastifyInstance, previews: QueueResetPreviewService): void {
  defineRoute(
    app,
    queueResetContract.preview,
    { auth: { staff: 'tenant.reset-queue' } },
    ({ actor, params, query }) => previews.preview(actor, params.branchId, query.serviceId),
  );
}
