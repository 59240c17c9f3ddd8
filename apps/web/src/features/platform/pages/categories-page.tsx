import { useState } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TENANT_CATEGORY_SORT_FIELDS,
  type TenantCategorySortField,
} from '@antrean/shared/contracts/platform.contract';
import type { TenantCategory, TenantCategoryInput } from '@antrean/shared/domain/tenant';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  categoryListQueryOptions,
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from '../api/categories';
import { CategoryFormDrawer } from '../components/category-form';
import { useCategoryColumns } from '../components/category-table';

type Editing = { mode: 'create' } | { mode: 'edit'; category: TenantCategory } | null;

/**
 * /dashboard/kategori — tenant categories (superadmin): page, search and sort on the server
 * (kept in the URL), create and rename in a drawer, delete after confirmation (a category
 * tenants belong to is refused with the reason).
 */
export function CategoriesPage() {
  const { t } = useTranslation(['platform', 'common']);
  useDocumentTitle(t('categories.documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<TenantCategorySortField>(TENANT_CATEGORY_SORT_FIELDS, 'name');
  const { params, update } = list;
  const categories = useQuery(
    categoryListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q }),
  );

  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TenantCategory | null>(null);
  const create = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const remove = useDeleteCategory();

  const columns = useCategoryColumns({
    onEdit: (category) => setEditing({ mode: 'edit', category }),
    onDelete: setDeleting,
  });

  const save = async (values: TenantCategoryInput) => {
    if (editing?.mode === 'edit') {
      const saved = await updateCategory.mutateAsync({ categoryId: editing.category.id, body: values });
      notifySuccess(t('categories.notify.updated', { name: saved.name }));
    } else {
      const saved = await create.mutateAsync(values);
      notifySuccess(t('categories.notify.created', { name: saved.name }));
    }
    setEditing(null);
  };

  const data = categories.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('categories.title')} intro={t('categories.intro')} />

      {categories.isError ? (
        <ErrorAlert
          title={t('categories.loadFailed')}
          error={categories.error}
          onRetry={() => void categories.refetch()}
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('categories.caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(c) => c.id}
            isPending={categories.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('categories.search')}
            toolbar={
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setEditing({ mode: 'create' })}
              >
                {t('categories.actions.create')}
              </Button>
            }
          />
        </Paper>
      )}

      {editing ? (
        <CategoryFormDrawer
          key={editing.mode === 'edit' ? editing.category.id : 'new'}
          category={editing.mode === 'edit' ? editing.category : null}
          pending={create.isPending || updateCategory.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmDialog
        opened={deleting !== null}
        title={t('categories.delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('common:admin.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { name, id } = deleting;
          remove.mutate(id, {
            onSuccess: () => notifySuccess(t('categories.notify.deleted', { name })),
            onError: (error) => notifyFailure(errorText(error)),
            onSettled: () => setDeleting(null),
          });
        }}
        onClose={() => setDeleting(null)}
      >
        {t('categories.delete.body')}
      </ConfirmDialog>
    </Stack>
  );
}
