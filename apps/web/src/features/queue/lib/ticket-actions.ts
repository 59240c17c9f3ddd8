import { allowedActions, type UserTicketAction } from '@antrean/shared/domain/ticket/transitions';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';

/** The ticket actions a caller triggers from the caller screen (operators own the rest). */
export type CallerAction = Extract<
  UserTicketAction,
  'call' | 'recall' | 'serve' | 'hold' | 'skip' | 'transfer' | 'finish' | 'requeue'
>;

const CALLER_ACTIONS: readonly CallerAction[] = [
  'call',
  'recall',
  'serve',
  'hold',
  'skip',
  'transfer',
  'finish',
  'requeue',
];

export function isCallerAction(action: UserTicketAction): action is CallerAction {
  return CALLER_ACTIONS.some((a) => a === action);
}

type ServiceFlags = Pick<BranchService, 'randomCaller' | 'finishButton'>;

/**
 * The buttons to show for a ticket in `status`: exactly the state machine's valid actions
 * (`allowedActions`), narrowed by the service's settings — calling a chosen waiting ticket only
 * with "random caller", "finish" only with the finish button.
 */
export function callerActions(status: TicketStatus, service: ServiceFlags | undefined): CallerAction[] {
  return allowedActions(status)
    .filter(isCallerAction)
    .filter((action) => {
      if (action === 'call') return service?.randomCaller === true;
      if (action === 'finish') return service?.finishButton === true;
      return true;
    });
}

/** SLA state of a running ticket: green below 80 % of the target, amber up to it, red beyond. */
export type SlaState = 'ok' | 'warning' | 'breached';

export function slaState(elapsedSeconds: number, slaSeconds: number | null | undefined): SlaState {
  if (!slaSeconds || slaSeconds <= 0) return 'ok';
  if (elapsedSeconds >= slaSeconds) return 'breached';
  if (elapsedSeconds >= slaSeconds * 0.8) return 'warning';
  return 'ok';
}

export const SLA_COLORS: Record<SlaState, string> = { ok: 'green', warning: 'yellow', breached: 'red' };

export const STATUS_COLORS: Record<TicketStatus, string> = {
  booked: 'gray',
  unvalidated: 'orange',
  waiting: 'blue',
  calling: 'grape',
  called: 'violet',
  serving: 'teal',
  held: 'yellow',
  skipped: 'orange',
  finished: 'green',
  no_show: 'gray',
  cancelled: 'red',
};

/** `m:ss` or `h:mm:ss`. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${sec}` : `${String(m)}:${sec}`;
}

/** When the current phase of an active ticket started (serving start, else the last call). */
export function phaseStart(ticket: Pick<Ticket, 'status' | 'calledAt' | 'servingStartedAt'>): number | null {
  if (ticket.status === 'serving') return ticket.servingStartedAt ?? ticket.calledAt;
  return ticket.calledAt;
}

/**
 * The SLA of a service is its serving time: it counts from the start of service, never from the
 * call. A ticket that is not being served has no SLA state yet (null).
 */
export function slaOf(
  ticket: Pick<Ticket, 'status' | 'servingStartedAt'>,
  slaSeconds: number | null | undefined,
  now: number,
): { servedSeconds: number; state: SlaState } | null {
  if (ticket.status !== 'serving' || ticket.servingStartedAt === null) return null;
  const servedSeconds = Math.max(0, Math.floor((now - ticket.servingStartedAt) / 1000));
  return { servedSeconds, state: slaState(servedSeconds, slaSeconds) };
}

/** The operator's actions (the rest belongs to the counter's caller). */
export type OperatorAction = Extract<UserTicketAction, 'validate' | 'requeue' | 'transfer' | 'cancel'>;
const OPERATOR_ACTIONS: readonly OperatorAction[] = ['validate', 'requeue', 'transfer', 'cancel'];

/** The operator's buttons for a ticket: the state machine's valid actions among the operator's. */
export function operatorActions(ticket: Pick<Ticket, 'status'>): OperatorAction[] {
  return allowedActions(ticket.status).filter((a): a is OperatorAction =>
    OPERATOR_ACTIONS.some((o) => o === a),
  );
}

/** The active services of a branch as choices of a select: "A · Teller". */
export function serviceOptions(services: readonly BranchService[]): { value: string; label: string }[] {
  return services.filter((s) => s.isActive).map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }));
}
