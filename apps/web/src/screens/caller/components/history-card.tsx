import { Badge, Button, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { BranchTimeFormat } from '@/features/queue/lib/branch-time';
import { historyOutcome, type HistoryOutcome } from '@/features/queue/lib/history';
import { formatDuration } from '@/features/queue/lib/ticket-actions';
import { ListTable, LoadMoreButton, SectionCard } from '@/features/queue/components/section-card';

const OUTCOME_COLORS: Record<HistoryOutcome, string> = {
  finished: 'teal',
  no_show: 'gray',
  cancelled: 'red',
  transferred: 'indigo',
  requeued: 'yellow',
};

/** Today's tickets this caller handled, newest first, with outcome, end time and serving time. */
export function HistoryCard({
  tickets,
  list,
  serviceById,
  format,
  onDetail,
}: {
  tickets: readonly Ticket[];
  /** The server's list: its state and the next page. */
  list: {
    error: Error | null;
    isPending: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  serviceById: ReadonlyMap<string, BranchService>;
  format: BranchTimeFormat;
  onDetail: (ticketId: string) => void;
}) {
  const { t } = useTranslation('caller');
  return (
    <SectionCard id="caller-history" title={t('history.title')} count={tickets.length} error={list.error}>
      {list.isPending && tickets.length === 0 ? (
        <Loader size="sm" aria-label={t('history.loading')} />
      ) : tickets.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <ListTable
          minWidth={460}
          head={[
            t('waiting.number'),
            t('waiting.service'),
            t('history.outcome'),
            t('history.finishedAt'),
            t('history.duration'),
          ]}
        >
          {tickets.map((ticket) => {
            const outcome = historyOutcome(ticket);
            return (
              <Table.Tr key={ticket.id}>
                <Table.Td fw={700}>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    aria-label={t('actions.detailTicket', { number: ticket.number })}
                    onClick={() => onDetail(ticket.id)}
                  >
                    {ticket.number}
                  </Button>
                </Table.Td>
                <Table.Td>{serviceById.get(ticket.serviceId)?.code ?? ''}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={OUTCOME_COLORS[outcome]}>
                    {t(`history.outcomes.${outcome}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{ticket.finishedAt ? format.time(ticket.finishedAt) : '—'}</Table.Td>
                <Table.Td>
                  {ticket.serviceSeconds !== null ? formatDuration(ticket.serviceSeconds) : '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
      <LoadMoreButton list={list} label={t('history.more')} />
    </SectionCard>
  );
}
