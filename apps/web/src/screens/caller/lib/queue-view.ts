import { ACTIVE_STATUSES } from '@antrean/shared/domain/ticket/status';
import { queueOrder } from '@antrean/shared/domain/ticket/ordering';
import type { BranchQueue, Ticket } from '@antrean/shared/domain/ticket/ticket';
import { historyTime, isHistoryTicket } from '@/features/queue/lib/history';

/** Latest known version of every ticket among several sources. */
function latestById(tickets: readonly (Ticket | null | undefined)[]): Map<string, Ticket> {
  const byId = new Map<string, Ticket>();
  for (const ticket of tickets) {
    if (!ticket) continue;
    const known = byId.get(ticket.id);
    if (!known || ticket.version >= known.version) byId.set(ticket.id, ticket);
  }
  return byId;
}

/** The counter's active ticket, from the queue, the counter topic and the last action's answer. */
export function currentTicketOf(
  counterId: string,
  queue: BranchQueue | undefined,
  sources: readonly (Ticket | null | undefined)[],
): Ticket | null {
  const fromQueue = queue?.services.flatMap((s) => s.active) ?? [];
  const latest = latestById([...fromQueue, ...sources]);
  const active = [...latest.values()].filter(
    (t) => t.counterId === counterId && ACTIVE_STATUSES.includes(t.status),
  );
  active.sort((a, b) => (b.calledAt ?? 0) - (a.calledAt ?? 0));
  return active[0] ?? null;
}

/** The waiting tickets of the chosen services in calling order (shared `queueOrder`). */
export function waitingFor(
  queue: BranchQueue | undefined,
  serviceIds: readonly string[],
  now: number,
): Ticket[] {
  if (!queue) return [];
  const candidates = queue.services
    .filter((s) => serviceIds.includes(s.serviceId))
    .flatMap((s) =>
      s.waiting.map((ticket, index) => ({
        ticket,
        id: ticket.id,
        status: ticket.status,
        serviceId: ticket.serviceId,
        isBooking: ticket.isBooking,
        slotStartAt: ticket.slotStartAt,
        queuedAt: ticket.queuedAt ?? ticket.checkedInAt ?? ticket.issuedAt,
        seq: index,
      })),
    );
  return queueOrder(candidates, { serviceIds, now }).map((c) => c.ticket);
}

/** Held and skipped tickets of the chosen services, the longest postponed first. */
export function postponedFor(queue: BranchQueue | undefined, serviceIds: readonly string[]): Ticket[] {
  return (queue?.services ?? [])
    .filter((s) => serviceIds.includes(s.serviceId))
    .flatMap((s) => [...s.held, ...s.skipped])
    .sort((a, b) => (a.postponedAt ?? 0) - (b.postponedAt ?? 0));
}

/** Today's history of this caller: the newest version of each ticket from every source, newest first. */
export function historyFor(sources: readonly Ticket[], userId: string): Ticket[] {
  return [...latestById(sources).values()]
    .filter((ticket) => isHistoryTicket(ticket, userId))
    .sort((a, b) => historyTime(b) - historyTime(a));
}
