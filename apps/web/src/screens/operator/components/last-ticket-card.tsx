import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { ticketQueryOptions } from '@/features/queue/api/queries';
import { TicketStatusBadge } from '@/features/queue/components/ticket-status-badge';
import { SectionCard } from '@/features/queue/components/section-card';

/** What the operator last issued, checked in or acted on, as the answer named it. */
export interface LastTicket {
  id: string;
  number: string;
  status: TicketStatus;
}

/**
 * "Tiket terakhir": the ticket the operator last handled, kept current from the server (live
 * events refetch it), with its buttons once its details are in.
 */
export function LastTicketCard({
  last,
  buttons,
}: {
  last: LastTicket | null;
  buttons: (ticket: Ticket) => ReactNode;
}) {
  const { t } = useTranslation('operator');
  const details = useQuery(ticketQueryOptions(last?.id ?? ''));
  const ticket = last && details.data?.id === last.id ? details.data : undefined;
  const shown = ticket ?? last;
  return (
    <SectionCard id="op-last" title={t('result.title')} titleSize="h5">
      {shown ? (
        <Group justify="space-between" wrap="nowrap" data-testid="op-last-ticket">
          <Group gap="xs">
            <Text fw={800} fz="xl">
              {shown.number}
            </Text>
            <TicketStatusBadge status={shown.status} />
          </Group>
          {ticket ? buttons(ticket) : null}
        </Group>
      ) : (
        <Text c="dimmed">{t('lists.empty')}</Text>
      )}
    </SectionCard>
  );
}
