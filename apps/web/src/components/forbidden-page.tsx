import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeHref, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { StatusPage } from './status-page';

/** Shown in place of a page the signed-in role may not open (the server refuses it too). */
export function ForbiddenPage() {
  const { t } = useTranslation('common');
  const { data: user } = useSession();
  useDocumentTitle(t('forbidden.title'));
  return (
    <StatusPage
      icon={<IconLock size={34} />}
      code="403"
      color="red"
      title={t('forbidden.title')}
      description={t('forbidden.description')}
      actions={
        user ? (
          <Button component={Link} to={homeHref(user)} variant="light">
            {t('actions.backHome')}
          </Button>
        ) : null
      }
    />
  );
}
