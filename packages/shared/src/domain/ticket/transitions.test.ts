import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATUSES,
  FINAL_STATUSES,
  POSTPONED_STATUSES,
  TICKET_STATUSES,
  type TicketStatus,
} from './status';
import {
  CHECK_IN_TARGETS,
  TICKET_ACTIONS,
  TRANSITIONS,
  USER_ACTIONS,
  allowedActions,
  canApply,
  nextStatus,
  type TicketAction,
  type UserTicketAction,
} from './transitions';

/**
 * The product's ticket life cycle written out independently of `TRANSITIONS`: `[from, action, to]`. Anything not
 * listed here must be refused.
 */
const SPEC: readonly (readonly [TicketStatus, TicketAction, TicketStatus])[] = [
  // check-in of a booking (may also land in `unvalidated`, see CHECK_IN_TARGETS)
  ['booked', 'check-in', 'waiting'],
  // validate
  ['unvalidated', 'validate', 'waiting'],
  // call / recall → calling (recall from held/skipped goes back to calling at the same counter)
  ['waiting', 'call', 'calling'],
  ['calling', 'recall', 'calling'],
  ['called', 'recall', 'calling'],
  ['held', 'recall', 'calling'],
  ['skipped', 'recall', 'calling'],
  // announcement done (display or 10 s)
  ['calling', 'announce', 'called'],
  // serve
  ['calling', 'serve', 'serving'],
  ['called', 'serve', 'serving'],
  // hold from calling/called/serving
  ['calling', 'hold', 'held'],
  ['called', 'hold', 'held'],
  ['serving', 'hold', 'held'],
  // skip from calling/called
  ['calling', 'skip', 'skipped'],
  ['called', 'skip', 'skipped'],
  // requeue of a postponed ticket
  ['held', 'requeue', 'waiting'],
  ['skipped', 'requeue', 'waiting'],
  // transfer of a calling/called/serving/held ticket to another service
  ['calling', 'transfer', 'waiting'],
  ['called', 'transfer', 'waiting'],
  ['serving', 'transfer', 'waiting'],
  ['held', 'transfer', 'waiting'],
  // finish from serving
  ['serving', 'finish', 'finished'],
  // cancel a booked/unvalidated/waiting ticket
  ['booked', 'cancel', 'cancelled'],
  ['unvalidated', 'cancel', 'cancelled'],
  ['waiting', 'cancel', 'cancelled'],
  // end of the local day for booked/skipped/held (and a skipped ticket past the limit)
  ['booked', 'expire', 'no_show'],
  ['skipped', 'expire', 'no_show'],
  ['held', 'expire', 'no_show'],
  // reset queue: today's bookings return to `booked` (a cancelled booking stays cancelled)
  ...(
    [
      'waiting',
      'unvalidated',
      'calling',
      'called',
      'serving',
      'held',
      'skipped',
      'finished',
      'no_show',
    ] as const
  ).map((from) => [from, 'reset', 'booked'] as const),
  // reset queue: today's open walk-ins are cancelled (closed ones keep their outcome)
  ...(['waiting', 'unvalidated', 'calling', 'called', 'serving', 'held', 'skipped'] as const).map(
    (from) => [from, 'void', 'cancelled'] as const,
  ),
];

function expected(from: TicketStatus, action: TicketAction): TicketStatus | null {
  return SPEC.find(([f, a]) => f === from && a === action)?.[2] ?? null;
}

const MATRIX = TICKET_STATUSES.flatMap((from) =>
  TICKET_ACTIONS.map((action) => ({ from, action, to: expected(from, action) })),
);

describe('transition table', () => {
  it('covers every status × action pair', () => {
    expect(MATRIX).toHaveLength(TICKET_STATUSES.length * TICKET_ACTIONS.length);
  });

  it.each(MATRIX)('$from --$action--> $to', ({ from, action, to }) => {
    expect(nextStatus(from, action)).toBe(to);
    expect(canApply(from, action)).toBe(to !== null);
  });

  it('lists no status or action outside the declared unions', () => {
    for (const [action, row] of Object.entries(TRANSITIONS)) {
      expect(TICKET_ACTIONS).toContain(action);
      for (const [from, to] of Object.entries(row)) {
        expect(TICKET_STATUSES).toContain(from);
        expect(TICKET_STATUSES).toContain(to);
      }
    }
  });

  it.each(FINAL_STATUSES)(
    'final status %s accepts nothing but reset (and reset only when not cancelled)',
    (from) => {
      const accepted = TICKET_ACTIONS.filter((action) => canApply(from, action));
      expect(accepted).toEqual(from === 'cancelled' ? [] : ['reset']);
    },
  );

  it('check-in lands in one of CHECK_IN_TARGETS', () => {
    expect(CHECK_IN_TARGETS).toContain(nextStatus('booked', 'check-in'));
    expect([...CHECK_IN_TARGETS].sort()).toEqual(['unvalidated', 'waiting']);
  });

  it('only `call` (from waiting) and `recall` enter an active status from a non-active one', () => {
    for (const from of TICKET_STATUSES) {
      for (const action of TICKET_ACTIONS) {
        const to = nextStatus(from, action);
        if (to && ACTIVE_STATUSES.includes(to) && !ACTIVE_STATUSES.includes(from)) {
          expect([
            ['waiting', 'call'],
            ['held', 'recall'],
            ['skipped', 'recall'],
          ]).toContainEqual([from, action]);
        }
      }
    }
  });

  it('status groups partition the statuses as documented', () => {
    expect([...ACTIVE_STATUSES]).toEqual(['calling', 'called', 'serving']);
    expect([...POSTPONED_STATUSES]).toEqual(['held', 'skipped']);
    expect([...FINAL_STATUSES]).toEqual(['finished', 'no_show', 'cancelled']);
  });
});

describe('allowedActions (button order = USER_ACTIONS order)', () => {
  const CASES: readonly (readonly [TicketStatus, readonly UserTicketAction[]])[] = [
    ['booked', ['check-in', 'cancel']],
    ['unvalidated', ['validate', 'cancel']],
    ['waiting', ['call', 'cancel']],
    ['calling', ['recall', 'serve', 'hold', 'skip', 'transfer']],
    ['called', ['recall', 'serve', 'hold', 'skip', 'transfer']],
    ['serving', ['hold', 'transfer', 'finish']],
    ['held', ['recall', 'requeue', 'transfer']],
    ['skipped', ['recall', 'requeue']],
    ['finished', []],
    ['no_show', []],
    ['cancelled', []],
  ];

  it('has a case for every status', () => {
    expect(CASES.map(([s]) => s).sort()).toEqual([...TICKET_STATUSES].sort());
  });

  it.each(CASES)('%s → %j', (from, actions) => {
    expect(allowedActions(from)).toEqual(actions);
  });

  it.each(TICKET_STATUSES)('%s: allowedActions is USER_ACTIONS filtered by canApply, in order', (from) => {
    const got = allowedActions(from);
    expect(got).toEqual(USER_ACTIONS.filter((a) => canApply(from, a)));
    const positions = got.map((a) => USER_ACTIONS.indexOf(a));
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
  });

  it('system actions are never offered as buttons', () => {
    for (const from of TICKET_STATUSES) {
      for (const action of allowedActions(from)) {
        expect(['announce', 'expire', 'reset', 'void']).not.toContain(action);
      }
    }
  });
});
