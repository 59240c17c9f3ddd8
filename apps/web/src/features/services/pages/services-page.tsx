import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVICE_SORT_FIELDS, type ServiceSortField } from '@antrean/shared/contracts/services.contract';
import type { Service, ServiceInput } from '@antrean/shared/domain/service';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { isApiError } from '@/lib/api';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { serviceListQueryOptions } from '../api/list-services';
import { useCreateService, useDeleteService, useUpdateService } from '../api/mutations';
import { ServiceFormDrawer } from '../components/service-form';
import { useServiceColumns } from '../components/service-table';

type Editing = { mode: 'create' } | { mode: 'edit'; service: Service } | null;
/** Why a delete was refused, shown in the deactivate dialog it opens instead. */
type Deactivating = { service: Service; reason: string | null } | null;

const IN_USE = new Set(['SERVICE_HAS_TICKETS_TODAY', 'SERVICE_HAS_HISTORY']);

/**
 * /dashboard/master/layanan — the tenant's active services with their sub services (admin):
 * page, search and sort on the server (kept in the URL), create and edit in a drawer,
 * deactivate (the service moves to the inactive page and leaves the kiosks) and delete after
 * confirmation; a delete the server refuses because tickets name the service offers to
 * deactivate instead.
 */
export function ServicesPage() {
  const { t } = useTranslation(['services', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<ServiceSortField>(SERVICE_SORT_FIELDS, 'code');
  const { params, update } = list;
  const services = useQuery(
    serviceListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q, status: 'active' }),
  );

  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const [deactivating, setDeactivating] = useState<Deactivating>(null);
  const create = useCreateService();
  const updateService = useUpdateService();
  const remove = useDeleteService();

  const columns = useServiceColumns({
    onEdit: (service) => setEditing({ mode: 'edit', service }),
    onToggleActive: (service) => setDeactivating({ service, reason: null }),
    onDelete: setDeleting,
  });

  const save = async (values: ServiceInput) => {
    if (editing?.mode === 'edit') {
      const saved = await updateService.mutateAsync({ serviceId: editing.service.id, body: values });
      notifySuccess(t('notify.updated', { name: saved.name }));
    } else {
      const saved = await create.mutateAsync(values);
      notifySuccess(t('notify.created', { name: saved.name }));
    }
    setEditing(null);
  };

  const data = services.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />

      {services.isError ? (
        <ErrorAlert title={t('loadFailed')} error={services.error} onRetry={() => void services.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(s) => s.id}
            isPending={services.isPending}
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
        <ServiceFormDrawer
          key={editing.mode === 'edit' ? editing.service.id : 'new'}
          service={editing.mode === 'edit' ? editing.service : null}
          pending={create.isPending || updateService.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmDialog
        opened={deactivating !== null}
        title={t('deactivate.title', { name: deactivating?.service.name ?? '' })}
        confirmLabel={t('actions.deactivate')}
        color="orange"
        pending={updateService.isPending}
        onConfirm={() => {
          if (!deactivating) return;
          updateService.mutate(
            { serviceId: deactivating.service.id, body: { isActive: false } },
            {
              onSuccess: (saved) => notifySuccess(t('notify.deactivated', { name: saved.name })),
              onError: (error) => notifyFailure(errorText(error)),
              onSettled: () => setDeactivating(null),
            },
          );
        }}
        onClose={() => setDeactivating(null)}
      >
        <Stack gap="sm">
          {deactivating?.reason ? (
            <Alert color="orange" variant="light" role="alert">
              {deactivating.reason}
            </Alert>
          ) : null}
          <Text>{t('deactivate.body')}</Text>
        </Stack>
      </ConfirmDialog>

      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('common:admin.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const service = deleting;
          remove.mutate(service.id, {
            onSuccess: () => notifySuccess(t('notify.deleted', { name: service.name })),
            onError: (error) => {
              // In use: say why, and offer what can be done instead.
              if (isApiError(error) && IN_USE.has(error.code)) {
                setDeactivating({ service, reason: errorText(error) });
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
    </Stack>
  );
}
