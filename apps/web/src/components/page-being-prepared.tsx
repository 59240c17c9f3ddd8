import { Button } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { isDashboardRouteHandle } from '@/config/dashboard-pages';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { StatusPage } from './status-page';

/**
 * PLACEHOLDER — "Halaman ini sedang disiapkan" (this page is being prepared).
 *
 * Every dashboard page of the sidebar (config/dashboard-pages.ts) that is not built yet is routed here, so the sidebar never
 * leads to a not-found page. Each later issue replaces its route's `lazy` import in
 * `app/router.tsx` with the real page; when none is left, delete this component.
 */
export function PageBeingPrepared() {
  const { t } = useTranslation(['common', 'dashboard']);
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isDashboardRouteHandle);
  const pageTitle = handle
    ? [handle.group ? t(`nav.${handle.group.id}`) : undefined, t(`nav.${handle.dashboardPage.id}`)]
        .filter(Boolean)
        .join(' · ')
    : t('preparing.title');
  useDocumentTitle(pageTitle);

  return (
    <StatusPage
      icon={<IconTools size={34} />}
      code={pageTitle}
      title={t('preparing.title')}
      description={t('preparing.description')}
      actions={
        <Button component={Link} to={paths.dashboard.href()} variant="light">
          {t('dashboard:preparing.backToDashboard')}
        </Button>
      }
    />
  );
}
