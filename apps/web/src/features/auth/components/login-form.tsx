import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoginBodySchema } from '@antrean/shared/contracts/auth.contract';
import type { SessionUser } from '@antrean/shared/domain/user';
import { isApiError } from '@/lib/api';
import { useLogin } from '@/lib/session';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { ErrorAlert } from '@/lib/error-alert';

export interface LoginFormProps {
  /** Called after the session is established (the session query already holds the user). */
  onSignedIn?: (user: SessionUser) => void;
}

/**
 * Staff sign-in: username + password, validated with the API's own schema before sending.
 * Extension point: visitor sign-in (WhatsApp number + password) will reuse this
 * form on /login — the identifier field then accepts a phone number and `useLogin` picks the
 * endpoint; staff sign-in does not change.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const login = useLogin();
  const form = useZodForm(LoginBodySchema, { initialValues: { username: '', password: '' } });

  const onSubmit = form.onSubmit((values) => {
    login.mutate(values, {
      onSuccess: (user) => onSignedIn?.(user),
      onError: (error) => {
        if (isApiError(error)) applyServerFieldErrors(form, error);
      },
    });
  });

  const error = login.error;
  const onlyFieldErrors =
    isApiError(error) &&
    error.code === 'VALIDATION_FAILED' &&
    Object.keys(error.fields).some((f) => f !== '_');

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        {error && !onlyFieldErrors ? <ErrorAlert error={error} role="alert" /> : null}
        <TextInput
          label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-required
          size="md"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          aria-required
          size="md"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('common:actions.showPassword') }}
          {...form.getInputProps('password')}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={login.isPending}
          leftSection={<IconLogin2 size={18} aria-hidden />}
        >
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
