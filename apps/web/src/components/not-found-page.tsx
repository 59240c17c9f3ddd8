import { Button } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { homeHref, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { StatusPage } from './status-page';

/** Any path the app does not know gets this page, never a blank screen or a redirect. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const { data: user } = useSession();
  useDocumentTitle(t('notFound.title'));
  return (
    <StatusPage
      fullScreen
      icon={<IconMapQuestion size={34} />}
      code={t('notFound.code')}
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        <Button component={Link} to={user ? homeHref(user) : paths.login.href()}>
          {user ? t('actions.backHome') : t('actions.toLogin')}
        </Button>
      }
    />
  );
}
