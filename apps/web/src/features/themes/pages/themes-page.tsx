import { useState } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { THEME_SORT_FIELDS, type ThemeSortField } from '@antrean/shared/contracts/themes.contract';
import type { ThemeInput, ThemeTemplate } from '@antrean/shared/domain/theme-template';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { themeListQueryOptions, useThemeMutations } from '../api/themes';
import { ThemeFormDrawer } from '../components/theme-form';
import { useThemeColumns } from '../components/theme-table';

type Editing = { mode: 'create' } | { mode: 'edit'; theme: ThemeTemplate } | null;

/**
 * /dashboard/tema — the tenant's theme templates (admin): page, search and sort on the server
 * (kept in the URL), create and edit with a live preview and readability warnings, choose the
 * active theme (kiosks and displays follow without a reload), delete after confirmation.
 */
export function ThemesPage() {
  const { t } = useTranslation(['themes', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<ThemeSortField>(THEME_SORT_FIELDS, 'name');
  const { params, update } = list;
  const themes = useQuery(themeListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q }));
  const m = useThemeMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [activating, setActivating] = useState<ThemeTemplate | null>(null);
  const [deleting, setDeleting] = useState<ThemeTemplate | null>(null);

  const columns = useThemeColumns({
    onEdit: (theme) => setEditing({ mode: 'edit', theme }),
    onActivate: setActivating,
    onDelete: setDeleting,
  });

  const save = async (values: ThemeInput) => {
    if (editing?.mode === 'edit') await m.update.mutateAsync({ themeId: editing.theme.id, body: values });
    else await m.create.mutateAsync(values);
    notifySuccess(t('notify.saved'));
    setEditing(null);
  };

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      {themes.isError ? (
        <ErrorAlert title={t('loadFailed')} error={themes.error} onRetry={() => void themes.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('caption')}
            columns={columns}
            rows={themes.data?.items}
            total={themes.data?.total ?? 0}
            rowKey={(theme) => theme.id}
            isPending={themes.isPending}
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
        <ThemeFormDrawer
          key={editing.mode === 'edit' ? editing.theme.id : 'new'}
          theme={editing.mode === 'edit' ? editing.theme : null}
          pending={m.create.isPending || m.update.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmDialog
        opened={activating !== null}
        title={t('activate.title', { name: activating?.name ?? '' })}
        confirmLabel={t('actions.activate')}
        color="green"
        pending={m.activate.isPending}
        onConfirm={() => {
          if (!activating) return;
          m.activate.mutate(activating.id, {
            onSuccess: () => notifySuccess(t('notify.activated', { name: activating.name })),
            onError: (error) => notifyFailure(errorText(error)),
            onSettled: () => setActivating(null),
          });
        }}
        onClose={() => setActivating(null)}
      >
        {t('activate.body')}
      </ConfirmDialog>

      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('common:admin.delete')}
        pending={m.remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { name, id } = deleting;
          m.remove.mutate(id, {
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
