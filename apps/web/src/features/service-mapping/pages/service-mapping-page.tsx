import { Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPageHeader, BranchScope } from '@/components/admin/admin-page';
import { notifySuccess } from '@/components/admin/notify';
import { ErrorAlert } from '@/lib/error-alert';
import { branchesQueryOptions } from '@/lib/queries/branches';
import { useDocumentTitle } from '@/lib/use-document-title';
import { serviceMappingQueryOptions, useSaveServiceMapping } from '../api/service-mapping';
import { MappingMatrix } from '../components/mapping-matrix';

/**
 * /dashboard/master/loket-layanan-cabang — the branch-service-counter mapping (admin): pick a
 * branch (kept in the URL), tick the services it offers and which counters serve each, save
 * everything at once.
 */
export function ServiceMappingPage() {
  const { t } = useTranslation(['serviceMapping', 'common']);
  useDocumentTitle(t('documentTitle'));
  const [search, setSearch] = useSearchParams();
  const branchesQuery = useQuery(branchesQueryOptions());
  const branches = branchesQuery.data ?? [];
  const picked = search.get('branch');
  const branch =
    branches.find((b) => b.id === picked) ?? branches.find((b) => b.isActive) ?? branches[0] ?? null;
  const branchId = branch?.id ?? '';
  const mapping = useQuery(serviceMappingQueryOptions(branchId));
  const save = useSaveServiceMapping(branchId);

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      <BranchScope
        query={branchesQuery}
        branches={branches}
        value={branchId}
        onChange={(id) => setSearch({ branch: id })}
        texts={{ loadFailed: t('branchesLoadFailed'), noBranches: t('noBranches') }}
      />
      {mapping.isError ? (
        <ErrorAlert title={t('loadFailed')} error={mapping.error} onRetry={() => void mapping.refetch()} />
      ) : null}
      {mapping.data && branch ? (
        <Paper withBorder radius="md" p="md">
          <MappingMatrix
            key={mapping.data.branchId}
            mapping={mapping.data}
            pending={save.isPending}
            onSave={async (body) => {
              await save.mutateAsync(body);
              notifySuccess(t('saved', { branch: branch.name }));
            }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
