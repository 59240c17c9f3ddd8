import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/lib/error-text';

/** A failed read: what failed, why (from the error code), and a retry button. */
export function QueryErrorAlert({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title}>
      {errorText(error)}
      <Button variant="subtle" size="compact-sm" ml="xs" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
