import { Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { notifySuccess } from '@/components/admin/notify';
import { ErrorAlert } from '@/lib/error-alert';
import { useDocumentTitle } from '@/lib/use-document-title';
import { eformQueryOptions, eformServicesQueryOptions, useSaveEform } from '../api/eform';
import { EformEditor } from '../components/eform-editor';

/**
 * /dashboard/master/eform — the e-form of each service (admin): pick the service (kept in the
 * URL), edit its fields, save them whole.
 */
export function EformPage() {
  const { t } = useTranslation(['eform', 'common']);
  useDocumentTitle(t('documentTitle'));
  const [search, setSearch] = useSearchParams();
  const services = useQuery(eformServicesQueryOptions());
  const items = services.data?.items ?? [];
  const service = items.find((s) => s.id === search.get('service')) ?? items[0] ?? null;
  const serviceId = service?.id ?? '';
  const eform = useQuery(eformQueryOptions(serviceId));
  const save = useSaveEform(serviceId);

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      {services.isError ? (
        <ErrorAlert
          title={t('servicesLoadFailed')}
          error={services.error}
          onRetry={() => void services.refetch()}
        />
      ) : null}
      {services.isSuccess && items.length === 0 ? <Text c="dimmed">{t('noServices')}</Text> : null}
      {items.length > 0 ? (
        <Select
          label={t('service')}
          data={items.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
          value={serviceId}
          onChange={(id) => {
            if (id) setSearch({ service: id });
          }}
          allowDeselect={false}
          searchable
          maw={420}
        />
      ) : null}
      {eform.isError ? (
        <ErrorAlert title={t('loadFailed')} error={eform.error} onRetry={() => void eform.refetch()} />
      ) : null}
      {eform.data && service ? (
        <Paper withBorder radius="md" p="md">
          <EformEditor
            key={eform.data.serviceId}
            eform={eform.data}
            pending={save.isPending}
            onSave={async (body) => {
              await save.mutateAsync(body);
              notifySuccess(t('saved', { service: service.name }));
            }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
