import { queryOptions } from '@tanstack/react-query';
import { ticketsContract } from '@antrean/shared/contracts/tickets.contract';
import { z } from 'zod';
import { TicketSchema, type BranchQueue, type Ticket } from '@antrean/shared/domain/ticket/ticket';
import { api } from '@/lib/api';

/** Query keys of the live queue screens (caller, operator, supervisor). */
export const queueKeys = {
  queue: (branchId: string) => ['queue', branchId] as const,
  ticket: (ticketId: string) => ['ticket', ticketId] as const,
  monitor: (branchId: string) => ['monitor', branchId] as const,
};

/** Today's queue of a branch; live events invalidate it ("sockets notify, Query fetches"). */
export function branchQueueQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: queueKeys.queue(branchId),
    queryFn: ({ signal }) => api.call(ticketsContract.queue, { params: { branchId }, signal }),
    enabled: branchId !== '',
    staleTime: 0,
  });
}

export function ticketQueryOptions(ticketId: string) {
  return queryOptions({
    queryKey: queueKeys.ticket(ticketId),
    queryFn: ({ signal }) => api.call(ticketsContract.get, { params: { ticketId }, signal }),
    enabled: ticketId !== '',
  });
}

/** Every ticket of the queue (all services and lists), for lookups by id. */
export function allQueueTickets(queue: BranchQueue | undefined): Ticket[] {
  if (!queue) return [];
  return queue.services.flatMap((s) => [...s.active, ...s.waiting, ...s.held, ...s.skipped]);
}

/** A live event's ticket, when the event carries one. */
export function eventTicket(data: unknown): Ticket | undefined {
  const parsed = z.object({ ticket: TicketSchema }).safeParse(data);
  return parsed.success ? parsed.data.ticket : undefined;
}

/** The active ticket of a `counter:<id>` snapshot. */
export function counterSnapshotTicket(data: unknown): Ticket | null {
  const parsed = z.object({ activeTicket: TicketSchema.nullable() }).safeParse(data);
  return parsed.success ? parsed.data.activeTicket : null;
}

/** Sends a ticket action to the API. */
export async function runTicketAction(
  action:
    'call' | 'recall' | 'serve' | 'hold' | 'skip' | 'finish' | 'requeue' | 'cancel' | 'validate' | 'transfer',
  ticketId: string,
  extra: { counterId?: string; serviceId?: string } = {},
): Promise<Ticket> {
  const params = { ticketId };
  switch (action) {
    case 'call':
      return api.call(ticketsContract.call, { params, body: { counterId: extra.counterId ?? '' } });
    case 'transfer':
      return api.call(ticketsContract.transfer, { params, body: { serviceId: extra.serviceId ?? '' } });
    default:
      return api.call(ticketsContract[action], { params });
  }
}
