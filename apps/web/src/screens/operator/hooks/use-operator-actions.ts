import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { useTicketAction } from '@/features/queue/api/ticket-actions';
import type { OperatorAction } from '@/features/queue/lib/ticket-actions';
import { useErrorText } from '@/lib/error-text';
import type { LastTicket } from '../components/last-ticket-card';

/**
 * The operator's actions on tickets: validate and requeue at once, transfer after choosing the
 * service, cancel after confirming. Every answer becomes "Tiket terakhir"; the lists refetch
 * after each action (also after a refusal: someone may have acted meanwhile).
 */
export function useOperatorActions(branchId: string) {
  const { t } = useTranslation(['operator', 'caller']);
  const errorText = useErrorText();
  const [last, setLast] = useState<LastTicket | null>(null);
  const [transferTicket, setTransferTicket] = useState<Ticket | null>(null);
  const [cancelTicket, setCancelTicket] = useState<Ticket | null>(null);
  const action = useTicketAction(branchId, {
    onSuccess: (ticket, input) => {
      setLast(ticket);
      setTransferTicket(null);
      setCancelTicket(null);
      notifications.show({
        color: 'green',
        message:
          input.action === 'transfer'
            ? t('caller:notify.transferred')
            : t('done', { number: ticket.number, status: t(`caller:status.${ticket.status}`) }),
      });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  return {
    busy: action.isPending,
    last,
    setLast,
    /** A button of a ticket: transfer and cancel ask first. */
    run: (name: OperatorAction, ticket: Ticket) => {
      if (name === 'transfer') setTransferTicket(ticket);
      else if (name === 'cancel') setCancelTicket(ticket);
      else action.mutate({ action: name, ticket });
    },
    transferTicket,
    closeTransfer: () => setTransferTicket(null),
    transfer: (serviceId: string) => {
      if (transferTicket) action.mutate({ action: 'transfer', ticket: transferTicket, serviceId });
    },
    cancelTicket,
    closeCancel: () => setCancelTicket(null),
    cancel: (ticket: Ticket) => action.mutate({ action: 'cancel', ticket }),
  };
}
