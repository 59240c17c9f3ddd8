import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPower, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserSortField } from '@antrean/shared/contracts/users.contract';
import type { StaffUser } from '@antrean/shared/domain/staff-user';
import type { DataColumn } from '@/components/admin/data-table';

/** The users table's columns: name and username, role, branches, phone, status and the row's actions. */
export function useUserColumns({
  branchNames,
  onEdit,
  onToggleActive,
  onDelete,
}: {
  branchNames: ReadonlyMap<string, string>;
  onEdit: (user: StaffUser) => void;
  onToggleActive: (user: StaffUser) => void;
  onDelete: (user: StaffUser) => void;
}): DataColumn<StaffUser, UserSortField>[] {
  const { t } = useTranslation(['users', 'common']);
  return [
    {
      key: 'fullName',
      header: t('fields.fullName'),
      sort: 'fullName',
      render: (u) => <Text fw={600}>{u.fullName}</Text>,
    },
    {
      key: 'username',
      header: t('fields.username'),
      sort: 'username',
      nowrap: true,
      render: (u) => u.username,
    },
    {
      key: 'role',
      header: t('fields.role'),
      sort: 'role',
      nowrap: true,
      render: (u) => (
        <Badge variant="light" color={u.role === 'admin' ? 'grape' : 'blue'} miw="max-content">
          {t(`common:roles.${u.role}`)}
        </Badge>
      ),
    },
    {
      key: 'branches',
      header: t('fields.branches'),
      render: (u) =>
        u.role === 'admin' ? (
          <Text size="sm" c="dimmed">
            {t('filter.allBranches')}
          </Text>
        ) : (
          <Stack gap={2}>
            {u.branchIds.map((id) => (
              <Text key={id} size="sm">
                {branchNames.get(id) ?? '—'}
              </Text>
            ))}
          </Stack>
        ),
    },
    { key: 'phone', header: t('fields.phone'), nowrap: true, render: (u) => u.phone ?? '—' },
    {
      key: 'status',
      header: t('fields.status'),
      sort: 'status',
      nowrap: true,
      render: (u) => (
        <Badge color={u.isActive ? 'green' : 'gray'} variant="light" miw="max-content">
          {u.isActive ? t('common:status.active') : t('common:status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (u) => (
        <Group gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('actions.editLabel', { name: u.fullName })}
            onClick={() => onEdit(u)}
          >
            {t('common:admin.edit')}
          </Button>
          <Button
            variant="light"
            color={u.isActive ? 'orange' : 'green'}
            size="compact-sm"
            leftSection={<IconPower size={14} aria-hidden />}
            aria-label={
              u.isActive
                ? t('actions.deactivateLabel', { name: u.fullName })
                : t('actions.activateLabel', { name: u.fullName })
            }
            onClick={() => onToggleActive(u)}
          >
            {u.isActive ? t('actions.deactivate') : t('actions.activate')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('actions.deleteLabel', { name: u.fullName })}
            onClick={() => onDelete(u)}
          >
            {t('common:admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];
}
