import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPencil, IconPower, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CounterSortField } from '@antrean/shared/contracts/counters.contract';
import type { Counter } from '@antrean/shared/domain/counter';
import type { DataColumn } from '@/components/admin/data-table';

/** The counters table's columns: number, name, services, status and the row's actions. */
export function useCounterColumns({
  serviceNames,
  onEdit,
  onToggleActive,
  onDelete,
}: {
  serviceNames: ReadonlyMap<string, string>;
  onEdit: (counter: Counter) => void;
  onToggleActive: (counter: Counter) => void;
  onDelete: (counter: Counter) => void;
}): DataColumn<Counter, CounterSortField>[] {
  const { t } = useTranslation(['counters', 'common']);
  return [
    { key: 'number', header: t('fields.number'), sort: 'number', nowrap: true, render: (c) => c.number },
    {
      key: 'name',
      header: t('fields.name'),
      sort: 'name',
      nowrap: true,
      render: (c) => <Text fw={600}>{c.name}</Text>,
    },
    {
      key: 'services',
      header: t('fields.services'),
      render: (c) => (
        <Group gap={4}>
          {c.serviceIds.map((id) => (
            <Badge key={id} variant="light" color="blue" miw="max-content">
              {serviceNames.get(id) ?? '—'}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sort: 'status',
      nowrap: true,
      render: (c) => (
        <Badge color={c.isActive ? 'green' : 'gray'} variant="light" miw="max-content">
          {c.isActive ? t('common:status.active') : t('common:status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (c) => (
        <Group gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('actions.editLabel', { name: c.name })}
            onClick={() => onEdit(c)}
          >
            {t('common:admin.edit')}
          </Button>
          <Button
            variant="light"
            color={c.isActive ? 'orange' : 'green'}
            size="compact-sm"
            leftSection={<IconPower size={14} aria-hidden />}
            aria-label={
              c.isActive
                ? t('actions.deactivateLabel', { name: c.name })
                : t('actions.activateLabel', { name: c.name })
            }
            onClick={() => onToggleActive(c)}
          >
            {c.isActive ? t('actions.deactivate') : t('actions.activate')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('actions.deleteLabel', { name: c.name })}
            onClick={() => onDelete(c)}
          >
            {t('common:admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];
}
