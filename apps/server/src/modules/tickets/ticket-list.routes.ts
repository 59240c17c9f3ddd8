import type { FastifyInstance } from 'fastify';
import { ticketListContract } from '@antrean/shared/contracts/ticket-list.contract';
import { defineRoute } from '../../lib/route';
import type { TicketListService } from './ticket-list.service';

export function ticketListRoutes(app: FastifyInstance, tickets: TicketListService): void {
  defineRoute(
    app,
    ticketListContract.list,
    { auth: { staff: 'queue.read' } },
    async ({ actor, params, query }) => tickets.list(actor, params.branchId, query),
  );
}
