import { useState } from 'react';
import { Alert, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SendTestMessageBodySchema } from '@antrean/shared/contracts/settings.contract';
import type { WhatsAppProvider } from '@antrean/shared/domain/tenant-settings';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { notifySuccess } from '@/components/admin/notify';
import { useSendTestMessage } from '../api/settings';

function reasonOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const details = error.details;
  if (details && typeof details === 'object' && 'reason' in details && typeof details.reason === 'string') {
    return details.reason;
  }
  return null;
}

/**
 * "Send test message": a real message through the SAVED provider (log or WhatsApp Cloud), so
 * the admin sees the credentials work; the provider's refusal is shown with its reason.
 */
export function TestMessage({ provider }: { provider: WhatsAppProvider }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const send = useSendTestMessage();
  const [failure, setFailure] = useState<{ text: string; reason: string | null } | null>(null);
  const form = useZodForm(SendTestMessageBodySchema, { mode: 'controlled', initialValues: { to: '' } });

  const submit = form.onSubmit(async (body) => {
    setFailure(null);
    try {
      const result = await send.mutateAsync(body);
      notifySuccess(
        result.providerMessageId ? t('test.sentCloud', { id: result.providerMessageId }) : t('test.sentLog'),
      );
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFailure({ text: errorText(error), reason: reasonOf(error) });
    }
  });

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb={4}>
        {t('test.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('test.intro', { provider: t(`providers.${provider}`) })}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('test.to')}
            placeholder="0812…"
            inputMode="tel"
            withAsterisk
            style={{ flex: '1 1 14rem' }}
            {...form.getInputProps('to')}
          />
          <Button
            type="submit"
            mt={25}
            loading={send.isPending}
            leftSection={<IconBrandWhatsapp size={18} />}
          >
            {t('test.send')}
          </Button>
        </Group>
      </form>
      {failure ? (
        <Alert color="red" role="alert" mt="sm" title={failure.text}>
          {failure.reason}
        </Alert>
      ) : null}
    </Paper>
  );
}
