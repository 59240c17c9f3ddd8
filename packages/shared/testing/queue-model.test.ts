import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from '../src/common/time';
import {
  MODEL_ACTIONS,
  activeTicketAt,
  apply,
  call,
  callNext,
  createQueueModel,
  findTicket,
  isActiveStatus,
  issue,
  queueModelViolations,
  runCommand,
  sequenceKey,
  type ModelCommand,
  type ModelResult,
  type ModelTicket,
  type QueueModel,
} from './queue-model';
import { formatTicketNumber } from '../src/domain/ticket/numbering';
import { pickNext } from '../src/domain/ticket/ordering';
import { FINAL_STATUSES } from '../src/domain/ticket/status';
import { nextStatus } from '../src/domain/ticket/transitions';

const TZ = 'Asia/Jakarta';
/** 22:00 WIB on 2026-03-01: two hours before local midnight. */
const T0 = Date.parse('2026-03-01T15:00:00Z');
const MIN = 60_000;

const WORLD = createQueueModel({
  timeZone: TZ,
  services: [
    { id: 'S1', code: 'A' },
    { id: 'S2', code: 'B' },
    { id: 'S3', code: 'C' },
  ],
  counters: [
    { id: 'C1', serviceIds: ['S1'] },
    { id: 'C2', serviceIds: ['S1', 'S2'] },
    { id: 'C3', serviceIds: ['S2', 'S3'] },
  ],
});

function ok(result: ModelResult): { state: QueueModel; ticket: ModelTicket } {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  expect(queueModelViolations(result.state)).toEqual([]);
  return result;
}

function code(result: ModelResult): string {
  return result.ok ? 'ok' : result.code;
}

/** Issues walk-ins one minute apart from T0; returns the state and their ids. */
function withWalkIns(serviceIds: string[], state: QueueModel = WORLD, start = T0): [QueueModel, string[]] {
  const ids: string[] = [];
  let s = state;
  serviceIds.forEach((serviceId, i) => {
    const r = ok(issue(s, serviceId, start + i * MIN));
    s = r.state;
    ids.push(r.ticket.id);
  });
  return [s, ids];
}

function ticket(state: QueueModel, id: string): ModelTicket {
  const t = findTicket(state, id);
  if (!t) throw new Error(`no ticket ${id}`);
  return t;
}

describe('createQueueModel', () => {
  it('starts empty with free counters', () => {
    expect(WORLD.tickets).toEqual([]);
    expect(WORLD.counters.map((c) => c.activeTicketId)).toEqual([null, null, null]);
    expect(queueModelViolations(WORLD)).toEqual([]);
  });

  it('rejects malformed configurations', () => {
    expect(() =>
      createQueueModel({
        timeZone: TZ,
        services: [
          { id: 'S', code: 'A' },
          { id: 'S', code: 'B' },
        ],
        counters: [],
      }),
    ).toThrow();
    expect(() =>
      createQueueModel({ timeZone: TZ, services: [], counters: [{ id: 'C', serviceIds: ['S'] }] }),
    ).toThrow();
    expect(() =>
      createQueueModel({
        timeZone: TZ,
        services: [],
        counters: [
          { id: 'C', serviceIds: [] },
          { id: 'C', serviceIds: [] },
        ],
      }),
    ).toThrow();
  });
});

describe('issue', () => {
  it('numbers per service and per branch-local day', () => {
    const [s, ids] = withWalkIns(['S1', 'S1', 'S2', 'S1']);
    expect(ids.map((id) => ticket(s, id).number)).toEqual(['A001', 'A002', 'B001', 'A003']);
    expect(s.sequences).toEqual({
      [sequenceKey('S1', '2026-03-01')]: 3,
      [sequenceKey('S2', '2026-03-01')]: 1,
    });
    // 2026-03-01T17:00Z is midnight in Jakarta: a new day, a new sequence
    const r = ok(issue(s, 'S1', Date.parse('2026-03-01T17:00:00Z')));
    expect(r.ticket).toMatchObject({ number: 'A001', seq: 1, serviceDay: '2026-03-02' });
    const before = ok(issue(s, 'S1', Date.parse('2026-03-01T16:59:59.999Z')));
    expect(before.ticket).toMatchObject({ number: 'A004', serviceDay: '2026-03-01' });
  });

  it('creates a waiting ticket with no counter, queued now', () => {
    const r = ok(issue(WORLD, 'S2', T0, { isBooking: true, slotStartAt: T0 - MIN }));
    expect(r.ticket).toEqual({
      id: 'T1',
      number: 'B001',
      seq: 1,
      serviceDay: '2026-03-01',
      sequenceServiceId: 'S2',
      serviceId: 'S2',
      status: 'waiting',
      counterId: null,
      queuedAt: T0,
      isBooking: true,
      slotStartAt: T0 - MIN,
      firstCalledAt: null,
      skipCount: 0,
    });
  });

  it('uses the given id, refuses an unknown service, throws on a duplicate id', () => {
    const r = ok(issue(WORLD, 'S1', T0, { id: 'server-id-1' }));
    expect(r.ticket.id).toBe('server-id-1');
    expect(code(issue(WORLD, 'nope', T0))).toBe('NOT_FOUND');
    expect(() => issue(r.state, 'S1', T0, { id: 'server-id-1' })).toThrow();
    // default ids skip ids already taken
    const r2 = ok(issue(ok(issue(WORLD, 'S1', T0, { id: 'T2' })).state, 'S1', T0));
    expect(r2.ticket.id).toBe('T3');
  });
});

describe('callNext', () => {
  it('calls the oldest waiting ticket of the counter’s services', () => {
    const [s, [a1, b1]] = withWalkIns(['S1', 'S2', 'S1']);
    const r1 = ok(callNext(s, 'C1', T0 + 10 * MIN)); // C1 serves S1 only
    expect(r1.ticket).toMatchObject({
      id: a1,
      status: 'calling',
      counterId: 'C1',
      firstCalledAt: T0 + 10 * MIN,
    });
    expect(activeTicketAt(r1.state, 'C1')?.id).toBe(a1);
    const r2 = ok(callNext(r1.state, 'C2', T0 + 11 * MIN)); // C2 serves S1 + S2: b1 is older than a2
    expect(r2.ticket.id).toBe(b1);
    expect(code(callNext(r2.state, 'C3', T0 + 12 * MIN))).toBe('QUEUE_EMPTY'); // C3: S2/S3, none left
  });

  it('refuses COUNTER_BUSY, QUEUE_EMPTY, NOT_FOUND', () => {
    const [s] = withWalkIns(['S1', 'S1']);
    const r = ok(callNext(s, 'C1', T0));
    expect(code(callNext(r.state, 'C1', T0))).toBe('COUNTER_BUSY');
    expect(code(callNext(s, 'C3', T0))).toBe('QUEUE_EMPTY');
    expect(code(callNext(WORLD, 'C1', T0))).toBe('QUEUE_EMPTY');
    expect(code(callNext(s, 'C9', T0))).toBe('NOT_FOUND');
  });

  it('COUNTER_BUSY is checked before QUEUE_EMPTY', () => {
    const [s] = withWalkIns(['S1']);
    const r = ok(callNext(s, 'C1', T0));
    expect(code(callNext(r.state, 'C1', T0))).toBe('COUNTER_BUSY');
  });

  it('a booking whose slot has started goes first', () => {
    let [s] = withWalkIns(['S1', 'S1']);
    const bk = ok(issue(s, 'S1', T0 + 5 * MIN, { isBooking: true, slotStartAt: T0 + 6 * MIN }));
    s = bk.state;
    expect(ok(callNext(s, 'C1', T0 + 5 * MIN)).ticket.number).toBe('A001'); // slot not started yet
    expect(ok(callNext(s, 'C1', T0 + 6 * MIN)).ticket.id).toBe(bk.ticket.id); // slot started
  });

  it('only calls tickets of the branch-local day: yesterday’s leftovers are not called next', () => {
    const [s] = withWalkIns(['S1']); // A001 on 2026-03-01 at 22:00 WIB
    const afterMidnight = Date.parse('2026-03-01T17:30:00Z'); // 00:30 WIB on 2026-03-02
    expect(code(callNext(s, 'C1', afterMidnight))).toBe('QUEUE_EMPTY');
    const today = ok(issue(s, 'S1', afterMidnight)); // today's A001
    const r = ok(callNext(today.state, 'C1', afterMidnight));
    expect(r.ticket).toMatchObject({ id: today.ticket.id, number: 'A001', serviceDay: '2026-03-02' });
    // a chosen call may still take yesterday's ticket
    expect(ok(call(s, s.tickets[0]?.id ?? '', 'C1', afterMidnight)).ticket.serviceDay).toBe('2026-03-01');
  });

  it('matches pickNext', () => {
    const [s] = withWalkIns(['S2', 'S3', 'S1']);
    const r = ok(callNext(s, 'C3', T0));
    expect(r.ticket.id).toBe(pickNext(s.tickets, { serviceIds: ['S2', 'S3'], now: T0 })?.id);
  });
});

describe('call (a chosen ticket)', () => {
  it('calls any waiting ticket of the counter’s services, not only the next one', () => {
    const [s, [, a2]] = withWalkIns(['S1', 'S1']);
    const r = ok(call(s, a2 ?? '', 'C1', T0));
    expect(r.ticket).toMatchObject({ id: a2, status: 'calling', counterId: 'C1' });
  });

  it('refusals', () => {
    const [s, [a1, a2, b1]] = withWalkIns(['S1', 'S1', 'S2']);
    const r = ok(call(s, a1 ?? '', 'C2', T0));
    expect(code(call(s, 'nope', 'C1', T0))).toBe('NOT_FOUND');
    expect(code(call(s, a1 ?? '', 'C9', T0))).toBe('NOT_FOUND');
    expect(code(call(s, b1 ?? '', 'C1', T0))).toBe('TICKET_INVALID_TRANSITION'); // C1 does not serve S2
    expect(code(call(r.state, a1 ?? '', 'C1', T0))).toBe('TICKET_INVALID_TRANSITION'); // already calling at C2
    expect(code(call(r.state, a1 ?? '', 'C2', T0))).toBe('TICKET_INVALID_TRANSITION'); // called twice
    expect(code(call(r.state, a2 ?? '', 'C2', T0))).toBe('COUNTER_BUSY');
  });
});

describe('apply', () => {
  function called(): { state: QueueModel; id: string } {
    const [s, [id]] = withWalkIns(['S1', 'S1', 'S2']);
    const r = ok(callNext(s, 'C2', T0 + 10 * MIN));
    return { state: r.state, id: id ?? '' };
  }

  it('the golden path: call → announce → serve → finish frees the counter', () => {
    const { state, id } = called();
    const a = ok(apply(state, id, 'announce', T0));
    expect(a.ticket.status).toBe('called');
    const sv = ok(apply(a.state, id, 'serve', T0, { counterId: 'C2' }));
    expect(sv.ticket.status).toBe('serving');
    expect(activeTicketAt(sv.state, 'C2')?.id).toBe(id);
    const f = ok(apply(sv.state, id, 'finish', T0));
    expect(f.ticket).toMatchObject({ status: 'finished', counterId: 'C2' });
    expect(activeTicketAt(f.state, 'C2')).toBeNull();
    expect(ok(callNext(f.state, 'C2', T0)).ticket.number).toBe('A002');
  });

  it('recall of a calling/called ticket stays at its counter and keeps firstCalledAt', () => {
    const { state, id } = called();
    const r = ok(apply(ok(apply(state, id, 'announce', T0)).state, id, 'recall', T0 + 20 * MIN));
    expect(r.ticket).toMatchObject({ status: 'calling', counterId: 'C2', firstCalledAt: T0 + 10 * MIN });
  });

  it('hold frees the counter; recall brings the ticket back to the same counter once it is free', () => {
    const { state, id } = called();
    const held = ok(apply(state, id, 'hold', T0));
    expect(held.ticket).toMatchObject({ status: 'held', counterId: 'C2' });
    expect(activeTicketAt(held.state, 'C2')).toBeNull();
    const other = ok(callNext(held.state, 'C2', T0)); // A002 (older than B001)
    expect(other.ticket.number).toBe('A002');
    expect(code(apply(other.state, id, 'recall', T0))).toBe('COUNTER_BUSY');
    expect(code(apply(other.state, id, 'recall', T0, { counterId: 'C1' }))).toBe('TICKET_OTHER_COUNTER');
    const done = ok(
      apply(ok(apply(other.state, other.ticket.id, 'serve', T0)).state, other.ticket.id, 'finish', T0),
    );
    const back = ok(apply(done.state, id, 'recall', T0));
    expect(back.ticket).toMatchObject({ status: 'calling', counterId: 'C2' });
    expect(activeTicketAt(back.state, 'C2')?.id).toBe(id);
  });

  it('skip then requeue: back to waiting at the end of the line', () => {
    const { state, id } = called();
    const skipped = ok(apply(state, id, 'skip', T0 + 11 * MIN));
    expect(skipped.ticket).toMatchObject({ status: 'skipped', counterId: 'C2' });
    const late = ok(issue(skipped.state, 'S1', T0 + 12 * MIN)); // A003 joins after the skip
    const requeued = ok(apply(late.state, id, 'requeue', T0 + 13 * MIN));
    expect(requeued.ticket).toMatchObject({
      status: 'waiting',
      counterId: null,
      queuedAt: T0 + 13 * MIN,
      number: 'A001',
    });
    const order: string[] = [];
    let s = requeued.state;
    for (let i = 0; i < 3; i++) {
      const r = ok(callNext(s, 'C1', T0 + 14 * MIN));
      order.push(r.ticket.number);
      s = ok(apply(ok(apply(r.state, r.ticket.id, 'serve', T0)).state, r.ticket.id, 'finish', T0)).state;
    }
    expect(order).toEqual(['A002', 'A003', 'A001']);
  });

  it('skip limit: the skip that takes skipCount past the limit ends the ticket as no_show', () => {
    const { state, id } = called();
    let s = state;
    for (let i = 1; i <= 3; i++) {
      const skipped = ok(apply(s, id, 'skip', T0 + i * MIN));
      expect(skipped.ticket).toMatchObject({ status: 'skipped', skipCount: i, counterId: 'C2' });
      s = ok(apply(skipped.state, id, 'recall', T0 + i * MIN)).state; // a recall keeps the count
    }
    const out = ok(apply(s, id, 'skip', T0 + 4 * MIN));
    expect(out.ticket).toMatchObject({ status: 'no_show', skipCount: 4, counterId: 'C2' });
    expect(activeTicketAt(out.state, 'C2')).toBeNull();
    expect(code(apply(out.state, id, 'recall', T0))).toBe('TICKET_INVALID_TRANSITION');
    // A configurable limit; 0 = the first skip is already a no-show.
    const strict = createQueueModel({
      timeZone: TZ,
      skipLimit: 0,
      services: [{ id: 'S1', code: 'A' }],
      counters: [{ id: 'C1', serviceIds: ['S1'] }],
    });
    const first = ok(callNext(ok(issue(strict, 'S1', T0)).state, 'C1', T0));
    expect(ok(apply(first.state, first.ticket.id, 'skip', T0)).ticket.status).toBe('no_show');
  });

  it('transfer keeps number, seq and queuedAt, waits in the new service, frees the counter', () => {
    const { state, id } = called();
    const before = ticket(state, id);
    const tr = ok(apply(state, id, 'transfer', T0 + 15 * MIN, { serviceId: 'S3', counterId: 'C2' }));
    expect(tr.ticket).toEqual({ ...before, status: 'waiting', serviceId: 'S3', counterId: null });
    expect(activeTicketAt(tr.state, 'C2')).toBeNull();
    // it keeps its place: ahead of a C ticket issued later
    const c1 = ok(issue(tr.state, 'S3', T0 + 16 * MIN));
    expect(ok(callNext(c1.state, 'C3', T0 + 17 * MIN)).ticket.id).toBe(id);
  });

  it('transfer of a held ticket clears its remembered counter', () => {
    const { state, id } = called();
    const held = ok(apply(state, id, 'hold', T0));
    const tr = ok(apply(held.state, id, 'transfer', T0, { serviceId: 'S2' }));
    expect(tr.ticket).toMatchObject({ status: 'waiting', serviceId: 'S2', counterId: null });
  });

  it('transfer refusals', () => {
    const { state, id } = called();
    expect(code(apply(state, id, 'transfer', T0))).toBe('NOT_FOUND');
    expect(code(apply(state, id, 'transfer', T0, { serviceId: 'S9' }))).toBe('NOT_FOUND');
    expect(code(apply(state, id, 'transfer', T0, { serviceId: 'S1' }))).toBe('TICKET_INVALID_TRANSITION');
    const skipped = ok(apply(state, id, 'skip', T0));
    expect(code(apply(skipped.state, id, 'transfer', T0, { serviceId: 'S2' }))).toBe(
      'TICKET_INVALID_TRANSITION',
    );
  });

  it('refuses what the transition table refuses, and acting from another counter', () => {
    const { state, id } = called();
    const waitingId = state.tickets[1]?.id ?? ''; // A002, waiting
    expect(code(apply(state, 'nope', 'serve', T0))).toBe('NOT_FOUND');
    expect(code(apply(state, id, 'serve', T0, { counterId: 'C9' }))).toBe('NOT_FOUND');
    expect(code(apply(state, id, 'serve', T0, { counterId: 'C1' }))).toBe('TICKET_OTHER_COUNTER');
    expect(code(apply(state, id, 'finish', T0))).toBe('TICKET_INVALID_TRANSITION');
    expect(code(apply(state, id, 'requeue', T0))).toBe('TICKET_INVALID_TRANSITION');
    expect(code(apply(state, id, 'cancel', T0))).toBe('TICKET_INVALID_TRANSITION');
    expect(code(apply(state, waitingId, 'serve', T0))).toBe('TICKET_INVALID_TRANSITION');
    const cancelled = ok(apply(state, waitingId, 'cancel', T0, { counterId: 'C1' }));
    expect(cancelled.ticket.status).toBe('cancelled');
    for (const action of MODEL_ACTIONS) {
      expect(code(apply(cancelled.state, waitingId, action, T0, { serviceId: 'S2' }))).toBe(
        'TICKET_INVALID_TRANSITION',
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random command sequences

type Step =
  | { kind: 'issue'; service: number; booking: boolean; slotOffset: number | null; dt: number }
  | { kind: 'callNext'; counter: number; dt: number }
  | { kind: 'call'; ticket: number; counter: number; dt: number }
  | {
      kind: 'apply';
      ticket: number;
      action: (typeof MODEL_ACTIONS)[number];
      /** The acting counter: none, the ticket's own, or any (possibly another or unknown). */
      counter: null | 'own' | number;
      service: number;
      dt: number;
    };

const SERVICES = ['S1', 'S2', 'S3', 'S404'];
const COUNTERS = ['C1', 'C2', 'C3', 'C404'];

/** Time steps: mostly seconds to minutes, sometimes hours (crossing local midnight). */
const dtArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 10 * MIN }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 6 * 60 * MIN }) },
);
/** An index into SERVICES / COUNTERS: mostly a real one, sometimes the unknown one (index 3). */
const indexArb = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 0, max: 2 }) },
  { weight: 1, arbitrary: fc.constant(3) },
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('issue' as const),
      service: indexArb,
      booking: fc.boolean(),
      slotOffset: fc.option(fc.integer({ min: -30 * MIN, max: 30 * MIN }), { nil: null }),
      dt: dtArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('callNext' as const),
      counter: indexArb,
      dt: dtArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      ticket: fc.nat(),
      counter: indexArb,
      dt: dtArb,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('apply' as const),
      ticket: fc.nat(),
      action: fc.constantFrom(...MODEL_ACTIONS),
      counter: fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 2, arbitrary: fc.constant('own' as const) },
        { weight: 1, arbitrary: indexArb },
      ),
      service: indexArb,
      dt: dtArb,
    }),
  },
);

/**
 * Picks a ticket id by index: mostly an engaged ticket (active or postponed: the interesting
 * ones), sometimes an open or any ticket, rarely an unknown id.
 */
function pickId(state: QueueModel, index: number): string {
  const open = state.tickets.filter((t) => !FINAL_STATUSES.includes(t.status));
  const engaged = open.filter((t) => t.status !== 'waiting');
  const slot = index % 12;
  if (slot === 11) return 'T404';
  const pool = slot === 10 ? state.tickets : slot >= 7 || engaged.length === 0 ? open : engaged;
  const fallback = pool.length > 0 ? pool : state.tickets;
  return fallback[Math.floor(index / 12) % Math.max(1, fallback.length)]?.id ?? 'T404';
}

function toCommand(state: QueueModel, step: Step, now: number): ModelCommand {
  switch (step.kind) {
    case 'issue':
      return {
        kind: 'issue',
        serviceId: SERVICES[step.service] ?? 'S1',
        now,
        isBooking: step.booking,
        slotStartAt: step.booking && step.slotOffset !== null ? now + step.slotOffset : null,
      };
    case 'callNext':
      return { kind: 'callNext', counterId: COUNTERS[step.counter] ?? 'C1', now };
    case 'call':
      return {
        kind: 'call',
        ticketId: pickId(state, step.ticket),
        counterId: COUNTERS[step.counter] ?? 'C1',
        now,
      };
    case 'apply': {
      const ticketId = pickId(state, step.ticket);
      return {
        kind: 'apply',
        ticketId,
        action: step.action,
        now,
        ...(step.counter === null
          ? {}
          : {
              counterId:
                step.counter === 'own'
                  ? (findTicket(state, ticketId)?.counterId ?? 'C1')
                  : (COUNTERS[step.counter] ?? 'C1'),
            }),
        ...(step.action === 'transfer' ? { serviceId: SERVICES[step.service] ?? 'S1' } : {}),
      };
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The tickets of the branch-local day of `now` (call next looks at nothing else). */
function todays(state: QueueModel, now: number): readonly ModelTicket[] {
  const day = localDate(now, TZ);
  return state.tickets.filter((t) => t.serviceDay === day);
}

/** Checks one transition of the model against independent expectations. */
function checkStep(before: QueueModel, command: ModelCommand, result: ModelResult): void {
  if (!result.ok) {
    // refusals are explained by the state
    if (command.kind === 'callNext') {
      const counter = before.counters.find((c) => c.id === command.counterId);
      if (result.code === 'COUNTER_BUSY') expect(counter?.activeTicketId).not.toBeNull();
      if (result.code === 'QUEUE_EMPTY') {
        expect(
          pickNext(todays(before, command.now), { serviceIds: counter?.serviceIds ?? [], now: command.now }),
        ).toBeNull();
      }
      if (result.code === 'NOT_FOUND') expect(counter).toBeUndefined();
    }
    if (
      command.kind === 'apply' &&
      result.code === 'TICKET_INVALID_TRANSITION' &&
      command.counterId === undefined
    ) {
      const t = findTicket(before, command.ticketId);
      const sameService = command.action === 'transfer' && t?.serviceId === command.serviceId;
      expect(t !== undefined && (nextStatus(t.status, command.action) === null || sameService)).toBe(true);
    }
    if (result.code === 'QUEUE_EMPTY') expect(command.kind).toBe('callNext');
    return;
  }

  const { state, ticket } = result;
  const violations = queueModelViolations(state);
  if (violations.length > 0) expect(violations).toEqual([]);
  // tickets are never removed or reordered, and numbers never change
  before.tickets.forEach((t, i) => {
    const now = state.tickets[i];
    if (now?.id !== t.id || now.number !== t.number || now.seq !== t.seq) {
      expect.fail(`ticket ${t.id} ${t.number} became ${now?.id} ${now?.number}`);
    }
  });
  // exactly one ticket changed (or was added): the one returned
  const changed = state.tickets.filter((t, i) => before.tickets[i] !== t);
  if (changed.length !== 1 || changed[0] !== ticket) {
    expect.fail(`changed: ${changed.map((t) => t.id).join(',')}`);
  }

  const prev = findTicket(before, ticket.id);
  switch (command.kind) {
    case 'issue': {
      expect(prev).toBeUndefined();
      const day = localDate(command.now, TZ);
      const seq = (before.sequences[sequenceKey(command.serviceId, day)] ?? 0) + 1;
      const code = before.services.find((s) => s.id === command.serviceId)?.code ?? '?';
      expect(ticket).toMatchObject({
        status: 'waiting',
        seq,
        number: formatTicketNumber(code, seq),
        serviceDay: day,
      });
      expect(state.tickets).toHaveLength(before.tickets.length + 1);
      break;
    }
    case 'callNext':
    case 'call': {
      // never called twice while active: only a waiting ticket can be called
      expect(prev?.status).toBe('waiting');
      expect(ticket).toMatchObject({ status: 'calling', counterId: command.counterId });
      if (command.kind === 'callNext') {
        const counter = before.counters.find((c) => c.id === command.counterId);
        const scope = { serviceIds: counter?.serviceIds ?? [], now: command.now };
        expect(ticket.id).toBe(pickNext(todays(before, command.now), scope)?.id);
        expect(ticket.serviceDay).toBe(localDate(command.now, TZ));
      }
      expect(before.counters.find((c) => c.id === command.counterId)?.activeTicketId).toBeNull();
      break;
    }
    case 'apply': {
      if (!prev) throw new Error('applied to a missing ticket');
      const skippedOut = command.action === 'skip' && prev.skipCount + 1 > before.skipLimit;
      expect(ticket.status).toBe(skippedOut ? 'no_show' : nextStatus(prev.status, command.action));
      expect(ticket.skipCount).toBe(prev.skipCount + (command.action === 'skip' ? 1 : 0));
      expect(ticket.number).toBe(prev.number);
      expect(ticket.queuedAt).toBe(command.action === 'requeue' ? command.now : prev.queuedAt);
      expect(ticket.serviceId).toBe(command.action === 'transfer' ? command.serviceId : prev.serviceId);
      if (command.action === 'transfer') expect(ticket.serviceId).not.toBe(prev.serviceId);
      if (command.action === 'recall') expect(ticket.counterId).toBe(prev.counterId);
      break;
    }
  }
}

describe('model properties (random command sequences)', { timeout: 60_000 }, () => {
  it('keeps every invariant; refusals change nothing; inputs are never mutated', () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60, size: 'max' }), (steps) => {
        // A skip limit of 1 so that random sequences reach the skip past the limit.
        let state = deepFreeze({ ...WORLD, skipLimit: 1 });
        let now = T0;
        for (const step of steps) {
          now += step.dt;
          const command = toCommand(state, step, now);
          const result = runCommand(state, command); // throws on a frozen input if it mutates
          checkStep(state, command, result);
          const from = command.kind === 'apply' ? findTicket(state, command.ticketId)?.status : undefined;
          const key = `${command.kind === 'apply' ? `${from ?? '-'}:${command.action}` : command.kind} ${result.ok ? 'ok' : result.code}`;
          if (result.ok && command.kind === 'apply' && result.ticket.status === 'no_show') {
            seen.set('skip → no_show', (seen.get('skip → no_show') ?? 0) + 1);
          }
          seen.set(key, (seen.get(key) ?? 0) + 1);
          if (result.ok) state = deepFreeze(result.state);
        }
        expect(queueModelViolations(state)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
    // the generator really reaches every path (guards against a vacuous property)
    const expectedPaths = [
      'issue ok',
      'issue NOT_FOUND',
      'callNext ok',
      'callNext COUNTER_BUSY',
      'callNext QUEUE_EMPTY',
      'callNext NOT_FOUND',
      'call ok',
      'call TICKET_INVALID_TRANSITION',
      'call COUNTER_BUSY',
      'held:recall ok',
      'skipped:recall ok',
      'held:recall COUNTER_BUSY',
      'skipped:recall COUNTER_BUSY',
      'calling:recall ok',
      'called:recall ok',
      'calling:announce ok',
      'called:serve ok',
      'serving:hold ok',
      'called:skip ok',
      'held:requeue ok',
      'skipped:requeue ok',
      'serving:finish ok',
      'waiting:cancel ok',
      'serving:transfer ok',
      'held:transfer ok',
      'waiting:serve TICKET_INVALID_TRANSITION',
      'calling:serve TICKET_OTHER_COUNTER', // acting from another counter
      'skip → no_show', // the skip past the limit
      'calling:transfer NOT_FOUND',
    ];
    for (const path of expectedPaths) expect.soft(seen.get(path) ?? 0, path).toBeGreaterThan(0);
  });

  it('numbers are unique and contiguous per service and day, whatever happens', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 80, size: 'max' }), (steps) => {
        let state = WORLD;
        let now = T0;
        let issued = 0;
        for (const step of steps) {
          now += step.dt;
          const result = runCommand(state, toCommand(state, step, now));
          if (result.ok) {
            if (step.kind === 'issue') issued++;
            state = result.state;
          }
        }
        expect(state.tickets).toHaveLength(issued);
        const byKey = new Map<string, number[]>();
        for (const t of state.tickets) {
          const key = `${t.sequenceServiceId}@${t.serviceDay}`;
          byKey.set(key, [...(byKey.get(key) ?? []), t.seq]);
        }
        for (const seqs of byKey.values()) {
          expect(seqs).toEqual(seqs.map((_, i) => i + 1)); // issued in order 1, 2, 3, …
        }
        const numbers = state.tickets.map((t) => `${t.serviceDay} ${t.number}`);
        expect(new Set(numbers).size).toBe(numbers.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('an active ticket can be neither called again nor called next anywhere', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60, size: 'max' }), (steps) => {
        let state = WORLD;
        let now = T0;
        for (const step of steps) {
          now += step.dt;
          const result = runCommand(state, toCommand(state, step, now));
          if (result.ok) state = result.state;
        }
        for (const t of state.tickets.filter((x) => isActiveStatus(x.status))) {
          for (const counter of ['C1', 'C2', 'C3']) {
            expect(code(call(state, t.id, counter, now))).not.toBe('ok');
            const next = callNext(state, counter, now);
            if (next.ok) expect(next.ticket.id).not.toBe(t.id);
          }
        }
        // at most one active ticket per counter, seen from the tickets
        const active = state.tickets.filter((x) => isActiveStatus(x.status)).map((x) => x.counterId);
        expect(new Set(active).size).toBe(active.length);
      }),
      { numRuns: 1000 },
    );
  });
});
