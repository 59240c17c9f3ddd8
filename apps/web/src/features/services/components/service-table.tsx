import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPencil, IconPower, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceSortField } from '@antrean/shared/contracts/services.contract';
import type { Service } from '@antrean/shared/domain/service';
import type { DataColumn } from '@/components/admin/data-table';

/** The services table's columns: code, name, sub services, SLA, status and the row's actions. */
export function useServiceColumns({
  onEdit,
  onToggleActive,
  onDelete,
}: {
  onEdit?: (service: Service) => void;
  onToggleActive: (service: Service) => void;
  onDelete?: (service: Service) => void;
}): DataColumn<Service, ServiceSortField>[] {
  const { t } = useTranslation(['services', 'common']);
  return [
    {
      key: 'code',
      header: t('fields.code'),
      sort: 'code',
      nowrap: true,
      render: (s) => <Text fw={700}>{s.code}</Text>,
    },
    { key: 'name', header: t('fields.name'), sort: 'name', render: (s) => <Text fw={600}>{s.name}</Text> },
    {
      key: 'subServices',
      header: t('fields.subServices'),
      render: (s) => (
        <Group gap={4}>
          {s.subServices.map((sub) => (
            <Badge key={sub.id} variant="light" color={sub.isActive ? 'blue' : 'gray'} miw="max-content">
              {sub.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'sla', header: t('fields.slaSeconds'), sort: 'sla', nowrap: true, render: (s) => s.slaSeconds },
    {
      key: 'status',
      header: t('fields.status'),
      nowrap: true,
      render: (s) => (
        <Badge color={s.isActive ? 'green' : 'gray'} variant="light" miw="max-content">
          {s.isActive ? t('common:status.active') : t('common:status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (s) => (
        <Group gap={4} wrap="nowrap">
          {onEdit ? (
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-label={t('actions.editLabel', { name: s.name })}
              onClick={() => onEdit(s)}
            >
              {t('common:admin.edit')}
            </Button>
          ) : null}
          <Button
            variant="light"
            color={s.isActive ? 'orange' : 'green'}
            size="compact-sm"
            leftSection={<IconPower size={14} aria-hidden />}
            aria-label={
              s.isActive
                ? t('actions.deactivateLabel', { name: s.name })
                : t('actions.activateLabel', { name: s.name })
            }
            onClick={() => onToggleActive(s)}
          >
            {s.isActive ? t('actions.deactivate') : t('actions.activate')}
          </Button>
          {onDelete ? (
            <Button
              variant="light"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={t('actions.deleteLabel', { name: s.name })}
              onClick={() => onDelete(s)}
            >
              {t('common:admin.delete')}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];
}
