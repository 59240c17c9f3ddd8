import { useState } from 'react';
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_SORT_FIELDS,
  type ApplicationSortField,
} from '@antrean/shared/contracts/platform.contract';
import {
  APPLICATION_PLATFORMS,
  type Application,
  type ApplicationInput,
  type ApplicationPlatform,
} from '@antrean/shared/domain/application';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  applicationListQueryOptions,
  useCreateApplication,
  useDeleteApplication,
  useUpdateApplication,
} from '../api/applications';
import { ApplicationFormDrawer } from '../components/application-form';
import { applicationLabel, useApplicationColumns } from '../components/application-table';

type Editing = { mode: 'create' } | { mode: 'edit'; application: Application } | null;
const isPlatform = (v: string | null): v is ApplicationPlatform => APPLICATION_PLATFORMS.some((p) => p === v);

/**
 * /dashboard/parameter/aplikasi — the apps' published versions (superadmin): page, search, sort
 * and a platform filter on the server (kept in the URL), publish and edit in a drawer, delete
 * after confirmation.
 */
export function ApplicationsPage() {
  const { t, i18n } = useTranslation(['platform', 'common']);
  useDocumentTitle(t('applications.documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<ApplicationSortField>(APPLICATION_SORT_FIELDS, 'releasedAt');
  const { params, update, search } = list;
  const platformParam = search.get('platform');
  const platform = isPlatform(platformParam) ? platformParam : undefined;
  const applications = useQuery(
    applicationListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q, platform }),
  );

  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Application | null>(null);
  const create = useCreateApplication();
  const updateApplication = useUpdateApplication();
  const remove = useDeleteApplication();
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'medium',
  });

  const columns = useApplicationColumns({
    formatDate: (ms) => dateFormat.format(ms),
    onEdit: (application) => setEditing({ mode: 'edit', application }),
    onDelete: setDeleting,
  });

  const save = async (values: ApplicationInput) => {
    if (editing?.mode === 'edit') {
      const saved = await updateApplication.mutateAsync({
        applicationId: editing.application.id,
        body: values,
      });
      notifySuccess(t('applications.notify.updated', { name: applicationLabel(saved) }));
    } else {
      const saved = await create.mutateAsync(values);
      notifySuccess(t('applications.notify.created', { name: applicationLabel(saved) }));
    }
    setEditing(null);
  };

  const data = applications.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('applications.title')} intro={t('applications.intro')} />

      {applications.isError ? (
        <ErrorAlert
          title={t('applications.loadFailed')}
          error={applications.error}
          onRetry={() => void applications.refetch()}
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('applications.caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(a) => a.id}
            isPending={applications.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('applications.search')}
            toolbar={
              <Group gap="sm" align="flex-end">
                <Select
                  label={t('applications.fields.platform')}
                  data={[
                    { value: 'all', label: t('filter.all') },
                    ...APPLICATION_PLATFORMS.map((p) => ({
                      value: p,
                      label: t(`applications.platforms.${p}`),
                    })),
                  ]}
                  value={platform ?? 'all'}
                  onChange={(value) => update({ platform: value === 'all' ? null : value })}
                  allowDeselect={false}
                  w={150}
                />
                <Button
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setEditing({ mode: 'create' })}
                >
                  {t('applications.actions.create')}
                </Button>
              </Group>
            }
          />
        </Paper>
      )}

      {editing ? (
        <ApplicationFormDrawer
          key={editing.mode === 'edit' ? editing.application.id : 'new'}
          application={editing.mode === 'edit' ? editing.application : null}
          pending={create.isPending || updateApplication.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmDialog
        opened={deleting !== null}
        title={t('applications.delete.title', { name: deleting ? applicationLabel(deleting) : '' })}
        confirmLabel={t('common:admin.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const name = applicationLabel(deleting);
          remove.mutate(deleting.id, {
            onSuccess: () => notifySuccess(t('applications.notify.deleted', { name })),
            onError: (error) => notifyFailure(errorText(error)),
            onSettled: () => setDeleting(null),
          });
        }}
        onClose={() => setDeleting(null)}
      >
        {t('applications.delete.body')}
      </ConfirmDialog>
    </Stack>
  );
}
