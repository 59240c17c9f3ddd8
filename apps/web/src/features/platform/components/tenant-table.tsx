import { Avatar, Badge, Button, Group, Text } from '@mantine/core';
import { IconBuilding, IconLogin2, IconPencil, IconPower } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tenantLogoUrl, type TenantSortField } from '@antrean/shared/contracts/platform.contract';
import type { Tenant } from '@antrean/shared/domain/tenant';
import type { DataColumn } from '@/components/admin/data-table';

/** The tenants table's columns: logo and name, category, status, created, and the row's actions. */
export function useTenantColumns({
  formatDate,
  onEdit,
  onToggleActive,
  onEnter,
}: {
  formatDate: (epochMs: number) => string;
  onEdit: (tenant: Tenant) => void;
  onToggleActive: (tenant: Tenant) => void;
  /** Act inside the tenant (its pages then show its data). */
  onEnter: (tenant: Tenant) => void;
}): DataColumn<Tenant, TenantSortField>[] {
  const { t } = useTranslation(['platform', 'common']);
  return [
    {
      key: 'name',
      header: t('tenants.fields.name'),
      sort: 'name',
      render: (x) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={x.logoFileId ? tenantLogoUrl(x.id, x.logoFileId) : null} alt="" radius="sm" size="sm">
            <IconBuilding size={16} aria-hidden />
          </Avatar>
          <Text fw={600}>{x.name}</Text>
        </Group>
      ),
    },
    {
      key: 'category',
      header: t('tenants.fields.category'),
      sort: 'category',
      render: (x) => x.categoryName,
    },
    {
      key: 'status',
      header: t('tenants.fields.status'),
      sort: 'status',
      nowrap: true,
      render: (x) => (
        <Badge color={x.isActive ? 'green' : 'gray'} variant="light" miw="max-content">
          {x.isActive ? t('common:status.active') : t('common:status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      header: t('tenants.fields.createdAt'),
      sort: 'createdAt',
      nowrap: true,
      render: (x) => formatDate(x.createdAt),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (x) => (
        <Group gap={4} wrap="nowrap">
          <Button
            variant="filled"
            size="compact-sm"
            leftSection={<IconLogin2 size={14} aria-hidden />}
            aria-label={t('acting.startLabel', { name: x.name })}
            onClick={() => onEnter(x)}
          >
            {t('acting.start')}
          </Button>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('tenants.actions.editLabel', { name: x.name })}
            onClick={() => onEdit(x)}
          >
            {t('common:admin.edit')}
          </Button>
          <Button
            variant="light"
            color={x.isActive ? 'orange' : 'green'}
            size="compact-sm"
            leftSection={<IconPower size={14} aria-hidden />}
            aria-label={
              x.isActive
                ? t('tenants.actions.deactivateLabel', { name: x.name })
                : t('tenants.actions.activateLabel', { name: x.name })
            }
            onClick={() => onToggleActive(x)}
          >
            {x.isActive ? t('tenants.actions.deactivate') : t('tenants.actions.activate')}
          </Button>
        </Group>
      ),
    },
  ];
}
