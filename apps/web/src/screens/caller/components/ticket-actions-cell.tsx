import type { ReactNode } from 'react';
import { Group, Table, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { DetailIconButton } from '@/features/queue/components/section-card';

/** The last cell of a caller ticket row: the row's action buttons, then the detail button. */
export function TicketActionsCell({
  ticket,
  justify,
  onDetail,
  children,
}: {
  ticket: Ticket;
  justify?: GroupProps['justify'];
  onDetail: (ticketId: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('caller');
  return (
    <Table.Td>
      <Group gap="xs" wrap="nowrap" justify={justify}>
        {children}
        <DetailIconButton
          label={t('actions.detailTicket', { number: ticket.number })}
          onClick={() => onDetail(ticket.id)}
        />
      </Group>
    </Table.Td>
  );
}
