import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { branchesQueryOptions } from '@/lib/queries/branches';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BranchTable } from '../components/branch-table';

/** /dashboard — welcome and the branches the signed-in staff member may see. */
export function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('documentTitle'));
  const { data: user } = useSession();
  const branches = useQuery(branchesQueryOptions());
  const tenantName = user?.tenantName;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text size="lg" mt={4}>
          {t('welcome', { name: user?.fullName ?? '' })}
        </Text>
        {tenantName ? <Text c="dimmed">{t('tenantHint', { tenant: tenantName })}</Text> : null}
      </div>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="branches-heading">
        <Title order={2} size="h3" id="branches-heading" mb="sm">
          {t('branches.title')}
        </Title>
        <BranchTable
          branches={branches.data}
          isPending={branches.isPending}
          error={branches.error}
          onRetry={() => void branches.refetch()}
        />
      </Paper>
    </Stack>
  );
}
