import { Button, Group } from '@mantine/core';
import { IconLogout, IconTools } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useErrorText } from '@/lib/error-text';
import { useLogout } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LanguageSwitch } from './language-switch';
import { StatusPage } from './status-page';

/**
 * PLACEHOLDER — full-screen "being prepared" page for the operator screen and the supervisor
 * monitor, which later issues build. They are routed (behind their guards) so that an operator
 * or supervisor who signs in lands on a real page of theirs instead of a not-found page.
 */
export function ScreenBeingPrepared() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const logout = useLogout();
  const errorText = useErrorText();
  const screen = pathname.startsWith(paths.supervisor.path) ? t('screens.supervisor') : t('screens.operator');
  useDocumentTitle(screen);

  return (
    <StatusPage
      fullScreen
      icon={<IconTools size={34} />}
      code={screen}
      title={t('preparing.title')}
      description={t('preparing.description')}
      actions={
        <Group justify="center" align="end">
          <LanguageSwitch compact />
          <Button
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden />}
            loading={logout.isPending}
            onClick={() => {
              logout.mutate(paths.login.href(), {
                onError: (error) => {
                  notifications.show({ color: 'red', message: errorText(error) });
                },
              });
            }}
          >
            {t('actions.signOut')}
          </Button>
        </Group>
      }
    />
  );
}
