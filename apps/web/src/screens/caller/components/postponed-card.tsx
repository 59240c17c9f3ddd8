import { Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { SectionCard } from '@/features/queue/components/section-card';
import { TicketStatusBadge } from '@/features/queue/components/ticket-status-badge';
import { callerActions, type CallerAction } from '@/features/queue/lib/ticket-actions';
import { TicketActionsCell } from './ticket-actions-cell';

/** Held and skipped tickets of the chosen services: call them back or put them in the queue again. */
export function PostponedCard({
  tickets,
  serviceById,
  counterFree,
  busy,
  onAction,
  onDetail,
}: {
  tickets: readonly Ticket[];
  serviceById: ReadonlyMap<string, BranchService>;
  /** No ticket is active at the counter (a recall would make one). */
  counterFree: boolean;
  busy: boolean;
  onAction: (action: Extract<CallerAction, 'recall' | 'requeue'>, ticket: Ticket) => void;
  onDetail: (ticketId: string) => void;
}) {
  const { t } = useTranslation('caller');
  return (
    <SectionCard id="caller-postponed" title={t('postponed.title')} count={tickets.length}>
      {tickets.length === 0 ? (
        <Text c="dimmed">{t('postponed.empty')}</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {tickets.map((ticket) => {
              const service = serviceById.get(ticket.serviceId);
              const allowed = callerActions(ticket.status, service);
              return (
                <Table.Tr key={ticket.id}>
                  <Table.Td fw={700}>{ticket.number}</Table.Td>
                  <Table.Td>{service?.code ?? ''}</Table.Td>
                  <Table.Td>
                    <TicketStatusBadge status={ticket.status} size="sm" />
                  </Table.Td>
                  <TicketActionsCell ticket={ticket} justify="flex-end" onDetail={onDetail}>
                    {allowed.includes('recall') ? (
                      <Button
                        size="xs"
                        variant="light"
                        disabled={busy || !counterFree}
                        aria-label={t('actions.recallTicket', { number: ticket.number })}
                        onClick={() => onAction('recall', ticket)}
                      >
                        {t('actions.call')}
                      </Button>
                    ) : null}
                    {allowed.includes('requeue') ? (
                      <Button
                        size="xs"
                        variant="default"
                        disabled={busy}
                        aria-label={t('actions.requeueTicket', { number: ticket.number })}
                        onClick={() => onAction('requeue', ticket)}
                      >
                        {t('actions.requeue')}
                      </Button>
                    ) : null}
                  </TicketActionsCell>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}
