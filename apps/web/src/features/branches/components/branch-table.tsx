import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconSettings, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BranchSortField } from '@antrean/shared/contracts/branch-admin.contract';
import type { Branch } from '@antrean/shared/domain/branch';
import type { DataColumn } from '@/components/admin/data-table';
import { branchHref } from '../lib/paths';

/** The branches table's columns: code, name, city, category, limits, status and the row's actions. */
export function useBranchColumns({
  onDelete,
}: {
  onDelete: (branch: Branch) => void;
}): DataColumn<Branch, BranchSortField>[] {
  const { t } = useTranslation(['branches', 'common']);
  return [
    { key: 'code', header: t('fields.code'), sort: 'code', nowrap: true, render: (b) => b.code },
    {
      key: 'name',
      header: t('fields.name'),
      sort: 'name',
      render: (b) => (
        <Anchor component={Link} to={branchHref(b.id)} fw={600}>
          {b.name}
        </Anchor>
      ),
    },
    {
      key: 'city',
      header: t('fields.city'),
      sort: 'city',
      render: (b) => (
        <Text size="sm">
          {b.city}
          <Text span c="dimmed" size="sm">
            {b.province ? ` · ${b.province}` : ''}
          </Text>
        </Text>
      ),
    },
    { key: 'category', header: t('fields.category'), render: (b) => b.category },
    {
      key: 'limits',
      header: t('columns.limits'),
      nowrap: true,
      render: (b) => t('columns.limitsValue', { counters: b.counterLimit, displays: b.displayLimit }),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sort: 'status',
      nowrap: true,
      render: (b) => (
        <Badge color={b.isActive ? 'green' : 'gray'} variant="light" miw="max-content">
          {b.isActive ? t('common:status.active') : t('common:status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (b) => (
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={branchHref(b.id)}
            variant="light"
            size="compact-sm"
            leftSection={<IconSettings size={14} aria-hidden />}
            aria-label={t('actions.openLabel', { name: b.name })}
          >
            {t('actions.open')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('actions.deleteLabel', { name: b.name })}
            onClick={() => onDelete(b)}
          >
            {t('common:admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];
}
