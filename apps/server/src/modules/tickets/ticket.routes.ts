import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ticketsContract } from '@antrean/shared/contracts/tickets.contract';
import { AppError } from '../../lib/errors';
import { defineRoute } from '../../lib/route';
import type { TicketService } from './ticket.service';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;

/** The request's Idempotency-Key header (8–255 visible ASCII characters), if any. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new AppError('VALIDATION_FAILED', { fields: { 'Idempotency-Key': 'v.format' } });
  }
  return header;
}

export function ticketRoutes(app: FastifyInstance, tickets: TicketService): void {
  defineRoute(
    app,
    ticketsContract.issue,
    { auth: { staff: 'queue.operate', kiosk: true, apiKey: true }, rateLimitPerMinute: 120 },
    async ({ actor, params, body, request }) => {
      const result = await tickets.issue(actor, params.branchId, body, idempotencyKeyOf(request));
      return result.body;
    },
  );
  defineRoute(
    app,
    ticketsContract.checkInByCode,
    { auth: { staff: 'queue.operate', kiosk: true }, rateLimitPerMinute: 60 },
    async ({ actor, params, body }) => tickets.checkInByCode(actor, params.branchId, body.bookingCode),
  );
  defineRoute(app, ticketsContract.queue, { auth: { staff: 'queue.read' } }, async ({ actor, params }) =>
    tickets.queue(actor, params.branchId),
  );
  defineRoute(
    app,
    ticketsContract.resetQueue,
    { auth: { staff: 'tenant.reset-queue' } },
    async ({ actor, params, body }) => tickets.resetQueue(actor, params.branchId, body.serviceId),
  );
  defineRoute(app, ticketsContract.callNext, { auth: { staff: 'queue.call' } }, async ({ actor, params }) =>
    tickets.callNext(actor, params.counterId),
  );
  defineRoute(app, ticketsContract.get, { auth: { staff: 'queue.read' } }, async ({ actor, params }) =>
    tickets.get(actor, params.ticketId),
  );
  defineRoute(
    app,
    ticketsContract.publicGet,
    { auth: 'public', rateLimitPerMinute: 120 },
    async ({ params }) => tickets.publicGet(params.uniqueCode),
  );
  const staffAny = { auth: { staff: 'any' } } as const;
  defineRoute(app, ticketsContract.call, staffAny, async ({ actor, params, body }) =>
    tickets.act(actor, params.ticketId, 'call', { counterId: body.counterId }),
  );
  defineRoute(app, ticketsContract.transfer, staffAny, async ({ actor, params, body }) =>
    tickets.act(actor, params.ticketId, 'transfer', { serviceId: body.serviceId }),
  );
  const simple = [
    [ticketsContract.recall, 'recall'],
    [ticketsContract.serve, 'serve'],
    [ticketsContract.hold, 'hold'],
    [ticketsContract.skip, 'skip'],
    [ticketsContract.finish, 'finish'],
    [ticketsContract.cancel, 'cancel'],
    [ticketsContract.checkIn, 'check-in'],
    [ticketsContract.validate, 'validate'],
    [ticketsContract.requeue, 'requeue'],
  ] as const;
  for (const [contract, action] of simple) {
    defineRoute(app, contract, staffAny, async ({ actor, params }) =>
      tickets.act(actor, params.ticketId, action),
    );
  }
}
