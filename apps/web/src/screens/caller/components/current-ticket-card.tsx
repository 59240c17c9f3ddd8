import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { TicketActionButtons } from '@/features/queue/components/ticket-action-buttons';
import { TicketStatusBadge } from '@/features/queue/components/ticket-status-badge';
import {
  formatDuration,
  phaseStart,
  SLA_COLORS,
  slaOf,
  type CallerAction,
} from '@/features/queue/lib/ticket-actions';
import { SectionCard } from '@/features/queue/components/section-card';

const SLA_LABELS = {
  ok: 'current.slaOk',
  warning: 'current.slaWarning',
  breached: 'current.slaBreached',
} as const;

/**
 * The counter's current ticket: its number, status, the time since the call (or since service
 * started) and, while it is served, the SLA; only the buttons its status allows. Idle: "call next".
 */
export function CurrentTicketCard({
  current,
  service,
  now,
  pending,
  callingNext,
  canCallNext,
  canAct,
  onAction,
  onCallNext,
  onDetail,
  onNewTransaction,
}: {
  current: Ticket | null;
  service: BranchService | undefined;
  now: number;
  pending: CallerAction | null;
  callingNext: boolean;
  canCallNext: boolean;
  /** The counter is held here: the ticket's buttons work. */
  canAct: boolean;
  onAction: (action: CallerAction, ticket: Ticket) => void;
  onCallNext: () => void;
  onDetail: (ticketId: string) => void;
  /** Only for staff who may issue tickets (operators). */
  onNewTransaction?: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation('caller');
  return (
    <SectionCard id="caller-current" title={t('current.title')}>
      {current ? (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Text fz={56} fw={800} lh={1} data-testid="current-ticket-number">
                {current.number}
              </Text>
              <Group gap="xs">
                <TicketStatusBadge status={current.status} size="lg" />
                <Text size="sm" c="dimmed">
                  {service ? `${service.code} · ${service.name}` : null}
                </Text>
              </Group>
              {current.recallCount > 0 ? (
                <Text size="xs" c="dimmed">
                  {t('current.recallCount', { count: current.recallCount })}
                </Text>
              ) : null}
            </Stack>
            <TicketTimer ticket={current} service={service} now={now} />
          </Group>
          <Group justify="space-between">
            <TicketActionButtons
              ticket={current}
              service={service}
              pending={pending}
              onAction={(name) => onAction(name, current)}
              exclude={['call', 'requeue']}
              disabled={!canAct}
            />
            <Group gap="xs">
              {onNewTransaction ? (
                <Button
                  variant="subtle"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => onNewTransaction(current)}
                >
                  {t('actions.newTransaction')}
                </Button>
              ) : null}
              <Button
                variant="subtle"
                leftSection={<IconInfoCircle size={16} aria-hidden />}
                onClick={() => onDetail(current.id)}
              >
                {t('current.detail')}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" align="flex-start">
          <Text c="dimmed">{t('current.idle')}</Text>
          <Button
            size="lg"
            leftSection={<IconSpeakerphone size={20} aria-hidden />}
            loading={callingNext}
            disabled={!canCallNext}
            onClick={onCallNext}
          >
            {t('actions.callNext')}
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}

/** Time since the call, or since service started; the SLA (a serving time) only while served. */
function TicketTimer({
  ticket,
  service,
  now,
}: {
  ticket: Ticket;
  service: BranchService | undefined;
  now: number;
}) {
  const { t } = useTranslation('caller');
  const start = phaseStart(ticket);
  const elapsed = start ? Math.max(0, (now - start) / 1000) : 0;
  const sla = slaOf(ticket, service?.slaSeconds, now);
  return (
    <Stack gap={4} align="flex-end">
      <Text size="xs" c="dimmed">
        {ticket.status === 'serving' ? t('current.sinceServing') : t('current.sinceCall')}
      </Text>
      <Text fz={32} fw={700} ff="monospace" role="timer" aria-live="off">
        {formatDuration(elapsed)}
      </Text>
      {sla ? (
        <Badge color={SLA_COLORS[sla.state]} variant="filled" data-testid="caller-sla">
          {t(SLA_LABELS[sla.state])}
        </Badge>
      ) : null}
      {service ? (
        <Text size="xs" c="dimmed">
          {sla
            ? t('current.sla', { minutes: Math.round(service.slaSeconds / 60) })
            : t('current.slaFromServe', { minutes: Math.round(service.slaSeconds / 60) })}
        </Text>
      ) : null}
    </Stack>
  );
}
