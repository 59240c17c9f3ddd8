import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { LiveMessageOf } from '@antrean/shared/live/events';
import type { StaffLiveEvent } from '@/lib/live-topics';
import type { TicketListFilter } from '../api/keys';

/**
 * What "today's history" of a caller shows: tickets this caller called last (whatever counter)
 * that left them — finished, no-show, cancelled, or back in a queue (transferred, requeued).
 * Held and skipped tickets are in the postponed list, active ones are the current ticket.
 */
const HISTORY_STATUSES: readonly TicketStatus[] = ['finished', 'no_show', 'cancelled', 'waiting'];

const HISTORY_PAGE_SIZE = 50;

export const HISTORY_FILTER: TicketListFilter = {
  status: HISTORY_STATUSES.join(','),
  mine: 'true',
  order: 'recent',
  limit: HISTORY_PAGE_SIZE,
};

export function isHistoryTicket(ticket: Ticket, userId: string): boolean {
  return ticket.callerUserId === userId && HISTORY_STATUSES.includes(ticket.status);
}

/** What happened to a history ticket, for its badge. */
export type HistoryOutcome = 'finished' | 'no_show' | 'cancelled' | 'transferred' | 'requeued';

export function historyOutcome(ticket: Pick<Ticket, 'status' | 'transferCount'>): HistoryOutcome {
  switch (ticket.status) {
    case 'finished':
    case 'no_show':
    case 'cancelled':
      return ticket.status;
    default:
      return ticket.transferCount > 0 ? 'transferred' : 'requeued';
  }
}

/** When the ticket last moved, for ordering the merged history (newest first). */
export function historyTime(ticket: Ticket): number {
  return ticket.finishedAt ?? ticket.postponedAt ?? ticket.calledAt ?? ticket.issuedAt;
}

/**
 * Live state of the branch topic for the history: the newest version of every ticket event that
 * concerns this caller (shown at once), and a counter that moves whenever the history may have
 * changed (a snapshot after a reconnect, or such an event), to refetch the list.
 */
export interface HistoryLiveState {
  tickets: Ticket[];
  changes: number;
}

export function reduceHistoryLive(
  state: HistoryLiveState | undefined,
  message: LiveMessageOf<'branch'>,
  userId: string,
): HistoryLiveState {
  const current = state ?? { tickets: [], changes: 0 };
  if (message.kind === 'snapshot') return { ...current, changes: current.changes + 1 };
  const ticket = ticketOfEvent(message);
  if (!ticket) return message.type === 'queue.reset' ? { ...current, changes: current.changes + 1 } : current;
  const known = current.tickets.some((t) => t.id === ticket.id);
  if (!known && ticket.callerUserId !== userId) return current;
  const relevant = known || isHistoryTicket(ticket, userId);
  if (!relevant) return current;
  return {
    tickets: [ticket, ...current.tickets.filter((t) => t.id !== ticket.id)],
    changes: current.changes + 1,
  };
}

/** The ticket a staff event carries (every `ticket.*` event), none for a reset or a counter update. */
export function ticketOfEvent(event: StaffLiveEvent): Ticket | undefined {
  return 'ticket' in event.data ? event.data.ticket : undefined;
}
