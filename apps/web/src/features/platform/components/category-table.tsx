import { Button, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TenantCategorySortField } from '@antrean/shared/contracts/platform.contract';
import type { TenantCategory } from '@antrean/shared/domain/tenant';
import type { DataColumn } from '@/components/admin/data-table';

/** The categories table's columns: name, how many tenants, and the row's actions. */
export function useCategoryColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (category: TenantCategory) => void;
  onDelete: (category: TenantCategory) => void;
}): DataColumn<TenantCategory, TenantCategorySortField>[] {
  const { t } = useTranslation(['platform', 'common']);
  return [
    {
      key: 'name',
      header: t('categories.fields.name'),
      sort: 'name',
      render: (c) => <Text fw={600}>{c.name}</Text>,
    },
    {
      key: 'tenantCount',
      header: t('categories.fields.tenantCount'),
      sort: 'tenantCount',
      nowrap: true,
      render: (c) => c.tenantCount,
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
            aria-label={t('categories.actions.editLabel', { name: c.name })}
            onClick={() => onEdit(c)}
          >
            {t('common:admin.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('categories.actions.deleteLabel', { name: c.name })}
            onClick={() => onDelete(c)}
          >
            {t('common:admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];
}
