import { useState } from 'react';
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  TENANT_SORT_FIELDS,
  TENANT_STATUS_FILTERS,
  type TenantSortField,
} from '@antrean/shared/contracts/platform.contract';
import type { Tenant, TenantCreateInput, TenantInput } from '@antrean/shared/domain/tenant';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStartActing } from '../api/acting';
import { allCategoriesQueryOptions } from '../api/categories';
import { tenantListQueryOptions, useCreateTenant, useUpdateTenant } from '../api/tenants';
import { TenantCreateDrawer, TenantEditDrawer } from '../components/tenant-form';
import { useTenantColumns } from '../components/tenant-table';

type Editing = { mode: 'create' } | { mode: 'edit'; tenant: Tenant } | null;
const isStatusFilter = (v: string | null): v is (typeof TENANT_STATUS_FILTERS)[number] =>
  TENANT_STATUS_FILTERS.some((s) => s === v);

/**
 * /dashboard/master/tenant — the tenants (superadmin): page, search, sort and status/category
 * filters on the server (kept in the URL); a new tenant is created with its first admin, then
 * the drawer stays open on it so its logo can be uploaded; deactivation asks first; "Masuk"
 * acts inside a tenant (every tenant page then shows its data, under a banner).
 */
export function TenantsPage() {
  const { t, i18n } = useTranslation(['platform', 'common']);
  useDocumentTitle(t('tenants.documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<TenantSortField>(TENANT_SORT_FIELDS, 'name');
  const { params, update, search } = list;
  const statusParam = search.get('status');
  const status = isStatusFilter(statusParam) ? statusParam : undefined;
  const categoriesQuery = useQuery(allCategoriesQueryOptions());
  const categories = categoriesQuery.data?.items ?? [];
  const categoryParam = search.get('category');
  const categoryId = categories.some((c) => c.id === categoryParam)
    ? (categoryParam ?? undefined)
    : undefined;

  const tenants = useQuery(
    tenantListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q, status, categoryId }),
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [deactivating, setDeactivating] = useState<Tenant | null>(null);
  const create = useCreateTenant();
  const updateTenant = useUpdateTenant();
  const startActing = useStartActing();
  const navigate = useNavigate();
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'medium',
  });

  const setActive = (tenant: Tenant, isActive: boolean) => {
    updateTenant.mutate(
      { tenantId: tenant.id, body: { isActive } },
      {
        onSuccess: (saved) =>
          notifySuccess(
            t(isActive ? 'tenants.notify.activated' : 'tenants.notify.deactivated', { name: saved.name }),
          ),
        onError: (error) => notifyFailure(errorText(error)),
        onSettled: () => setDeactivating(null),
      },
    );
  };

  const columns = useTenantColumns({
    formatDate: (ms) => dateFormat.format(ms),
    onEdit: (tenant) => setEditing({ mode: 'edit', tenant }),
    onToggleActive: (tenant) => {
      if (tenant.isActive) setDeactivating(tenant);
      else setActive(tenant, true);
    },
    onEnter: (tenant) =>
      startActing.mutate(tenant.id, {
        onSuccess: () => {
          notifySuccess(t('acting.started', { name: tenant.name }));
          void navigate('/dashboard');
        },
        onError: (error) => notifyFailure(errorText(error)),
      }),
  });

  const createTenant = async (values: TenantCreateInput) => {
    const saved = await create.mutateAsync(values);
    notifySuccess(t('tenants.notify.created', { name: saved.name }));
    // Offer the logo right away: the drawer stays open on the new tenant.
    setEditing({ mode: 'edit', tenant: saved });
  };
  const saveTenant = async (tenant: Tenant, values: TenantInput) => {
    const saved = await updateTenant.mutateAsync({ tenantId: tenant.id, body: values });
    notifySuccess(t('tenants.notify.updated', { name: saved.name }));
    setEditing(null);
  };

  const data = tenants.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('tenants.title')} intro={t('tenants.intro')} />
      {categoriesQuery.isError ? (
        <ErrorAlert
          title={t('tenants.categoriesLoadFailed')}
          error={categoriesQuery.error}
          onRetry={() => void categoriesQuery.refetch()}
        />
      ) : null}

      {tenants.isError ? (
        <ErrorAlert
          title={t('tenants.loadFailed')}
          error={tenants.error}
          onRetry={() => void tenants.refetch()}
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('tenants.caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(x) => x.id}
            isPending={tenants.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('tenants.search')}
            toolbar={
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label={t('tenants.fields.category')}
                  data={[
                    { value: 'all', label: t('filter.all') },
                    ...categories.map((c) => ({ value: c.id, label: c.name })),
                  ]}
                  value={categoryId ?? 'all'}
                  onChange={(value) => update({ category: value === 'all' ? null : value })}
                  allowDeselect={false}
                  w={180}
                />
                <Select
                  label={t('tenants.fields.status')}
                  data={[
                    { value: 'all', label: t('filter.all') },
                    ...TENANT_STATUS_FILTERS.map((s) => ({ value: s, label: t(`common:status.${s}`) })),
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
                  {t('tenants.actions.create')}
                </Button>
              </Group>
            }
          />
        </Paper>
      )}

      {editing?.mode === 'create' ? (
        <TenantCreateDrawer
          key="new"
          categories={categories}
          pending={create.isPending}
          onSubmit={createTenant}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.mode === 'edit' ? (
        <TenantEditDrawer
          key={editing.tenant.id}
          tenant={editing.tenant}
          categories={categories}
          pending={updateTenant.isPending}
          onSubmit={(values) => saveTenant(editing.tenant, values)}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmDialog
        opened={deactivating !== null}
        title={t('tenants.deactivate.title', { name: deactivating?.name ?? '' })}
        confirmLabel={t('tenants.actions.deactivate')}
        color="orange"
        pending={updateTenant.isPending}
        onConfirm={() => {
          if (deactivating) setActive(deactivating, false);
        }}
        onClose={() => setDeactivating(null)}
      >
        {t('tenants.deactivate.body')}
      </ConfirmDialog>
    </Stack>
  );
}
