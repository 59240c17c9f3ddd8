import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@antrean/shared/i18n/lang';
import { MESSAGE_KINDS, MESSAGE_PARAMETERS, TEMPLATE_NAME_MAX } from '@antrean/shared/domain/message';
import {
  SETTINGS_LIMITS,
  TenantSettingsInputSchema,
  WHATSAPP_PROVIDERS,
  type TenantSettings,
  type TenantSettingsInput,
} from '@antrean/shared/domain/tenant-settings';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

/**
 * The tenant's settings form, validated by the same schema as the API request. The access token
 * field is always empty: leaving it empty keeps the stored token (which is never sent back).
 */
export function SettingsForm({
  settings,
  pending,
  onSubmit,
}: {
  settings: TenantSettings;
  pending: boolean;
  /** Saves; rejects with the API error when the server refuses. */
  onSubmit: (values: TenantSettingsInput) => Promise<unknown>;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const { whatsappAccessTokenSet, whatsappAppSecretSet, whatsappVerifyTokenSet, ...values } = settings;
  const form = useZodForm(TenantSettingsInputSchema, {
    mode: 'controlled',
    initialValues: { ...values, whatsappAccessToken: '', whatsappAppSecret: '', whatsappVerifyToken: '' },
  });
  const tenantId = useSession().data?.tenantId;
  const webhookUrl = tenantId ? `${window.location.origin}/api/v1/webhooks/whatsapp/${tenantId}` : '';
  const cloud = form.getValues().whatsappProvider === 'whatsapp-cloud';

  const submit = form.onSubmit(async (input) => {
    setFormError(null);
    try {
      await onSubmit(input);
      form.setFieldValue('whatsappAccessToken', '');
      form.setFieldValue('whatsappAppSecret', '');
      form.setFieldValue('whatsappVerifyToken', '');
      form.resetDirty();
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });

  const minutes = {
    allowDecimal: false,
    allowNegative: false,
    min: SETTINGS_LIMITS.checkInMinutes.min,
    max: SETTINGS_LIMITS.checkInMinutes.max,
    clampBehavior: 'none' as const,
    suffix: ` ${t('units.minutes')}`,
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('sections.queue')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('fields.checkInBeforeMinutes')}
              description={t('fields.checkInBeforeHint')}
              withAsterisk
              {...minutes}
              {...form.getInputProps('checkInBeforeMinutes')}
            />
            <NumberInput
              label={t('fields.checkInAfterMinutes')}
              description={t('fields.checkInAfterHint')}
              withAsterisk
              {...minutes}
              {...form.getInputProps('checkInAfterMinutes')}
            />
            <NumberInput
              label={t('fields.skipLimit')}
              description={t('fields.skipLimitHint')}
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
              min={SETTINGS_LIMITS.skipLimit.min}
              clampBehavior="none"
              max={SETTINGS_LIMITS.skipLimit.max}
              {...form.getInputProps('skipLimit')}
            />
            <NumberInput
              label={t('fields.reviewTimeoutSeconds')}
              description={t('fields.reviewTimeoutHint')}
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
              min={SETTINGS_LIMITS.reviewTimeoutSeconds.min}
              clampBehavior="none"
              max={SETTINGS_LIMITS.reviewTimeoutSeconds.max}
              suffix={` ${t('units.seconds')}`}
              {...form.getInputProps('reviewTimeoutSeconds')}
            />
            <Select
              label={t('fields.defaultLanguage')}
              description={t('fields.defaultLanguageHint')}
              withAsterisk
              allowDeselect={false}
              data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
              {...form.getInputProps('defaultLanguage')}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('sections.whatsapp')}
          </Title>
          <Stack>
            <Select
              label={t('fields.whatsappProvider')}
              description={t('fields.whatsappProviderHint')}
              withAsterisk
              allowDeselect={false}
              data={WHATSAPP_PROVIDERS.map((p) => ({ value: p, label: t(`providers.${p}`) }))}
              {...form.getInputProps('whatsappProvider')}
            />
            {cloud ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('fields.whatsappPhoneNumberId')}
                  description={t('fields.whatsappPhoneNumberIdHint')}
                  withAsterisk
                  inputMode="numeric"
                  maxLength={SETTINGS_LIMITS.phoneNumberIdMax}
                  {...form.getInputProps('whatsappPhoneNumberId')}
                />
                <PasswordInput
                  label={t('fields.whatsappAccessToken')}
                  description={
                    whatsappAccessTokenSet
                      ? t('fields.whatsappAccessTokenSet')
                      : t('fields.whatsappAccessTokenNotSet')
                  }
                  withAsterisk={!whatsappAccessTokenSet}
                  autoComplete="off"
                  visibilityToggleButtonProps={{ 'aria-label': t('fields.showToken') }}
                  maxLength={SETTINGS_LIMITS.accessTokenMax}
                  {...form.getInputProps('whatsappAccessToken')}
                />
              </SimpleGrid>
            ) : null}
          </Stack>
        </Paper>
        {cloud ? (
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="xs">
              {t('webhook.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('webhook.intro')}
            </Text>
            <Stack>
              <TextInput label={t('webhook.url')} value={webhookUrl} readOnly />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput
                  label={t('webhook.appSecret')}
                  description={whatsappAppSecretSet ? t('webhook.secretSet') : t('webhook.secretNotSet')}
                  autoComplete="off"
                  visibilityToggleButtonProps={{ 'aria-label': t('webhook.showAppSecret') }}
                  maxLength={SETTINGS_LIMITS.appSecretMax}
                  {...form.getInputProps('whatsappAppSecret')}
                />
                <PasswordInput
                  label={t('webhook.verifyToken')}
                  description={whatsappVerifyTokenSet ? t('webhook.secretSet') : t('webhook.secretNotSet')}
                  autoComplete="off"
                  visibilityToggleButtonProps={{ 'aria-label': t('webhook.showVerifyToken') }}
                  maxLength={SETTINGS_LIMITS.verifyTokenMax}
                  {...form.getInputProps('whatsappVerifyToken')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        ) : null}
        {cloud ? (
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="xs">
              {t('templates.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('templates.intro')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {MESSAGE_KINDS.map((kind) => (
                <TextInput
                  key={kind}
                  label={t(`common:messageKinds.${kind}`)}
                  description={t('templates.parameters', {
                    list: MESSAGE_PARAMETERS[kind]
                      .map((name, i) => `{{${i + 1}}} ${t(`parameterNames.${name}`)}`)
                      .join(', '),
                    interpolation: { escapeValue: false },
                  })}
                  placeholder="antrean_template"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={TEMPLATE_NAME_MAX}
                  {...form.getInputProps(`whatsappTemplates.${kind}`)}
                />
              ))}
            </SimpleGrid>
          </Paper>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {t('common:admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
