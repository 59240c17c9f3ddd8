import { Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVICE_SORT_FIELDS, type ServiceSortField } from '@antrean/shared/contracts/services.contract';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { serviceListQueryOptions } from '../api/list-services';
import { useUpdateService } from '../api/mutations';
import { useServiceColumns } from '../components/service-table';

/**
 * /dashboard/master/layanan-non-aktif — the tenant's inactive services (admin): page, search and
 * sort on the server (kept in the URL), and reactivate one, which puts it back on the kiosks of
 * the branches offering it at once.
 */
export function InactiveServicesPage() {
  const { t } = useTranslation(['services', 'common']);
  useDocumentTitle(t('inactive.documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<ServiceSortField>(SERVICE_SORT_FIELDS, 'code');
  const { params, update } = list;
  const services = useQuery(
    serviceListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q, status: 'inactive' }),
  );
  const updateService = useUpdateService();
  const columns = useServiceColumns({
    onToggleActive: (service) =>
      updateService.mutate(
        { serviceId: service.id, body: { isActive: true } },
        {
          onSuccess: (saved) => notifySuccess(t('notify.activated', { name: saved.name })),
          onError: (error) => notifyFailure(errorText(error)),
        },
      ),
  });

  const data = services.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('inactive.title')} intro={t('inactive.intro')} />
      {services.isError ? (
        <ErrorAlert title={t('loadFailed')} error={services.error} onRetry={() => void services.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('inactive.caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(s) => s.id}
            isPending={services.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('search')}
          />
        </Paper>
      )}
    </Stack>
  );
}
