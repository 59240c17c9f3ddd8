import type { TicketStatus } from './status';

/**
 * "Who is called next" (docs/decisions.md §25), as a pure rule shared by the server engine, the
 * caller screen's waiting list and the reference model (`packages/shared/testing/queue-model.ts`).
 */

/** The fields of a ticket the calling order depends on (epoch milliseconds for times). */
export interface QueueCandidate {
  id: string;
  status: TicketStatus;
  serviceId: string;
  isBooking: boolean;
  /** Start of the booked slot; null for walk-ins (and bookings without a slot). */
  slotStartAt: number | null;
  /**
   * When the ticket joined the waiting line: issue time for walk-ins, check-in time for bookings.
   * A transfer keeps it (the ticket does not lose its place); a requeue does not (decisions §25).
   */
  queuedAt: number;
  /** The per-(service, day) sequence number behind the ticket number. */
  seq: number;
}

/** True for a booking whose slot has started at `now`: it goes before everyone else. */
export function isDueBooking(
  ticket: Pick<QueueCandidate, 'isBooking' | 'slotStartAt'>,
  now: number,
): boolean {
  return ticket.isBooking && ticket.slotStartAt !== null && ticket.slotStartAt <= now;
}

function cmp(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Total order for calling, negative when `a` is called before `b`:
 * 1. bookings whose slot has started (`slotStartAt ≤ now`) before everyone else, ordered by
 *    `slotStartAt`, then `queuedAt`;
 * 2. everyone else (walk-ins, and bookings whose slot has not started yet) by `queuedAt`;
 * 3. ties by `seq`, then by `id` (code-unit order, locale independent), so the order is total
 *    and every node of the server agrees.
 *
 * It ignores status and service: `pickNext` filters first.
 */
export function compareForCall(
  a: Pick<QueueCandidate, 'id' | 'isBooking' | 'slotStartAt' | 'queuedAt' | 'seq'>,
  b: Pick<QueueCandidate, 'id' | 'isBooking' | 'slotStartAt' | 'queuedAt' | 'seq'>,
  now: number,
): number {
  const aDue = isDueBooking(a, now);
  const bDue = isDueBooking(b, now);
  if (aDue !== bDue) return aDue ? -1 : 1;
  if (aDue && bDue) {
    const bySlot = cmp(a.slotStartAt ?? 0, b.slotStartAt ?? 0);
    if (bySlot !== 0) return bySlot;
  }
  return cmp(a.queuedAt, b.queuedAt) || cmp(a.seq, b.seq) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface CallScope {
  /** The services the calling counter serves (branch-service-counter mapping). */
  serviceIds: Iterable<string>;
  now: number;
}

function callable<T extends QueueCandidate>(tickets: Iterable<T>, scope: CallScope): T[] {
  const services = new Set(scope.serviceIds);
  const out: T[] = [];
  for (const t of tickets) if (t.status === 'waiting' && services.has(t.serviceId)) out.push(t);
  return out;
}

/**
 * The `waiting` tickets of the given services in calling order (the caller screen's list; with
 * a "random caller" service the caller may pick any of them).
 */
export function queueOrder<T extends QueueCandidate>(tickets: Iterable<T>, scope: CallScope): T[] {
  return callable(tickets, scope).sort((a, b) => compareForCall(a, b, scope.now));
}

/** The ticket "call next" takes for a counter serving `serviceIds`, or null when none waits. */
export function pickNext<T extends QueueCandidate>(tickets: Iterable<T>, scope: CallScope): T | null {
  let best: T | null = null;
  for (const t of callable(tickets, scope)) {
    if (best === null || compareForCall(t, best, scope.now) < 0) best = t;
  }
  return best;
}
