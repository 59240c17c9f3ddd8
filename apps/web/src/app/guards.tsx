import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { SessionUser } from '@antrean/shared/domain/user';
import { FullPageLoader } from '@/components/full-page-loader';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';
import { useErrorText } from '@/lib/error-text';
import { homeHref, useSession, useTenantTheme } from '@/lib/session';

export interface RequireStaffProps {
  /** Whether the signed-in user may open this area; others go to their own home. */
  allow: (user: SessionUser) => boolean;
  /** Where to sign in; /login gets a `returnTo` so the user comes back here. */
  signIn?: 'login' | 'login-caller';
}

/**
 * Route guard for staff areas. The session query (GET /auth/me) decides: nobody signed in →
 * the sign-in page; signed in but not allowed → the user's own home; allowed → the area, once
 * the tenant's theme is loaded (so the area never flashes in the wrong colours).
 */
export function RequireStaff({ allow, signIn = 'login' }: RequireStaffProps) {
  const location = useLocation();
  const session = useSession();
  const theme = useTenantTheme();

  if (session.data === undefined) {
    return session.isError ? (
      <SessionCheckFailed error={session.error} onRetry={() => void session.refetch()} />
    ) : (
      <FullPageLoader />
    );
  }
  const user = session.data;
  if (!user) {
    const target =
      signIn === 'login-caller'
        ? paths.loginCaller.href()
        : paths.login.href(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate replace to={target} />;
  }
  if (!allow(user)) return <Navigate replace to={homeHref(user)} />;
  if (theme.isPending) return <FullPageLoader />;
  return <Outlet />;
}

function SessionCheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  return (
    <StatusPage
      fullScreen
      color="red"
      icon={<IconAlertTriangle size={34} />}
      title={t('session.checkFailed')}
      description={errorText(error)}
      actions={<Button onClick={onRetry}>{t('actions.retry')}</Button>}
    />
  );
}

/**
 * `/` — the visitor home is a later issue; until then the root sends staff to their home and
 * everyone else to sign in. `/spv/monitoring` without an id sends a supervisor to their own.
 */
export function HomeRedirect() {
  const session = useSession();
  if (session.data === undefined && session.isPending) return <FullPageLoader />;
  return <Navigate replace to={session.data ? homeHref(session.data) : paths.login.href()} />;
}
