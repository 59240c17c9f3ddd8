import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { useCallNext, useTicketAction } from '@/features/queue/api/ticket-actions';
import { isCallerAction, type CallerAction } from '@/features/queue/lib/ticket-actions';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';

/**
 * The caller's actions: call next, and the state machine's actions on a ticket. Keeps the last
 * answer (the counter's ticket before the queue refetches) and the tickets acted on (shown in
 * the history at once). "Transfer" first asks for the service (`transferTicket`).
 */
export function useCallerActions(
  branchId: string,
  counterId: string,
  { onCounterNotTaken }: { onCounterNotTaken: () => void },
) {
  const { t } = useTranslation('caller');
  const errorText = useErrorText();
  const [lastResult, setLastResult] = useState<Ticket | null>(null);
  const [recent, setRecent] = useState<Ticket[]>([]);
  const [transferTicket, setTransferTicket] = useState<Ticket | null>(null);

  const remember = (ticket: Ticket) => {
    setLastResult(ticket);
    setRecent((known) => [ticket, ...known.filter((x) => x.id !== ticket.id)]);
  };
  const onError = (error: Error) => {
    if (isApiError(error) && error.code === 'QUEUE_EMPTY') {
      notifications.show({ color: 'yellow', message: t('notify.queueEmpty') });
      return;
    }
    if (isApiError(error) && error.code === 'COUNTER_NOT_TAKEN') onCounterNotTaken();
    notifications.show({ color: 'red', message: errorText(error) });
  };

  const callNext = useCallNext(branchId, counterId, { onSuccess: remember, onError });
  const action = useTicketAction(branchId, {
    onSuccess: (ticket, input) => {
      remember(ticket);
      if (input.action === 'transfer') {
        setTransferTicket(null);
        notifications.show({ color: 'green', message: t('notify.transferred') });
      }
    },
    onError,
  });

  const busy = callNext.isPending || action.isPending;
  const pendingAction = action.isPending ? action.variables.action : null;

  const run = (name: CallerAction | 'callNext', ticket?: Ticket) => {
    if (busy) return;
    if (name === 'callNext') {
      callNext.mutate();
      return;
    }
    if (!ticket) return;
    if (name === 'transfer') {
      setTransferTicket(ticket);
      return;
    }
    action.mutate({ action: name, ticket, ...(name === 'call' ? { counterId } : {}) });
  };

  return {
    run,
    busy,
    /** The action in flight on a ticket (its button spins, the others wait). */
    pending: pendingAction !== null && isCallerAction(pendingAction) ? pendingAction : null,
    callingNext: callNext.isPending,
    lastResult,
    recent,
    transferTicket,
    closeTransfer: () => setTransferTicket(null),
    transfer: (serviceId: string) => {
      if (transferTicket) action.mutate({ action: 'transfer', ticket: transferTicket, serviceId });
    },
    transferring: action.isPending && pendingAction === 'transfer',
  };
}
