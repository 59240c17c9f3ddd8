import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BranchQueue, Ticket } from '@antrean/shared/domain/ticket/ticket';
import { TicketStatusBadge } from '@/features/queue/components/ticket-status-badge';

const COUNTS = ['waiting', 'active', 'held', 'skipped', 'unvalidated', 'booked', 'finished'] as const;

/** The live board: per service its counts and its active, waiting and postponed tickets with their buttons. */
export function ServiceBoard({
  queue,
  buttons,
}: {
  queue: BranchQueue;
  buttons: (ticket: Ticket) => ReactNode;
}) {
  const { t } = useTranslation('operator');
  const list = (label: string, tickets: readonly Ticket[]) => (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {tickets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lists.empty')}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tickets.map((ticket) => (
            <Group key={ticket.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap">
                <Text fw={700}>{ticket.number}</Text>
                <TicketStatusBadge status={ticket.status} size="sm" />
              </Group>
              {buttons(ticket)}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
      {queue.services.map((s) => (
        <Card key={s.serviceId} withBorder radius="md" padding="lg" component="section" aria-label={s.name}>
          <Title order={2} size="h4" mb="sm">
            <Badge variant="light" mr="xs">
              {s.code}
            </Badge>
            {s.name}
          </Title>
          <Group gap="xs" mb="sm">
            {COUNTS.map((k) => (
              <Badge
                key={k}
                variant="outline"
                color={k === 'unvalidated' && s.counts[k] > 0 ? 'orange' : 'gray'}
              >
                {t(`counts.${k}`)}: {s.counts[k]}
              </Badge>
            ))}
          </Group>
          {s.counts.unvalidated > 0 ? (
            <Text size="xs" c="orange" mb="xs">
              {t('unvalidatedNote', { count: s.counts.unvalidated })}
            </Text>
          ) : null}
          <Stack gap="sm">
            {list(t('lists.active'), s.active)}
            {list(t('lists.waiting'), s.waiting)}
            {list(t('lists.postponed'), [...s.held, ...s.skipped])}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
