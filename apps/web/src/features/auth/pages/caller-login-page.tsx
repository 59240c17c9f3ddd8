import { useState } from 'react';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../components/auth-layout';
import { CounterChoiceForm } from '../components/counter-choice-form';
import { LoginForm } from '../components/login-form';
import { useSignOut } from '@/lib/use-sign-out';

/**
 * /login-caller — a caller signs in, then chooses branch, service(s) and counter; the choice is
 * kept in the tab's client session state and the caller screen opens. A signed-in caller who
 * comes back here (the caller screen's "change counter") goes straight to the choice.
 */
export function CallerLoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('callerLogin.documentTitle'));
  const navigate = useNavigate();
  const { data: user } = useSession();
  const { signOut, pending } = useSignOut();
  const logout = useLogout();
  const [refusedHere, setRefusedHere] = useState(false);

  if (user?.role === 'caller') {
    return (
      <AuthLayout title={t('counterChoice.title')} subtitle={t('counterChoice.subtitle')}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('counterChoice.signedInAs', { name: user.fullName })}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconLogout size={14} aria-hidden />}
            loading={pending}
            onClick={() => signOut(paths.loginCaller.href())}
          >
            {t('common:actions.signOut')}
          </Button>
        </Group>
        <CounterChoiceForm user={user} onChosen={() => void navigate(paths.caller.href())} />
      </AuthLayout>
    );
  }

  const notCaller = refusedHere || !!user;
  return (
    <AuthLayout
      title={t('callerLogin.title')}
      subtitle={t('callerLogin.subtitle')}
      footer={
        <Anchor component={Link} to={paths.login.href()}>
          {t('callerLogin.staffLink')}
        </Anchor>
      }
    >
      {notCaller ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />} role="alert">
          {t('callerLogin.notCaller')}{' '}
          <Anchor component={Link} to={paths.login.href()} fw={600}>
            {t('callerLogin.openLogin')}
          </Anchor>
        </Alert>
      ) : null}
      <LoginForm
        onSignedIn={(signedIn) => {
          if (signedIn.role === 'caller') return;
          // Only callers sign in here: end the session just created and point to /login.
          setRefusedHere(true);
          logout.mutate(undefined);
        }}
      />
    </AuthLayout>
  );
}
