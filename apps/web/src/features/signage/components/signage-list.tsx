import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import type { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { TargetsSummary } from './targets-fields';

type Section = 'runningText' | 'banner' | 'video';

interface Item {
  id: string;
  isActive: boolean;
  branchIds: string[];
  displayIds: string[];
}

/**
 * One page of running texts, banners or videos (the admin template): the server's page, search
 * and sort in the URL, the table with the item's own columns then "shown on", status and
 * actions, the form drawer per opening, delete after a confirmation.
 */
export function SignageListPage<T extends Item, S extends string>({
  section,
  list,
  query,
  columns,
  nameOf,
  form,
  remove,
}: {
  section: Section;
  list: ReturnType<typeof useListParams<S>>;
  query: UseQueryResult<{ items: T[]; total: number }>;
  columns: DataColumn<T, S>[];
  nameOf: (item: T) => string;
  form: (editing: { item: T | null; close: () => void; saved: () => void }) => ReactNode;
  remove: {
    mutate: (
      id: string,
      options: { onSuccess: () => void; onError: (e: unknown) => void; onSettled: () => void },
    ) => void;
    isPending: boolean;
  };
}) {
  const { t } = useTranslation(['signage', 'common']);
  useDocumentTitle(t(`${section}.documentTitle`));
  const errorText = useErrorText();
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const all: DataColumn<T, S>[] = [
    ...columns,
    {
      key: 'targets',
      header: t('fields.shownOn'),
      render: (item) => <TargetsSummary branchIds={item.branchIds} displayIds={item.displayIds} />,
    },
    {
      key: 'status',
      header: t('fields.status'),
      nowrap: true,
      render: (item) => (
        <Badge color={item.isActive ? 'green' : 'gray'} variant="light" miw="max-content">
          {item.isActive ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (item) => (
        <Group gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('actions.editLabel', { name: nameOf(item) })}
            onClick={() => setEditing({ item })}
          >
            {t('common:admin.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('actions.deleteLabel', { name: nameOf(item) })}
            onClick={() => setDeleting(item)}
          >
            {t('common:admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t(`${section}.title`)} intro={t(`${section}.intro`)} />
      {query.isError ? (
        <ErrorAlert
          title={t(`${section}.loadFailed`)}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t(`${section}.caption`)}
            columns={all}
            rows={query.data?.items}
            total={query.data?.total ?? 0}
            rowKey={(item) => item.id}
            isPending={query.isPending}
            params={list.params}
            onChange={list.update}
            onSort={list.toggleSort}
            searchLabel={t(`${section}.search`)}
            toolbar={
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setEditing({ item: null })}
              >
                {t(`${section}.create`)}
              </Button>
            }
          />
        </Paper>
      )}
      {editing
        ? form({
            item: editing.item,
            close: () => setEditing(null),
            saved: () => {
              notifySuccess(t('notify.saved'));
              setEditing(null);
            },
          })
        : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t(`${section}.deleteTitle`, { name: deleting ? nameOf(deleting) : '' })}
        confirmLabel={t('common:admin.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const name = nameOf(deleting);
          remove.mutate(deleting.id, {
            onSuccess: () => notifySuccess(t('notify.deleted', { name })),
            onError: (error) => notifyFailure(errorText(error)),
            onSettled: () => setDeleting(null),
          });
        }}
        onClose={() => setDeleting(null)}
      >
        {t(`${section}.deleteBody`)}
      </ConfirmDialog>
    </Stack>
  );
}
