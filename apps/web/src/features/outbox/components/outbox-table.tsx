import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OutboxSortField } from '@antrean/shared/contracts/outbox.contract';
import { isMessageKind, type MessageStatus, type OutboxMessage } from '@antrean/shared/domain/message';
import type { DataColumn } from '@/components/admin/data-table';

const STATUS_COLORS: Record<MessageStatus, string> = {
  pending: 'gray',
  retrying: 'orange',
  sent: 'blue',
  delivered: 'teal',
  read: 'green',
  failed: 'red',
};

/** The outbox table's columns: time, kind, recipient (masked), status (and since when), tries, last error, retry. */
export function useOutboxColumns({
  onRetry,
  retrying,
}: {
  onRetry: (message: OutboxMessage) => void;
  /** The message whose retry is being sent. */
  retrying: string | null;
}): DataColumn<OutboxMessage, OutboxSortField>[] {
  const { t, i18n } = useTranslation(['outbox', 'common']);
  const time = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return [
    {
      key: 'createdAt',
      header: t('fields.createdAt'),
      sort: 'createdAt',
      nowrap: true,
      render: (m) => time.format(m.createdAt),
    },
    {
      key: 'kind',
      header: t('fields.kind'),
      render: (m) => (isMessageKind(m.kind) ? t(`common:messageKinds.${m.kind}`) : m.kind),
    },
    {
      key: 'recipient',
      header: t('fields.recipient'),
      nowrap: true,
      render: (m) => <Text ff="monospace">{m.recipient}</Text>,
    },
    {
      key: 'status',
      header: t('fields.status'),
      sort: 'status',
      nowrap: true,
      render: (m) => (
        <Stack gap={2} align="flex-start">
          <Badge color={STATUS_COLORS[m.status]} variant="light" miw="max-content">
            {t(`statuses.${m.status}`)}
          </Badge>
          {m.statusAt === null ? null : (
            <Text size="xs" c="dimmed">
              {time.format(m.statusAt)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'attempts',
      header: t('fields.attempts'),
      sort: 'attempts',
      nowrap: true,
      render: (m) => m.attempts,
    },
    {
      key: 'lastError',
      header: t('fields.lastError'),
      render: (m) =>
        m.lastError ? (
          <Text size="sm" c="red.8" miw={180} maw={260} style={{ overflowWrap: 'anywhere' }}>
            {m.lastError}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (m) =>
        m.status === 'failed' ? (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            aria-label={t('retry.label', { recipient: m.recipient, time: time.format(m.createdAt) })}
            loading={retrying === m.id}
            onClick={() => onRetry(m)}
          >
            {t('retry.action')}
          </Button>
        ) : null,
    },
  ];
}
