import { Alert, Badge, Button, Card, Loader, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { BranchTimeFormat } from '@/features/queue/lib/branch-time';
import { historyOutcome, type HistoryOutcome } from '@/features/queue/lib/history';
import { formatDuration } from '@/features/queue/lib/ticket-actions';
import { useErrorText } from '@/lib/error-text';

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
  const errorText = useErrorText();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="caller-history">
      <Title order={2} size="h4" id="caller-history" mb="sm">
        {t('history.title')} <Badge variant="light">{tickets.length}</Badge>
      </Title>
      {list.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} mb="sm">
          {errorText(list.error)}
        </Alert>
      ) : null}
      {list.isPending && tickets.length === 0 ? (
        <Loader size="sm" aria-label={t('history.loading')} />
      ) : tickets.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={460}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('waiting.number')}</Table.Th>
                <Table.Th>{t('waiting.service')}</Table.Th>
                <Table.Th>{t('history.outcome')}</Table.Th>
                <Table.Th>{t('history.finishedAt')}</Table.Th>
                <Table.Th>{t('history.duration')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.hasNextPage ? (
        <Button
          mt="sm"
          variant="default"
          size="xs"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('history.more')}
        </Button>
      ) : null}
    </Card>
  );
}
