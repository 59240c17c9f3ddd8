import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/features/queue/components/section-card';
import { TicketStatusBadge } from '@/features/queue/components/ticket-status-badge';
import { formatDuration } from '@/features/queue/lib/ticket-actions';
import {
  counterState,
  counterTimer,
  relativeTime,
  type CounterState,
  type MonitorCounter,
} from '../lib/counters';

const STATE_COLORS: Record<CounterState, string> = {
  serving: 'teal',
  calling: 'grape',
  idle: 'blue',
  empty: 'gray',
};

/** The branch's counters: who works there, the current ticket, its timer (SLA from serve start) and state. */
export function CountersTable({
  counters,
  serviceCode,
  serverNow,
  now,
}: {
  counters: readonly MonitorCounter[];
  serviceCode: (serviceId: string) => string;
  /** The server's clock now (timers). */
  serverNow: number;
  /** This machine's clock now ("since" texts). */
  now: number;
}) {
  const { t, i18n } = useTranslation('supervisor');
  return (
    <ListTable
      striped
      aria-labelledby="spv-counters"
      minWidth={640}
      head={[
        t('counters.counter'),
        t('counters.caller'),
        t('counters.ticket'),
        t('counters.elapsed'),
        t('counters.state'),
      ]}
    >
      {counters.length === 0 ? (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <Text c="dimmed">{t('counters.empty')}</Text>
          </Table.Td>
        </Table.Tr>
      ) : null}
      {counters.map((counter) => {
        const state = counterState(counter);
        const timer = counterTimer(counter, serverNow);
        return (
          <Table.Tr key={counter.id}>
            <Table.Td fw={700} style={{ whiteSpace: 'nowrap' }}>
              {counter.name}
              <Text size="xs" c="dimmed">
                {counter.serviceIds.map(serviceCode).join(', ')}
              </Text>
            </Table.Td>
            <Table.Td>
              {counter.caller ? (
                <>
                  {counter.caller.fullName}
                  <Text size="xs" c="dimmed">
                    {relativeTime(counter.caller.since, now, i18n.language)}
                  </Text>
                </>
              ) : (
                <Text c="dimmed">{t('counters.noCaller')}</Text>
              )}
            </Table.Td>
            <Table.Td>
              {counter.current ? (
                <Group gap="xs" wrap="nowrap">
                  <Text fw={700}>{counter.current.number}</Text>
                  <TicketStatusBadge status={counter.current.status} size="sm" />
                </Group>
              ) : (
                t('counters.noTicket')
              )}
            </Table.Td>
            <Table.Td data-testid="spv-timer">
              {timer?.phase === 'serving' ? (
                <Badge color={timer.breached ? 'red' : 'green'} variant="filled">
                  {formatDuration(timer.seconds)}
                  {timer.slaSeconds !== null ? ` / ${formatDuration(timer.slaSeconds)}` : ''}
                  {' · '}
                  {timer.breached ? t('sla.breached') : t('sla.ok')}
                </Badge>
              ) : timer?.phase === 'calling' ? (
                <Badge color="gray" variant="light">
                  {t('counters.calledFor', { time: formatDuration(timer.seconds) })}
                </Badge>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={STATE_COLORS[state]} variant="light">
                {t(`state.${state}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
