import { useState } from 'react';
import { Badge, Button, Card, Group, Pagination, Select, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { ListTable } from '@/features/queue/components/section-card';
import type { BranchTimeFormat } from '@/features/queue/lib/branch-time';
import { callerActions } from '@/features/queue/lib/ticket-actions';
import { TicketActionsCell } from './ticket-actions-cell';

const PAGE_SIZES = ['10', '25', '50'] as const;

/**
 * The waiting tickets of the chosen services in calling order, page by page, with the time each
 * entered the queue on the branch's clock. "Panggil" only for random-caller services.
 */
export function WaitingCard({
  tickets,
  serviceById,
  format,
  mayCall,
  busy,
  onCall,
  onDetail,
}: {
  tickets: readonly Ticket[];
  serviceById: ReadonlyMap<string, BranchService>;
  format: BranchTimeFormat;
  /** The counter is free to call a chosen ticket. */
  mayCall: boolean;
  busy: boolean;
  onCall: (ticket: Ticket) => void;
  onDetail: (ticketId: string) => void;
}) {
  const { t } = useTranslation('caller');
  const [pageSize, setPageSize] = useState<string>('10');
  const [page, setPage] = useState(1);
  const size = Number(pageSize);
  const pageCount = Math.max(1, Math.ceil(tickets.length / size));
  const shownPage = Math.min(page, pageCount);
  const rows = tickets.slice((shownPage - 1) * size, shownPage * size);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="caller-waiting">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="caller-waiting">
          {t('waiting.title')} <Badge variant="light">{tickets.length}</Badge>
        </Title>
        <Select
          label={t('waiting.pageSize')}
          data={[...PAGE_SIZES]}
          value={pageSize}
          onChange={(value) => {
            setPageSize(value ?? '10');
            setPage(1);
          }}
          allowDeselect={false}
          w={140}
          size="xs"
        />
      </Group>
      {tickets.length === 0 ? (
        <Text c="dimmed">{t('waiting.empty')}</Text>
      ) : (
        <ListTable
          striped
          highlightOnHover
          minWidth={300}
          head={[t('waiting.number'), t('waiting.service'), t('waiting.queuedAt'), t('waiting.actions')]}
        >
          {rows.map((ticket) => {
            const service = serviceById.get(ticket.serviceId);
            const canCall = mayCall && callerActions(ticket.status, service).includes('call');
            return (
              <Table.Tr key={ticket.id}>
                <Table.Td fw={700}>
                  {ticket.number}{' '}
                  {ticket.isBooking ? (
                    <Badge size="xs" variant="outline">
                      {t('waiting.booking')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{service?.code ?? ''}</Table.Td>
                <Table.Td data-testid="waiting-queued-at">
                  {format.time(ticket.queuedAt ?? ticket.issuedAt)}
                </Table.Td>
                <TicketActionsCell ticket={ticket} onDetail={onDetail}>
                  {canCall ? (
                    <Button
                      size="xs"
                      aria-label={t('actions.callTicket', { number: ticket.number })}
                      disabled={busy}
                      onClick={() => onCall(ticket)}
                    >
                      {t('actions.call')}
                    </Button>
                  ) : null}
                </TicketActionsCell>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
      {pageCount > 1 ? (
        <Pagination
          mt="sm"
          total={pageCount}
          value={shownPage}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('waiting.pagination') : undefined,
          })}
        />
      ) : null}
    </Card>
  );
}
