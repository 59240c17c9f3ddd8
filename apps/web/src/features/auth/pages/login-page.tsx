import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths, safeReturnTo } from '@/config/paths';
import { homeHref, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

/**
 * /login — staff sign-in. Once a session exists (just signed in, or already signed in) the
 * user goes back to where a guard sent them from (`?returnTo=`), else to their role's home.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.documentTitle'));
  const [params] = useSearchParams();
  const { data: user } = useSession();

  if (user) return <Navigate replace to={safeReturnTo(params.get('returnTo')) ?? homeHref(user)} />;

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <Anchor component={Link} to={paths.loginCaller.href()}>
          {t('login.callerLink')}
        </Anchor>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
