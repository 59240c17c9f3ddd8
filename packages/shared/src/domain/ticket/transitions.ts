import type { TicketStatus } from './status';

/**
 * The ticket state machine as one table. The server is authoritative; the web
 * app uses the same table to show only the buttons that would succeed.
 */

/** Actions a caller or operator triggers from the API (`POST /tickets/:id/<action>`). */
export const USER_ACTIONS = [
  'check-in',
  'validate',
  'call',
  'recall',
  'serve',
  'hold',
  'skip',
  'requeue',
  'transfer',
  'finish',
  'cancel',
] as const;
export type UserTicketAction = (typeof USER_ACTIONS)[number];

/**
 * Every action: the user actions plus the system ones (not buttons): `announce` (calling → called
 * after the display's announcement or 10 s), `expire` (the end-of-day sweep), `reset` (reset
 * queue: a booking goes back to `booked`) and `void` (reset queue: a walk-in is cancelled).
 */
export const TICKET_ACTIONS = [...USER_ACTIONS, 'announce', 'expire', 'reset', 'void'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

type Table = Readonly<Record<TicketAction, Readonly<Partial<Record<TicketStatus, TicketStatus>>>>>;

/**
 * `TRANSITIONS[action][from] = to`. Transfer keeps the status class: a ticket moved to another
 * service goes back to `waiting` there with its original check-in time. `check-in` may also
 * land in `unvalidated` (services that need validation, or outside the window): the engine
 * decides between the two targets listed in CHECK_IN_TARGETS.
 */
export const TRANSITIONS: Table = {
  'check-in': { booked: 'waiting' },
  validate: { unvalidated: 'waiting' },
  call: { waiting: 'calling' },
  recall: { calling: 'calling', called: 'calling', held: 'calling', skipped: 'calling' },
  announce: { calling: 'called' },
  serve: { calling: 'serving', called: 'serving' },
  hold: { calling: 'held', called: 'held', serving: 'held' },
  skip: { calling: 'skipped', called: 'skipped' },
  requeue: { held: 'waiting', skipped: 'waiting' },
  transfer: { calling: 'waiting', called: 'waiting', serving: 'waiting', held: 'waiting' },
  finish: { serving: 'finished' },
  cancel: { booked: 'cancelled', unvalidated: 'cancelled', waiting: 'cancelled' },
  expire: { booked: 'no_show', held: 'no_show', skipped: 'no_show' },
  reset: {
    waiting: 'booked',
    unvalidated: 'booked',
    calling: 'booked',
    called: 'booked',
    serving: 'booked',
    held: 'booked',
    skipped: 'booked',
    finished: 'booked',
    no_show: 'booked',
  },
  void: {
    waiting: 'cancelled',
    unvalidated: 'cancelled',
    calling: 'cancelled',
    called: 'cancelled',
    serving: 'cancelled',
    held: 'cancelled',
    skipped: 'cancelled',
  },
};

export const CHECK_IN_TARGETS: readonly TicketStatus[] = ['waiting', 'unvalidated'];

/** The status an action leads to, or null when the action is not allowed from this status. */
export function nextStatus(from: TicketStatus, action: TicketAction): TicketStatus | null {
  return TRANSITIONS[action][from] ?? null;
}

export function canApply(from: TicketStatus, action: TicketAction): boolean {
  return nextStatus(from, action) !== null;
}

/** The user actions valid from a status, in button order. */
export function allowedActions(from: TicketStatus): UserTicketAction[] {
  return USER_ACTIONS.filter((action) => canApply(from, action));
}
