import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PRODUCT_SORT_FIELDS, type ProductSortField } from '@antrean/shared/contracts/products.contract';
import type { Product, ProductItem, ProductValues } from '@antrean/shared/domain/product';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { productDetailQueryOptions, productListQueryOptions } from '../api/list-products';
import {
  useCreateProduct,
  useDeleteProduct,
  useDeleteProductItem,
  useSaveProductItem,
  useUpdateProduct,
} from '../api/product-mutations';
import { PRODUCTS_HREF, useItemColumns, useProductColumns } from '../components/product-columns';
import { ProductFormDrawer, ProductItemFormDrawer } from '../components/product-forms';

/** /dashboard/master/produk-dan-suku-bunga and `/:id` share one route entry. */
export function ProductsRoute() {
  const { id } = useParams();
  return id ? <ProductDetailPage key={id} productId={id} /> : <ProductsPage />;
}

type Editing = { mode: 'create' } | { mode: 'edit'; product: Product } | null;

/**
 * /dashboard/master/produk-dan-suku-bunga — the tenant's interest-rate products (admin): search
 * and sort in the URL, add and edit in a drawer, delete a product with its items after a
 * confirmation; a product's name opens its items.
 */
function ProductsPage() {
  const { t } = useTranslation(['products', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<ProductSortField>(PRODUCT_SORT_FIELDS, 'order');
  const { params, update } = list;
  const products = useQuery(
    productListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q }),
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const create = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const remove = useDeleteProduct();
  const columns = useProductColumns({
    onEdit: (product) => setEditing({ mode: 'edit', product }),
    onDelete: setDeleting,
  });

  const save = async (values: ProductValues) => {
    if (editing?.mode === 'edit') {
      const saved = await updateProduct.mutateAsync({ productId: editing.product.id, body: values });
      notifySuccess(t('notify.updated', { name: saved.name }));
    } else {
      const saved = await create.mutateAsync(values);
      notifySuccess(t('notify.created', { name: saved.name }));
    }
    setEditing(null);
  };
  const data = products.data;
  const nextOrder = Math.max(0, ...(data?.items ?? []).map((p) => p.sortOrder)) + 1;

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      {products.isError ? (
        <ErrorAlert title={t('loadFailed')} error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(p) => p.id}
            isPending={products.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('search')}
            toolbar={
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setEditing({ mode: 'create' })}
              >
                {t('actions.create')}
              </Button>
            }
          />
        </Paper>
      )}
      {editing ? (
        <ProductFormDrawer
          key={editing.mode === 'edit' ? editing.product.id : 'new'}
          product={editing.mode === 'edit' ? editing.product : null}
          nextOrder={nextOrder}
          pending={create.isPending || updateProduct.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
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
        {t('delete.body', { count: deleting?.itemCount ?? 0 })}
      </ConfirmDialog>
    </Stack>
  );
}

type EditingItem = { mode: 'create' } | { mode: 'edit'; item: ProductItem } | null;

/** `/:id` — a product's items (name and percentage): add, edit, delete after a confirmation. */
function ProductDetailPage({ productId }: { productId: string }) {
  const { t } = useTranslation(['products', 'common']);
  const errorText = useErrorText();
  const detail = useQuery(productDetailQueryOptions(productId));
  useDocumentTitle(detail.data ? detail.data.name : t('documentTitle'));
  const [editing, setEditing] = useState<EditingItem>(null);
  const [deleting, setDeleting] = useState<ProductItem | null>(null);
  const saveItem = useSaveProductItem(productId);
  const removeItem = useDeleteProductItem(productId);
  const columns = useItemColumns({
    onEdit: (item) => setEditing({ mode: 'edit', item }),
    onDelete: setDeleting,
  });
  const back = (
    <Anchor component={Link} to={PRODUCTS_HREF} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
  if (detail.isError) {
    return (
      <Stack gap="lg">
        {back}
        <ErrorAlert
          title={t('detail.loadFailed')}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      </Stack>
    );
  }
  const product = detail.data;
  const items = product?.items ?? [];
  const nextOrder = Math.max(0, ...items.map((i) => i.sortOrder)) + 1;
  return (
    <Stack gap="lg">
      {back}
      <AdminPageHeader
        title={product?.name ?? t('status.loading', { ns: 'common' })}
        intro={t('detail.intro')}
      />
      <Paper withBorder radius="md" p="md">
        <Group justify="flex-end" mb="sm">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ mode: 'create' })}
          >
            {t('actions.createItem')}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={420}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('detail.caption', { name: product?.name ?? '' })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} scope="col">
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {c.render(item)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {product && items.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {t('common:status.empty')}
          </Text>
        ) : null}
      </Paper>
      {editing ? (
        <ProductItemFormDrawer
          key={editing.mode === 'edit' ? editing.item.id : 'new'}
          item={editing.mode === 'edit' ? editing.item : null}
          nextOrder={nextOrder}
          pending={saveItem.isPending}
          onSubmit={async (values) => {
            const saved = await saveItem.mutateAsync({
              itemId: editing.mode === 'edit' ? editing.item.id : null,
              body: values,
            });
            notifySuccess(
              t(editing.mode === 'edit' ? 'notify.updated' : 'notify.created', { name: saved.name }),
            );
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('common:admin.delete')}
        pending={removeItem.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { name, id } = deleting;
          removeItem.mutate(id, {
            onSuccess: () => notifySuccess(t('notify.deleted', { name })),
            onError: (error) => notifyFailure(errorText(error)),
            onSettled: () => setDeleting(null),
          });
        }}
        onClose={() => setDeleting(null)}
      >
        {t('delete.itemBody')}
      </ConfirmDialog>
    </Stack>
  );
}
