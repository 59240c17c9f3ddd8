import { useEffect, useState, type ReactNode } from 'react';
import {
  Group,
  Pagination,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZES, pageCount } from '@antrean/shared/contracts/list';
import type { ListParams } from './use-list-params';

export interface DataColumn<T, S extends string> {
  key: string;
  header: string;
  /** The list's sort field this column sorts by (a header button), if any. */
  sort?: S;
  render: (row: T) => ReactNode;
  /** Keep the cell on one line (numbers, badges, actions). */
  nowrap?: boolean;
}

/**
 * The admin pages' table over a server-paged list: a search box, sortable headers, the page,
 * the empty state ("Tidak ada data untuk ditampilkan") and the pager with the page size. The
 * state lives in the URL (`useListParams`); the table only reads it and asks for changes.
 */
export function DataTable<T, S extends string>({
  caption,
  columns,
  rows,
  total,
  rowKey,
  isPending,
  params,
  onChange,
  onSort,
  searchLabel,
  toolbar,
}: {
  caption: string;
  columns: readonly DataColumn<T, S>[];
  rows: readonly T[] | undefined;
  total: number;
  rowKey: (row: T) => string;
  isPending: boolean;
  params: ListParams<S>;
  onChange: (changes: Record<string, string | number | null>) => void;
  onSort: (field: S) => void;
  searchLabel: string;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(params.q);
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => {
    if (debounced.trim() !== params.q) onChange({ q: debounced.trim() });
    // Only the typed text drives this; a URL change (back button) resets the box below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // The URL changed the search (back button, a link): the box shows it.
  const [shownQ, setShownQ] = useState(params.q);
  if (shownQ !== params.q) {
    setShownQ(params.q);
    if (text.trim() !== params.q) setText(params.q);
  }

  const pages = pageCount(total, params.pageSize);
  const sortIcon = (field: S) => {
    if (params.sort !== field) return <IconArrowsSort size={14} aria-hidden />;
    return params.dir === 'asc' ? (
      <IconArrowUp size={14} aria-hidden />
    ) : (
      <IconArrowDown size={14} aria-hidden />
    );
  };
  const ariaSort = (field: S | undefined) =>
    field !== undefined && params.sort === field
      ? params.dir === 'asc'
        ? 'ascending'
        : 'descending'
      : undefined;

  return (
    <div>
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <TextInput
          label={searchLabel}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          type="search"
          w={320}
          maw="100%"
        />
        {toolbar}
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} aria-sort={ariaSort(column.sort)}>
                  {column.sort === undefined ? (
                    column.header
                  ) : (
                    <UnstyledButton
                      onClick={() => {
                        if (column.sort !== undefined) onSort(column.sort);
                      }}
                      fw={700}
                      fz="sm"
                    >
                      <Group gap={4} wrap="nowrap">
                        {column.header}
                        {sortIcon(column.sort)}
                      </Group>
                    </UnstyledButton>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isPending && rows === undefined ? (
              [0, 1, 2].map((i) => (
                <Table.Tr key={`skeleton-${String(i)}`}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton height={16} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            ) : rows === undefined || rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="lg">
                    {t('status.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" gap="sm">
        <Text size="sm" c="dimmed">
          {t('admin.total', { count: total })}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={t('admin.pageSize')}
            data={LIST_PAGE_SIZES.map((size) => String(size))}
            value={String(params.pageSize)}
            onChange={(value) => {
              if (value) onChange({ pageSize: value });
            }}
            allowDeselect={false}
            w={80}
          />
          <Pagination
            total={pages}
            value={Math.min(params.page, pages)}
            onChange={(page) => onChange({ page })}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('admin.previousPage') : t('admin.nextPage'),
            })}
            getItemProps={(page) => ({ 'aria-label': t('admin.page', { page }) })}
          />
        </Group>
      </Group>
    </div>
  );
}
