import type { FastifyInstance } from 'fastify';
import { outboxContract } from '@antrean/shared/contracts/outbox.contract';
import { defineRoute } from '../../lib/route';
import type { OutboxService } from './outbox.service';

/** The tenant's WhatsApp outbox: an admin of the tenant (or a superadmin acting in it). */
export function outboxRoutes(app: FastifyInstance, outbox: OutboxService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, outboxContract.list, { auth }, ({ actor, query }) => outbox.list(actor, query));
  defineRoute(app, outboxContract.retry, { auth }, ({ actor, params }) =>
    outbox.retry(actor, params.messageId),
  );
}
