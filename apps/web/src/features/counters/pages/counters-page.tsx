import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COUNTER_SORT_FIELDS,
  COUNTER_STATUS_FILTERS,
  type CounterSortField,
} from '@antrean/shared/contracts/counters.contract';
import type { Counter, CounterInput } from '@antrean/shared/domain/counter';
import { AdminPageHeader, BranchScope } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { ErrorAlert } from '@/lib/error-alert';
import { useListParams } from '@/components/admin/use-list-params';
import { useErrorText } from '@/lib/error-text';
import { branchServicesQueryOptions, branchesQueryOptions } from '@/lib/queries/branches';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateCounter } from '../api/create-counter';
import { useDeleteCounter } from '../api/delete-counter';
import { counterListQueryOptions } from '../api/list-counters';
import { useUpdateCounter } from '../api/update-counter';
import { CounterFormDrawer } from '../components/counter-form';
import { useCounterColumns } from '../components/counter-table';

type Editing = { mode: 'create' } | { mode: 'edit'; counter: Counter } | null;
const isStatusFilter = (v: string | null): v is (typeof COUNTER_STATUS_FILTERS)[number] =>
  COUNTER_STATUS_FILTERS.some((s) => s === v);

/**
 * /dashboard/master/loket — a branch's counters (admin): page, search, sort and filter on the
 * server (kept in the URL), create and edit in a drawer with the services each counter serves,
 * deactivate and delete after confirmation. The branch's counter limit is shown and enforced.
 */
export function CountersPage() {
  const { t } = useTranslation(['counters', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<CounterSortField>(COUNTER_SORT_FIELDS, 'number');
  const { params, update, search } = list;

  const branchesQuery = useQuery(branchesQueryOptions());
  const branches = branchesQuery.data ?? [];
  const picked = search.get('branch');
  const branchId =
    (branches.some((b) => b.id === picked) ? picked : null) ??
    (branches.find((b) => b.isActive) ?? branches[0])?.id ??
    '';
  const statusParam = search.get('status');
  const status = isStatusFilter(statusParam) ? statusParam : undefined;

  const counters = useQuery(
    counterListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q, branchId, status }),
  );
  const services = useQuery(branchServicesQueryOptions(branchId));
  const serviceNames = new Map((services.data ?? []).map((s) => [s.id, `${s.code} · ${s.name}`]));

  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Counter | null>(null);
  const [deactivating, setDeactivating] = useState<Counter | null>(null);
  const create = useCreateCounter();
  const updateCounter = useUpdateCounter();
  const remove = useDeleteCounter();

  const setActive = (counter: Counter, isActive: boolean) => {
    updateCounter.mutate(
      { counterId: counter.id, body: { isActive } },
      {
        onSuccess: (saved) => {
          setDeactivating(null);
          notifySuccess(t(isActive ? 'notify.activated' : 'notify.deactivated', { name: saved.name }));
        },
        onError: (error) => {
          setDeactivating(null);
          notifyFailure(errorText(error));
        },
      },
    );
  };

  const columns = useCounterColumns({
    serviceNames,
    onEdit: (counter) => setEditing({ mode: 'edit', counter }),
    onToggleActive: (counter) => {
      if (counter.isActive) setDeactivating(counter);
      else setActive(counter, true);
    },
    onDelete: setDeleting,
  });

  const save = async (values: CounterInput) => {
    if (editing?.mode === 'edit') {
      const saved = await updateCounter.mutateAsync({ counterId: editing.counter.id, body: values });
      notifySuccess(t('notify.updated', { name: saved.name }));
    } else {
      const saved = await create.mutateAsync({ ...values, branchId });
      notifySuccess(t('notify.created', { name: saved.name }));
    }
    setEditing(null);
  };

  const data = counters.data;
  const limit = data?.limit;
  const suggestedNumber = Math.max(0, ...(data?.items ?? []).map((c) => c.number)) + 1;

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      <BranchScope
        query={branchesQuery}
        branches={branches}
        value={branchId}
        onChange={(id) => update({ branch: id })}
        texts={{ loadFailed: t('branchesLoadFailed'), noBranches: t('noBranches') }}
      >
        {limit ? (
          <Text size="sm" c={limit.active >= limit.max ? 'orange' : 'dimmed'} pb={8}>
            {t('limit', { active: limit.active, max: limit.max })}
          </Text>
        ) : null}
      </BranchScope>

      {counters.isError ? (
        <ErrorAlert title={t('loadFailed')} error={counters.error} onRetry={() => void counters.refetch()} />
      ) : null}

      {branchId !== '' && !counters.isError ? (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(c) => c.id}
            isPending={counters.isPending}
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
                    ...COUNTER_STATUS_FILTERS.map((s) => ({ value: s, label: t(`common:status.${s}`) })),
                  ]}
                  value={status ?? 'all'}
                  onChange={(value) => update({ status: value === 'all' ? null : value })}
                  allowDeselect={false}
                  w={150}
                />
                <Button
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setEditing({ mode: 'create' })}
                >
                  {t('actions.create')}
                </Button>
              </Group>
            }
          />
        </Paper>
      ) : null}

      {editing ? (
        <CounterFormDrawer
          key={editing.mode === 'edit' ? editing.counter.id : 'new'}
          counter={editing.mode === 'edit' ? editing.counter : null}
          suggestedNumber={suggestedNumber}
          services={services.data ?? []}
          pending={create.isPending || updateCounter.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmDialog
        opened={deactivating !== null}
        title={t('deactivate.title', { name: deactivating?.name ?? '' })}
        confirmLabel={t('actions.deactivate')}
        color="orange"
        pending={updateCounter.isPending}
        onConfirm={() => {
          if (deactivating) setActive(deactivating, false);
        }}
        onClose={() => setDeactivating(null)}
      >
        {t('deactivate.body')}
      </ConfirmDialog>

      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('common:admin.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { name, id } = deleting;
          remove.mutate(id, {
            onSuccess: () => notifySuccess(t('notify.deleted', { name })),
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
