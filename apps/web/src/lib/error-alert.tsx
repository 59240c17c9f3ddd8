import { Alert, Button, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './error-text';

/**
 * A failed request, said in the interface language (see useErrorText), with an optional retry.
 * Everything else an Alert takes (title, role, spacing) passes through.
 */
export function ErrorAlert({
  error,
  onRetry,
  children,
  ...alertProps
}: {
  error: unknown;
  onRetry?: () => void;
  children?: ReactNode;
} & Omit<AlertProps, 'children' | 'color' | 'variant' | 'icon'>) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} {...alertProps}>
      {errorText(error)}
      {onRetry ? (
        <Button variant="subtle" size="compact-sm" ml="xs" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      ) : null}
      {children}
    </Alert>
  );
}
