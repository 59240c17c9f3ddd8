import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDecimal } from '@antrean/shared/common/decimal';
import type { ProductSortField } from '@antrean/shared/contracts/products.contract';
import type { Product, ProductItem } from '@antrean/shared/domain/product';
import type { DataColumn } from '@/components/admin/data-table';

export const PRODUCTS_HREF = '/dashboard/master/produk-dan-suku-bunga';

function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation(['products', 'common']);
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconPencil size={14} aria-hidden />}
        aria-label={t('actions.editLabel', { name })}
        onClick={onEdit}
      >
        {t('common:admin.edit')}
      </Button>
      <Button
        variant="light"
        color="red"
        size="compact-sm"
        leftSection={<IconTrash size={14} aria-hidden />}
        aria-label={t('actions.deleteLabel', { name })}
        onClick={onDelete}
      >
        {t('common:admin.delete')}
      </Button>
    </Group>
  );
}

/** The products table: name (opens its items), items, status, actions. */
export function useProductColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}): DataColumn<Product, ProductSortField>[] {
  const { t } = useTranslation(['products', 'common']);
  return [
    {
      key: 'name',
      header: t('fields.name'),
      sort: 'name',
      render: (p) => (
        <Anchor component={Link} to={`${PRODUCTS_HREF}/${p.id}`} fw={600}>
          {p.name}
        </Anchor>
      ),
    },
    {
      key: 'items',
      header: t('fields.items'),
      nowrap: true,
      render: (p) => t('itemCount', { count: p.itemCount }),
    },
    {
      key: 'status',
      header: t('fields.status'),
      nowrap: true,
      render: (p) => (
        <Badge color={p.isActive ? 'green' : 'gray'} variant="light" miw="max-content">
          {p.isActive ? t('common:status.active') : t('common:status.inactive')}
        </Badge>
      ),
    },
    { key: 'order', header: t('fields.sortOrder'), sort: 'order', nowrap: true, render: (p) => p.sortOrder },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (p) => <RowActions name={p.name} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />,
    },
  ];
}

/** The items of a product: name, percentage (exact, the reader's separator), actions. */
export function useItemColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (item: ProductItem) => void;
  onDelete: (item: ProductItem) => void;
}): DataColumn<ProductItem, 'order'>[] {
  const { t, i18n } = useTranslation(['products', 'common']);
  const locale = i18n.language === 'en' ? 'en-GB' : 'id-ID';
  return [
    { key: 'name', header: t('fields.itemName'), render: (i) => <Text fw={600}>{i.name}</Text> },
    {
      key: 'percentage',
      header: t('fields.percentage'),
      nowrap: true,
      render: (i) => `${formatDecimal(i.percentage, locale)} %`,
    },
    { key: 'order', header: t('fields.sortOrder'), nowrap: true, render: (i) => i.sortOrder },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (i) => <RowActions name={i.name} onEdit={() => onEdit(i)} onDelete={() => onDelete(i)} />,
    },
  ];
}
