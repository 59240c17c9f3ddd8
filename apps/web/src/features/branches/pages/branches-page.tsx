import { useState } from 'react';
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  BRANCH_SORT_FIELDS,
  BRANCH_STATUS_FILTERS,
  type BranchSortField,
} from '@antrean/shared/contracts/branch-admin.contract';
import type { Branch, BranchValues } from '@antrean/shared/domain/branch';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { isApiError } from '@/lib/api';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateBranch, useDeleteBranch, useUpdateBranch } from '../api/mutations';
import { branchListQueryOptions } from '../api/queries';
import { BranchCreateDrawer } from '../components/branch-form';
import { BranchImportDrawer } from '../components/branch-import-drawer';
import { useBranchColumns } from '../components/branch-table';
import { branchHref } from '../lib/paths';
import { BranchDetailPage } from './branch-detail-page';

const isStatusFilter = (v: string | null): v is (typeof BRANCH_STATUS_FILTERS)[number] =>
  BRANCH_STATUS_FILTERS.some((s) => s === v);

/** /dashboard/master/cabang and /dashboard/master/cabang/:id share one route entry. */
export function BranchesRoute() {
  const { id } = useParams();
  return id ? <BranchDetailPage key={id} branchId={id} /> : <BranchesPage />;
}

/**
 * /dashboard/master/cabang — the tenant's branches (admin): page, search, sort and filter on the
 * server (kept in the URL), create in a drawer (then the branch's page opens), delete after
 * confirmation; a branch with queue history cannot be deleted, and the dialog offers to
 * deactivate it instead.
 */
export function BranchesPage() {
  const { t } = useTranslation(['branches', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const navigate = useNavigate();
  const list = useListParams<BranchSortField>(BRANCH_SORT_FIELDS, 'code');
  const { params, update, search } = list;
  const statusParam = search.get('status');
  const status = isStatusFilter(statusParam) ? statusParam : undefined;
  const branches = useQuery(
    branchListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q, status }),
  );

  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Branch | null>(null);
  const [inUse, setInUse] = useState<Branch | null>(null);
  const [importing, setImporting] = useState(false);
  const create = useCreateBranch();
  const remove = useDeleteBranch();
  const updateBranch = useUpdateBranch();
  const columns = useBranchColumns({ onDelete: setDeleting });

  const save = async (values: BranchValues) => {
    const saved = await create.mutateAsync(values);
    notifySuccess(t('notify.created', { name: saved.name }));
    setCreating(false);
    void navigate(branchHref(saved.id));
  };

  const data = branches.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      {branches.isError ? (
        <ErrorAlert title={t('loadFailed')} error={branches.error} onRetry={() => void branches.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(b) => b.id}
            isPending={branches.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('search')}
            toolbar={
              <Group gap="sm" align="flex-end">
                <Select
                  label={t('fields.status')}
                  data={[
                    { value: 'all', label: t('filter.all') },
                    ...BRANCH_STATUS_FILTERS.map((s) => ({ value: s, label: t(`common:status.${s}`) })),
                  ]}
                  value={status ?? 'all'}
                  onChange={(value) => update({ status: value === 'all' ? null : value })}
                  allowDeselect={false}
                  w={150}
                />
                <Button
                  variant="default"
                  leftSection={<IconFileImport size={16} aria-hidden />}
                  onClick={() => setImporting(true)}
                >
                  {t('import.open')}
                </Button>
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                  {t('actions.create')}
                </Button>
              </Group>
            }
          />
        </Paper>
      )}

      {creating ? (
        <BranchCreateDrawer pending={create.isPending} onSubmit={save} onClose={() => setCreating(false)} />
      ) : null}

      {importing ? <BranchImportDrawer onClose={() => setImporting(false)} /> : null}

      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('common:admin.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const branch = deleting;
          remove.mutate(branch.id, {
            onSuccess: () => notifySuccess(t('notify.deleted', { name: branch.name })),
            onError: (error) => {
              if (isApiError(error) && error.code === 'BRANCH_HAS_HISTORY' && branch.isActive) {
                setInUse(branch);
              } else {
                notifyFailure(errorText(error));
              }
            },
            onSettled: () => setDeleting(null),
          });
        }}
        onClose={() => setDeleting(null)}
      >
        {t('delete.body')}
      </ConfirmDialog>

      <ConfirmDialog
        opened={inUse !== null}
        title={t('inUse.title', { name: inUse?.name ?? '' })}
        confirmLabel={t('actions.deactivate')}
        color="orange"
        pending={updateBranch.isPending}
        onConfirm={() => {
          if (!inUse) return;
          const branch = inUse;
          updateBranch.mutate(
            { branchId: branch.id, body: { isActive: false } },
            {
              onSuccess: () => notifySuccess(t('notify.deactivated', { name: branch.name })),
              onError: (error) => notifyFailure(errorText(error)),
              onSettled: () => setInUse(null),
            },
          );
        }}
        onClose={() => setInUse(null)}
      >
        {t('errors.BRANCH_HAS_HISTORY', { ns: 'common' })}
      </ConfirmDialog>
    </Stack>
  );
}
