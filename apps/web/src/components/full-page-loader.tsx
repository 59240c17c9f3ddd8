import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A centred spinner with a status text for screen readers (and sighted users). */
export function FullPageLoader({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text size="sm" c="dimmed">
          {label ?? t('status.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
