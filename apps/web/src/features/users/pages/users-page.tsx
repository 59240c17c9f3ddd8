import { useState } from 'react';
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  USER_SORT_FIELDS,
  USER_STATUS_FILTERS,
  type UserGroup,
  type UserSortField,
} from '@antrean/shared/contracts/users.contract';
import {
  SERVICE_ROLES,
  TENANT_ROLES,
  type StaffUser,
  type TenantRole,
} from '@antrean/shared/domain/staff-user';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { branchesQueryOptions } from '@/lib/queries/branches';
import { useDocumentTitle } from '@/lib/use-document-title';
import { userListQueryOptions } from '../api/list-users';
import { useCreateUser, useDeleteUser, useUpdateUser } from '../api/mutations';
import { UserFormDrawer, type UserFormValues } from '../components/user-form';
import { UserImportDrawer } from '../components/user-import-drawer';
import { useUserColumns } from '../components/user-table';

type Editing = { mode: 'create' } | { mode: 'edit'; user: StaffUser } | null;
const isStatusFilter = (v: string | null): v is (typeof USER_STATUS_FILTERS)[number] =>
  USER_STATUS_FILTERS.some((s) => s === v);
const isRole = (v: string | null): v is TenantRole => TENANT_ROLES.some((r) => r === v);

/**
 * One users page: `/dashboard/pengguna` (the admins) or `/dashboard/master/user-layanan` (the
 * service users). Page, search, sort and filters on the server (kept in the URL); create and
 * edit in a drawer (with a password reset), deactivate and delete after confirmation.
 */
function UsersAdminPage({ group }: { group: UserGroup }) {
  const { t } = useTranslation(['users', 'common']);
  useDocumentTitle(t(`${group}.documentTitle`));
  const errorText = useErrorText();
  const list = useListParams<UserSortField>(USER_SORT_FIELDS, 'fullName');
  const { params, update, search } = list;
  const statusParam = search.get('status');
  const status = isStatusFilter(statusParam) ? statusParam : undefined;
  const roleParam = search.get('role');
  const role = group === 'service' && isRole(roleParam) ? roleParam : undefined;
  const branchParam = search.get('branch');

  const branchesQuery = useQuery(branchesQueryOptions());
  const branches = branchesQuery.data ?? [];
  const branchId = group === 'service' && branches.some((b) => b.id === branchParam) ? branchParam : null;
  const branchNames = new Map(branches.map((b) => [b.id, `${b.code} · ${b.name}`]));

  const users = useQuery(
    userListQueryOptions({
      ...params,
      q: params.q === '' ? undefined : params.q,
      group,
      status,
      role,
      branchId: branchId ?? undefined,
    }),
  );

  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const [deactivating, setDeactivating] = useState<StaffUser | null>(null);
  const [importing, setImporting] = useState(false);
  const create = useCreateUser();
  const updateUser = useUpdateUser();
  const remove = useDeleteUser();

  const setActive = (user: StaffUser, isActive: boolean) => {
    updateUser.mutate(
      { userId: user.id, body: { isActive } },
      {
        onSuccess: (saved) =>
          notifySuccess(t(isActive ? 'notify.activated' : 'notify.deactivated', { name: saved.fullName })),
        onError: (error) => notifyFailure(errorText(error)),
        onSettled: () => setDeactivating(null),
      },
    );
  };

  const columns = useUserColumns({
    branchNames,
    onEdit: (user) => setEditing({ mode: 'edit', user }),
    onToggleActive: (user) => {
      if (user.isActive) setDeactivating(user);
      else setActive(user, true);
    },
    onDelete: setDeleting,
  });

  const save = async ({ password, ...values }: UserFormValues) => {
    if (editing?.mode === 'edit') {
      const body = password === undefined ? values : { ...values, password };
      const saved = await updateUser.mutateAsync({ userId: editing.user.id, body });
      notifySuccess(t('notify.updated', { name: saved.fullName }));
    } else {
      const saved = await create.mutateAsync({ ...values, password: password ?? '' });
      notifySuccess(t('notify.created', { name: saved.fullName }));
    }
    setEditing(null);
  };

  const data = users.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t(`${group}.title`)} intro={t(`${group}.intro`)} />

      {users.isError ? (
        <ErrorAlert
          title={t(`${group}.loadFailed`)}
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t(`${group}.caption`)}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(u) => u.id}
            isPending={users.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('search')}
            toolbar={
              <Group gap="sm" align="flex-end" wrap="wrap">
                {group === 'service' ? (
                  <>
                    <Select
                      label={t('filter.role')}
                      data={[
                        { value: 'all', label: t('filter.all') },
                        ...SERVICE_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) })),
                      ]}
                      value={role ?? 'all'}
                      onChange={(value) => update({ role: value === 'all' ? null : value })}
                      allowDeselect={false}
                      w={150}
                    />
                    <Select
                      label={t('filter.branch')}
                      data={[
                        { value: 'all', label: t('filter.allBranches') },
                        ...branches.map((b) => ({ value: b.id, label: `${b.code} · ${b.name}` })),
                      ]}
                      value={branchId ?? 'all'}
                      onChange={(value) => update({ branch: value === 'all' ? null : value })}
                      allowDeselect={false}
                      searchable
                      w={200}
                    />
                  </>
                ) : null}
                <Select
                  label={t('fields.status')}
                  data={[
                    { value: 'all', label: t('filter.all') },
                    ...USER_STATUS_FILTERS.map((s) => ({ value: s, label: t(`common:status.${s}`) })),
                  ]}
                  value={status ?? 'all'}
                  onChange={(value) => update({ status: value === 'all' ? null : value })}
                  allowDeselect={false}
                  w={150}
                />
                {group === 'service' ? (
                  <Button
                    variant="default"
                    leftSection={<IconFileImport size={16} aria-hidden />}
                    onClick={() => setImporting(true)}
                  >
                    {t('import.open')}
                  </Button>
                ) : null}
                <Button
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setEditing({ mode: 'create' })}
                >
                  {t(`${group}.create`)}
                </Button>
              </Group>
            }
          />
        </Paper>
      )}

      {editing ? (
        <UserFormDrawer
          key={editing.mode === 'edit' ? editing.user.id : 'new'}
          user={editing.mode === 'edit' ? editing.user : null}
          defaultRole={group === 'admins' ? 'admin' : 'caller'}
          branches={branches}
          pending={create.isPending || updateUser.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}

      {importing ? <UserImportDrawer onClose={() => setImporting(false)} /> : null}

      <ConfirmDialog
        opened={deactivating !== null}
        title={t('deactivate.title', { name: deactivating?.fullName ?? '' })}
        confirmLabel={t('actions.deactivate')}
        color="orange"
        pending={updateUser.isPending}
        onConfirm={() => {
          if (deactivating) setActive(deactivating, false);
        }}
        onClose={() => setDeactivating(null)}
      >
        {t('deactivate.body')}
      </ConfirmDialog>

      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.fullName ?? '' })}
        confirmLabel={t('common:admin.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { fullName, id } = deleting;
          remove.mutate(id, {
            onSuccess: () => notifySuccess(t('notify.deleted', { name: fullName })),
            onError: (error) => notifyFailure(errorText(error)),
            onSettled: () => setDeleting(null),
          });
        }}
        onClose={() => setDeleting(null)}
      >
        {t('delete.body')}
      </ConfirmDialog>
    </Stack>
  );
}

/** /dashboard/pengguna — the tenant's admins. */
export function UsersPage() {
  return <UsersAdminPage group="admins" />;
}

/** /dashboard/master/user-layanan — the service users (callers, operators, supervisors). */
export function ServiceUsersPage() {
  return <UsersAdminPage group="service" />;
}
