import { allowedActions, type UserTicketAction } from '@antrean/shared/domain/ticket/transitions';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { BranchService } from '@antrean/shared/domain/service';

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

function isCallerAction(action: UserTicketAction): action is CallerAction {
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
export function phaseStart(ticket: {
  status: TicketStatus;
  calledAt: number | null;
  servingStartedAt: number | null;
}): number | null {
  if (ticket.status === 'serving') return ticket.servingStartedAt ?? ticket.calledAt;
  return ticket.calledAt;
}

/** True when keyboard input goes to a field (shortcuts stay off then). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return target.closest('[role="combobox"],[role="listbox"],[role="dialog"]') !== null;
}
