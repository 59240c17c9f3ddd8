import { useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { claimAutomaticReload, isAutomaticReloadAllowed, isChunkLoadError } from '@/lib/chunk-errors';
import { FullPageLoader } from './full-page-loader';
import { NotFoundPage } from './not-found-page';
import { StatusPage } from './status-page';

/**
 * Route error boundary. A part (script or stylesheet) that failed to load is retried once by
 * reloading the page (guarded through sessionStorage so it cannot loop); after that, and for any
 * other error, a translated message with a reload button is shown.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const chunkFailure = isChunkLoadError(error);
  // Decided once per error: an allowed automatic reload shows a loader instead of the message.
  const [reloading] = useState(() => chunkFailure && isAutomaticReloadAllowed());

  useEffect(() => {
    if (reloading && claimAutomaticReload()) window.location.reload();
  }, [reloading]);

  if (reloading) return <FullPageLoader label={t('errorPage.reloading')} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <StatusPage
      icon={chunkFailure ? <IconWifiOff size={34} /> : <IconAlertTriangle size={34} />}
      color="red"
      title={chunkFailure ? t('errorPage.chunkTitle') : t('errorPage.title')}
      description={chunkFailure ? t('errorPage.chunkDescription') : t('errorPage.description')}
      actions={
        <Group justify="center">
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => {
              window.location.reload();
            }}
          >
            {t('actions.reload')}
          </Button>
          <Button component="a" href="/" variant="default">
            {t('actions.backHome')}
          </Button>
        </Group>
      }
    />
  );
}
