import { localDate } from '../src/common/time';
import type { ErrorCode } from '../src/errors/codes';
import { formatTicketNumber } from '../src/domain/ticket/numbering';
import { pickNext } from '../src/domain/ticket/ordering';
import { ACTIVE_STATUSES, POSTPONED_STATUSES, type TicketStatus } from '../src/domain/ticket/status';
import { nextStatus, type TicketAction } from '../src/domain/ticket/transitions';

/**
 * A small, pure REFERENCE MODEL of one branch's queue engine (docs/decisions.md §25).
 *
 * It is deliberately naive (arrays, linear scans, no persistence, no concurrency) so that it is
 * obviously right; a model-based test (`fc.commands`) drives it and the real server engine with
 * the same commands and compares outcomes (`ok` + ticket number/status/counter, or the refusal
 * code). `runCommand` is the single entry point such a test needs; `queueModelViolations`
 * checks the invariants, and can be run against a state read back from the server too.
 *
 * Every operation is a pure function `(state, …) → ModelResult`: on success a NEW state (the
 * input is never mutated) and the ticket as it is after the operation; on refusal a typed code
 * and nothing changes (the caller keeps the old state), exactly like the server answering 409/404.
 *
 * What is modelled:
 * - numbering: one sequence per (service, branch-local day) in the model's time zone; a ticket
 *   keeps its number (and the sequence it came from) for life, also across transfers;
 * - statuses via the shared transition table (`TRANSITIONS`), so the model cannot drift from it;
 * - counters: each serves a set of services and has at most one active ticket
 *   (`calling`/`called`/`serving`); postponed tickets (`held`/`skipped`) remember their counter
 *   but do not occupy it;
 * - "who is called next": `pickNext` from `ordering.ts`;
 * - the skip limit: a skip that takes a ticket's `skipCount` past the branch's `skipLimit` ends
 *   it as `no_show` (the `skip` transition, then the system `expire` transition skipped →
 *   no_show, both from the shared table).
 *
 * What is NOT modelled (checked elsewhere): bookings before check-in (`booked`, `unvalidated`),
 * check-in/validate, the end-of-day sweep (`expire`), reset queue (`reset`/`void`), the service's
 * random-caller permission, counters opening/closing, users and auth, timestamps other than
 * `queuedAt` and `firstCalledAt`, idempotency keys.
 *
 * Refusals are checked in a fixed order, the one the server's ticket service uses, so that a
 * command with several faults gets the same code from both:
 * - `callNext(counter)`: counter `NOT_FOUND` → `COUNTER_BUSY` → `QUEUE_EMPTY`;
 * - `call(ticket, counter)`: ticket `NOT_FOUND` → `TICKET_INVALID_TRANSITION` (not waiting) →
 *   counter `NOT_FOUND` → `TICKET_INVALID_TRANSITION` (service not served) → `COUNTER_BUSY`;
 * - `apply(ticket, action)`: ticket `NOT_FOUND` → `TICKET_INVALID_TRANSITION` (table) → acting
 *   counter `NOT_FOUND`, then `TICKET_OTHER_COUNTER` if it is not the ticket's counter
 *   (only when the `counterId` option is given) → transfer: `TICKET_INVALID_TRANSITION` to the
 *   same service, then target `NOT_FOUND` (also when missing; the API says `VALIDATION_FAILED`)
 *   → recall from held/skipped: `COUNTER_BUSY`.
 */

/** `T`, checked to be a subset of `U`. */
type SubsetOf<U, T extends U> = T;

/** The refusal codes the model can answer with (a subset of the API's `ErrorCode`). */
type ModelRefusal = SubsetOf<
  ErrorCode,
  'TICKET_INVALID_TRANSITION' | 'QUEUE_EMPTY' | 'COUNTER_BUSY' | 'NOT_FOUND' | 'TICKET_OTHER_COUNTER'
>;

/** Ticket actions `apply` handles (calling goes through `call`/`callNext`). */
export const MODEL_ACTIONS = [
  'recall',
  'announce',
  'serve',
  'hold',
  'skip',
  'requeue',
  'finish',
  'cancel',
  'transfer',
] as const satisfies readonly TicketAction[];
export type ModelAction = (typeof MODEL_ACTIONS)[number];

interface ModelService {
  readonly id: string;
  /** Ticket number prefix (`A` → `A001`). */
  readonly code: string;
}

interface ModelCounter {
  readonly id: string;
  /** The services this counter calls from (branch-service-counter mapping). */
  readonly serviceIds: readonly string[];
  /** The ticket in `calling`/`called`/`serving` at this counter, or null when it is free. */
  readonly activeTicketId: string | null;
}

export interface ModelTicket {
  readonly id: string;
  /** `{code}{seq:000}` of the service that issued it; never changes, not even on transfer. */
  readonly number: string;
  readonly seq: number;
  /** The branch-local date (`YYYY-MM-DD`) the number was issued on. */
  readonly serviceDay: string;
  /** The service whose sequence produced the number (the original service). */
  readonly sequenceServiceId: string;
  /** The service the ticket currently queues for (changes on transfer). */
  readonly serviceId: string;
  readonly status: TicketStatus;
  /**
   * The counter the ticket is attached to: its counter while active, the counter it was at while
   * postponed (recall brings it back there), the last counter once finished; null while waiting.
   */
  readonly counterId: string | null;
  /** Place in the line: issue time; kept by transfer; reset to the time of a requeue. */
  readonly queuedAt: number;
  readonly isBooking: boolean;
  readonly slotStartAt: number | null;
  /** Time of the first call (wait time = first call − queuedAt at check-in); recalls keep it. */
  readonly firstCalledAt: number | null;
  /** How many times the ticket was skipped (never reset by a requeue or a recall). */
  readonly skipCount: number;
}

export interface QueueModel {
  /** The branch's IANA time zone: "today" for numbering is the local date there. */
  readonly timeZone: string;
  /**
   * Skips a ticket may take: the skip that makes `skipCount` exceed it ends the ticket as
   * `no_show` instead of `skipped` (the server's `tenant_settings.skip_limit`, default 3).
   */
  readonly skipLimit: number;
  readonly services: readonly ModelService[];
  readonly counters: readonly ModelCounter[];
  /** All tickets ever issued, in issue order (tickets are never removed). */
  readonly tickets: readonly ModelTicket[];
  /** Last sequence number used, by `sequenceKey(serviceId, day)`. */
  readonly sequences: Readonly<Record<string, number>>;
}

export type ModelResult =
  | { readonly ok: true; readonly state: QueueModel; readonly ticket: ModelTicket }
  | { readonly ok: false; readonly code: ModelRefusal };

/** The server's default `skip_limit`. */
const DEFAULT_SKIP_LIMIT = 3;

export interface QueueModelConfig {
  timeZone: string;
  /** Default `DEFAULT_SKIP_LIMIT` (3). */
  skipLimit?: number;
  services: readonly ModelService[];
  counters: readonly { id: string; serviceIds: readonly string[] }[];
}

/** Key of the per-(service, day) sequence in `QueueModel.sequences`. */
export function sequenceKey(serviceId: string, day: string): string {
  return `${serviceId}@${day}`;
}

/**
 * An empty queue: no tickets, every counter free. Throws on a malformed configuration
 * (duplicate ids, a counter mapped to an unknown service): that is a bug in the test, not a
 * refusal.
 */
export function createQueueModel(config: QueueModelConfig): QueueModel {
  const serviceIds = new Set<string>();
  for (const s of config.services) {
    if (serviceIds.has(s.id)) throw new Error(`duplicate service id ${s.id}`);
    serviceIds.add(s.id);
  }
  const counterIds = new Set<string>();
  for (const c of config.counters) {
    if (counterIds.has(c.id)) throw new Error(`duplicate counter id ${c.id}`);
    counterIds.add(c.id);
    for (const id of c.serviceIds) {
      if (!serviceIds.has(id)) throw new Error(`counter ${c.id}: unknown service ${id}`);
    }
  }
  return {
    timeZone: config.timeZone,
    skipLimit: config.skipLimit ?? DEFAULT_SKIP_LIMIT,
    services: config.services.map((s) => ({ id: s.id, code: s.code })),
    counters: config.counters.map((c) => ({ id: c.id, serviceIds: [...c.serviceIds], activeTicketId: null })),
    tickets: [],
    sequences: {},
  };
}

export function isActiveStatus(status: TicketStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}

export function findTicket(state: QueueModel, ticketId: string): ModelTicket | undefined {
  return state.tickets.find((t) => t.id === ticketId);
}

function findCounter(state: QueueModel, counterId: string): ModelCounter | undefined {
  return state.counters.find((c) => c.id === counterId);
}

function findService(state: QueueModel, serviceId: string): ModelService | undefined {
  return state.services.find((s) => s.id === serviceId);
}

/** The ticket active at a counter, or null (also for an unknown counter). */
export function activeTicketAt(state: QueueModel, counterId: string): ModelTicket | null {
  const id = findCounter(state, counterId)?.activeTicketId ?? null;
  return id === null ? null : (findTicket(state, id) ?? null);
}

function refuse(code: ModelRefusal): ModelResult {
  return { ok: false, code };
}

function withTicket(state: QueueModel, ticket: ModelTicket): QueueModel {
  return { ...state, tickets: state.tickets.map((t) => (t.id === ticket.id ? ticket : t)) };
}

function withCounterActive(state: QueueModel, counterId: string, activeTicketId: string | null): QueueModel {
  return {
    ...state,
    counters: state.counters.map((c) => (c.id === counterId ? { ...c, activeTicketId } : c)),
  };
}

export interface IssueOptions {
  /** The ticket id; default `T<n>` (a model-based test passes the server's id here). */
  id?: string;
  /** A checked-in booking rather than a walk-in (goes first once its slot has started). */
  isBooking?: boolean;
  slotStartAt?: number | null;
}

/**
 * A ticket joins the waiting line of `serviceId` at `now`: a walk-in issue, or (with
 * `isBooking`) a booking at check-in. It takes the next number of the service's sequence for
 * the branch-local day of `now` (`A001`, `A002`, …; the sequence restarts at local midnight).
 *
 * Refusals: `NOT_FOUND` (unknown service). Throws when `options.id` is already used.
 */
export function issue(
  state: QueueModel,
  serviceId: string,
  now: number,
  options: IssueOptions = {},
): ModelResult {
  const service = findService(state, serviceId);
  if (!service) return refuse('NOT_FOUND');
  let id = options.id;
  if (id === undefined) {
    let n = state.tickets.length + 1;
    while (findTicket(state, `T${n}`)) n++;
    id = `T${n}`;
  } else if (findTicket(state, id)) {
    throw new Error(`duplicate ticket id ${id}`);
  }
  const day = localDate(now, state.timeZone);
  const key = sequenceKey(service.id, day);
  const seq = (state.sequences[key] ?? 0) + 1;
  const ticket: ModelTicket = {
    id,
    number: formatTicketNumber(service.code, seq),
    seq,
    serviceDay: day,
    sequenceServiceId: service.id,
    serviceId: service.id,
    status: 'waiting',
    counterId: null,
    queuedAt: now,
    isBooking: options.isBooking ?? false,
    slotStartAt: options.slotStartAt ?? null,
    firstCalledAt: null,
    skipCount: 0,
  };
  return {
    ok: true,
    ticket,
    state: { ...state, tickets: [...state.tickets, ticket], sequences: { ...state.sequences, [key]: seq } },
  };
}

function callAt(state: QueueModel, ticket: ModelTicket, counter: ModelCounter, now: number): ModelResult {
  const called: ModelTicket = {
    ...ticket,
    status: 'calling',
    counterId: counter.id,
    firstCalledAt: ticket.firstCalledAt ?? now,
  };
  return {
    ok: true,
    ticket: called,
    state: withCounterActive(withTicket(state, called), counter.id, called.id),
  };
}

/**
 * "Call next" at a counter: the first waiting ticket of the counter's services by `pickNext`
 * (due bookings first, then by `queuedAt`) becomes `calling` at this counter. Only tickets of
 * the branch-local day of `now` count: a leftover `A001` from yesterday is not called next to
 * today's `A001` (the server's `pickNext` filters on `service_day` the same way).
 *
 * Refusals, in order: `NOT_FOUND` (unknown counter), `COUNTER_BUSY` (the counter already has a
 * calling/called/serving ticket: finish, hold, skip or transfer it first), `QUEUE_EMPTY`.
 */
export function callNext(state: QueueModel, counterId: string, now: number): ModelResult {
  const counter = findCounter(state, counterId);
  if (!counter) return refuse('NOT_FOUND');
  if (counter.activeTicketId !== null) return refuse('COUNTER_BUSY');
  const today = localDate(now, state.timeZone);
  const todays = state.tickets.filter((t) => t.serviceDay === today);
  const ticket = pickNext(todays, { serviceIds: counter.serviceIds, now });
  if (!ticket) return refuse('QUEUE_EMPTY');
  return callAt(state, ticket, counter, now);
}

/**
 * Call a chosen ticket (random caller, or a caller picking from the list): the waiting ticket
 * becomes `calling` at the counter.
 *
 * Refusals, in order: `NOT_FOUND` (ticket), `TICKET_INVALID_TRANSITION` (not `waiting`, e.g.
 * already called elsewhere), `NOT_FOUND` (counter), `TICKET_INVALID_TRANSITION` (a service the
 * counter does not serve), `COUNTER_BUSY`. Unlike `callNext` it does not look at the ticket's
 * day: the caller picked this very ticket.
 */
export function call(state: QueueModel, ticketId: string, counterId: string, now: number): ModelResult {
  const ticket = findTicket(state, ticketId);
  if (!ticket) return refuse('NOT_FOUND');
  if (nextStatus(ticket.status, 'call') === null) return refuse('TICKET_INVALID_TRANSITION');
  const counter = findCounter(state, counterId);
  if (!counter) return refuse('NOT_FOUND');
  if (!counter.serviceIds.includes(ticket.serviceId)) return refuse('TICKET_INVALID_TRANSITION');
  if (counter.activeTicketId !== null) return refuse('COUNTER_BUSY');
  return callAt(state, ticket, counter, now);
}

export interface ApplyOptions {
  /**
   * The acting counter. When given it must exist (`NOT_FOUND`) and, for a ticket attached to a
   * counter (active or postponed), be that counter (`TICKET_OTHER_COUNTER`). Omit it for
   * actions not tied to a counter (an operator cancelling a waiting ticket, a system action).
   */
  counterId?: string;
  /** Target service of `transfer` (required for it; ignored otherwise). */
  serviceId?: string;
}

/**
 * Apply a ticket action at `now`. The new status is always `nextStatus(status, action)` (a skip
 * past the limit is then also expired, see `skip`):
 * - `recall`: calling/called stay at their counter (calling again); held/skipped go back to
 *   `calling` at the counter they were at, which must be free (`COUNTER_BUSY` otherwise);
 * - `announce` calling → called; `serve` calling/called → serving;
 * - `hold` (calling/called/serving) and `skip` (calling/called): postponed, the counter is freed
 *   but the ticket remembers it. A skip counts (`skipCount + 1`); the skip that takes the count
 *   past `skipLimit` ends the ticket: skipped → `no_show` (the table's `expire`), at once;
 * - `requeue` held/skipped → waiting at the END of the line (`queuedAt = now`, counter cleared).
 *   Design decision: only a transfer keeps the original place (docs/decisions.md §25); a
 *   customer who missed the call rejoins behind the people who were there;
 * - `finish` serving → finished, counter freed (the ticket keeps `counterId` as history);
 * - `cancel` waiting → cancelled;
 * - `transfer` calling/called/serving/held → waiting in `options.serviceId` (another service),
 *   keeping number, seq and `queuedAt`; the counter is freed and cleared from the ticket.
 *
 * Refusals: see the module comment for the order.
 */
export function apply(
  state: QueueModel,
  ticketId: string,
  action: ModelAction,
  now: number,
  options: ApplyOptions = {},
): ModelResult {
  const ticket = findTicket(state, ticketId);
  if (!ticket) return refuse('NOT_FOUND');
  const to = nextStatus(ticket.status, action);
  if (to === null) return refuse('TICKET_INVALID_TRANSITION');
  if (options.counterId !== undefined) {
    if (!findCounter(state, options.counterId)) return refuse('NOT_FOUND');
    if (ticket.counterId !== null && ticket.counterId !== options.counterId) {
      return refuse('TICKET_OTHER_COUNTER');
    }
  }
  let target: ModelService | undefined;
  if (action === 'transfer') {
    if (options.serviceId === ticket.serviceId) return refuse('TICKET_INVALID_TRANSITION');
    target = options.serviceId === undefined ? undefined : findService(state, options.serviceId);
    if (!target) return refuse('NOT_FOUND');
  }

  const skipCount = action === 'skip' ? ticket.skipCount + 1 : ticket.skipCount;
  // Past the skip limit: the skip is followed at once by the system's skipped → no_show.
  const status = action === 'skip' && skipCount > state.skipLimit ? (nextStatus(to, 'expire') ?? to) : to;
  const fromActive = isActiveStatus(ticket.status);
  const toActive = isActiveStatus(status);
  const next: ModelTicket = {
    ...ticket,
    status,
    skipCount,
    serviceId: target ? target.id : ticket.serviceId,
    counterId: status === 'waiting' ? null : ticket.counterId,
    queuedAt: action === 'requeue' ? now : ticket.queuedAt,
  };
  let state2 = withTicket(state, next);
  if (!fromActive && toActive) {
    // recall of a postponed ticket: back to the counter it was at
    const counter = ticket.counterId === null ? undefined : findCounter(state, ticket.counterId);
    if (!counter) return refuse('TICKET_INVALID_TRANSITION'); // unreachable while invariants hold
    if (counter.activeTicketId !== null) return refuse('COUNTER_BUSY');
    state2 = withCounterActive(state2, counter.id, next.id);
  } else if (fromActive && !toActive && ticket.counterId !== null) {
    state2 = withCounterActive(state2, ticket.counterId, null);
  }
  return { ok: true, state: state2, ticket: next };
}

/** One step of a model-based test, as plain data (easy to print, shrink and replay). */
export type ModelCommand =
  | {
      kind: 'issue';
      serviceId: string;
      now: number;
      id?: string;
      isBooking?: boolean;
      slotStartAt?: number | null;
    }
  | { kind: 'callNext'; counterId: string; now: number }
  | { kind: 'call'; ticketId: string; counterId: string; now: number }
  | {
      kind: 'apply';
      ticketId: string;
      action: ModelAction;
      now: number;
      counterId?: string;
      serviceId?: string;
    };

/** Dispatches a `ModelCommand` to `issue` / `callNext` / `call` / `apply`. */
export function runCommand(state: QueueModel, command: ModelCommand): ModelResult {
  switch (command.kind) {
    case 'issue':
      return issue(state, command.serviceId, command.now, {
        id: command.id,
        isBooking: command.isBooking,
        slotStartAt: command.slotStartAt,
      });
    case 'callNext':
      return callNext(state, command.counterId, command.now);
    case 'call':
      return call(state, command.ticketId, command.counterId, command.now);
    case 'apply':
      return apply(state, command.ticketId, command.action, command.now, {
        counterId: command.counterId,
        serviceId: command.serviceId,
      });
  }
}

/**
 * Every invariant of a queue state, as human-readable violations (empty = consistent):
 * - ticket ids are unique; services and counters referenced by tickets exist;
 * - numbers: per (sequence service, day) the seqs are exactly 1..n, `sequences` holds n, each
 *   number is `formatTicketNumber(code, seq)`, and no two tickets of one day share a number;
 * - at most one active ticket per counter, and `activeTicketId` points at exactly it;
 * - a ticket is never in two places: an active ticket is at its own counter (which serves its
 *   service) and no other counter points at it; waiting tickets have no counter; postponed
 *   tickets remember a counter but no counter points at them.
 */
export function queueModelViolations(state: QueueModel): string[] {
  const out: string[] = [];
  const ids = new Set<string>();
  for (const t of state.tickets) {
    if (ids.has(t.id)) out.push(`duplicate ticket id ${t.id}`);
    ids.add(t.id);
    if (!findService(state, t.serviceId)) out.push(`${t.id}: unknown service ${t.serviceId}`);
    if (t.counterId !== null && !findCounter(state, t.counterId)) {
      out.push(`${t.id}: unknown counter ${t.counterId}`);
    }
  }

  const groups = new Map<string, ModelTicket[]>();
  for (const t of state.tickets) {
    const key = sequenceKey(t.sequenceServiceId, t.serviceDay);
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  for (const [key, group] of groups) {
    const seqs = group.map((t) => t.seq).sort((a, b) => a - b);
    if (!seqs.every((s, i) => s === i + 1)) out.push(`${key}: seqs not contiguous from 1: ${seqs.join(',')}`);
    if (state.sequences[key] !== group.length) {
      out.push(`${key}: sequence ${state.sequences[key]} ≠ ${group.length}`);
    }
    for (const t of group) {
      const code = findService(state, t.sequenceServiceId)?.code;
      if (code === undefined) {
        out.push(`${t.id}: unknown sequence service ${t.sequenceServiceId}`);
      } else if (t.number !== formatTicketNumber(code, t.seq)) {
        out.push(`${t.id}: number ${t.number} ≠ seq ${t.seq}`);
      }
    }
  }
  for (const key of Object.keys(state.sequences)) {
    if (!groups.has(key)) out.push(`${key}: sequence without tickets`);
  }
  const numbersByDay = new Map<string, Set<string>>();
  for (const t of state.tickets) {
    const seen = numbersByDay.get(t.serviceDay) ?? new Set<string>();
    if (seen.has(t.number)) out.push(`${t.serviceDay}: number ${t.number} issued twice`);
    seen.add(t.number);
    numbersByDay.set(t.serviceDay, seen);
  }

  for (const c of state.counters) {
    const active = state.tickets.filter((t) => t.counterId === c.id && isActiveStatus(t.status));
    if (active.length > 1) out.push(`${c.id}: ${active.length} active tickets`);
    const expected = active[0]?.id ?? null;
    if (c.activeTicketId !== expected) out.push(`${c.id}: activeTicketId ${c.activeTicketId} ≠ ${expected}`);
  }
  for (const t of state.tickets) {
    const pointing = state.counters.filter((c) => c.activeTicketId === t.id);
    if (isActiveStatus(t.status)) {
      const counter = t.counterId === null ? undefined : findCounter(state, t.counterId);
      if (!counter) {
        out.push(`${t.id}: ${t.status} without a counter`);
      } else if (!counter.serviceIds.includes(t.serviceId)) {
        out.push(`${t.id}: at ${counter.id} which does not serve ${t.serviceId}`);
      }
      if (pointing.length !== 1 || pointing[0]?.id !== t.counterId) {
        out.push(`${t.id}: claimed by [${pointing.map((c) => c.id).join(',')}] instead of ${t.counterId}`);
      }
    } else if (pointing.length > 0) {
      out.push(`${t.id}: ${t.status} but claimed by [${pointing.map((c) => c.id).join(',')}]`);
    }
    if (t.status === 'waiting' && t.counterId !== null) {
      out.push(`${t.id}: waiting at counter ${t.counterId}`);
    }
    if (POSTPONED_STATUSES.includes(t.status) && t.counterId === null) {
      out.push(`${t.id}: ${t.status} without a counter`);
    }
  }
  return out;
}
