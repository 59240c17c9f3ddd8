import { useCallback, useEffect, useRef } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@antrean/shared/auth/permissions';
import { SETUP_STEPS } from '@antrean/shared/contracts/dashboard.contract';
import type { SessionUser } from '@antrean/shared/domain/user';
import { ErrorAlert } from '@/lib/error-alert';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { dashboardKeys, dashboardQueryOptions } from '../api/dashboard';
import { BranchTodayTable } from '../components/branch-today';
import { SetupChecklist } from '../components/setup-checklist';
import { Totals } from '../components/totals';

/** Live events refresh the figures at most this often (a busy bank sends many). */
const REFRESH_EVERY_MS = 2000;

/** Re-reads the dashboard after live activity, at most once per REFRESH_EVERY_MS. */
function useThrottledRefresh(): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.home }, { cancelRefetch: false });
    }, REFRESH_EVERY_MS);
  }, [queryClient]);
}

/** The home of a tenant (admin, supervisor, or a superadmin acting in a tenant). */
function TenantHome({ user }: { user: SessionUser }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const dashboard = useQuery(dashboardQueryOptions());
  const refresh = useThrottledRefresh();
  const data = dashboard.data;
  const configures = can(user.role, 'tenant.configure');
  const setupDone = data ? SETUP_STEPS.every((step) => data.setup[step]) : true;

  if (dashboard.isError) {
    return (
      <ErrorAlert title={t('loadFailed')} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
    );
  }
  return (
    <>
      {data && configures && !setupDone ? <SetupChecklist setup={data.setup} /> : null}
      <section aria-labelledby="totals-heading">
        <Title order={2} size="h3" id="totals-heading" mb="sm">
          {t('totals.title')}
        </Title>
        <Totals totals={data?.totals} role={user.role} />
      </section>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="today-heading">
        <Title order={2} size="h3" id="today-heading">
          {t('today.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('today.intro')}
        </Text>
        {data ? (
          <BranchTodayTable
            branches={data.branches}
            canOperate={can(user.role, 'queue.operate')}
            canMonitor={can(user.role, 'monitor.read')}
            onActivity={refresh}
          />
        ) : (
          <Text c="dimmed">{t('common:status.loading')}</Text>
        )}
      </Paper>
    </>
  );
}

/** A superadmin who is not acting in a tenant: the platform pages. */
function PlatformHome() {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="platform-heading">
      <Title order={2} size="h3" id="platform-heading">
        {t('platform.title')}
      </Title>
      <Text c="dimmed" mt={4}>
        {t('platform.intro')}
      </Text>
      <Stack gap={4} mt="sm">
        <Anchor component={Link} to="/dashboard/master/tenant">
          {t('platform.tenants')}
        </Anchor>
        <Anchor component={Link} to="/dashboard/kategori">
          {t('platform.categories')}
        </Anchor>
        <Anchor component={Link} to="/dashboard/parameter/aplikasi">
          {t('platform.applications')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/**
 * /dashboard — the spec's totals and today's live figures per branch with shortcuts; a tenant
 * that has not finished its setup sees the checklist of where to begin; a supervisor sees their
 * own branches; a superadmin outside any tenant sees the platform pages.
 */
export function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('documentTitle'));
  const { data: user } = useSession();
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
      {user?.tenantId === null ? <PlatformHome /> : null}
      {user && user.tenantId !== null ? <TenantHome user={user} /> : null}
    </Stack>
  );
}
