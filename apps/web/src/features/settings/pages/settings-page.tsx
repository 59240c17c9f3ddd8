import { Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TenantSettingsInput } from '@antrean/shared/domain/tenant-settings';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { notifySuccess } from '@/components/admin/notify';
import { ErrorAlert } from '@/lib/error-alert';
import { useDocumentTitle } from '@/lib/use-document-title';
import { settingsQueryOptions, useUpdateSettings } from '../api/settings';
import { SettingsForm } from '../components/settings-form';
import { TestMessage } from '../components/test-message';

/**
 * /dashboard/konfigurasi — the tenant's settings (admin): the check-in window, skip limit,
 * review timeout, default language and the WhatsApp provider (the token stored encrypted, shown
 * only as set / not set), and a test message through the saved provider.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('documentTitle'));
  const settings = useQuery(settingsQueryOptions());
  const update = useUpdateSettings();

  const save = async (values: TenantSettingsInput) => {
    await update.mutateAsync(values);
    notifySuccess(t('saved'));
  };

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      {settings.isPending ? <Loader aria-label={t('loading')} /> : null}
      {settings.isError ? (
        <ErrorAlert title={t('loadFailed')} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : null}
      {settings.data ? (
        <>
          <SettingsForm
            // Remounted when a stored secret appears or goes, so the fields' hints follow.
            key={[
              settings.data.whatsappAccessTokenSet,
              settings.data.whatsappAppSecretSet,
              settings.data.whatsappVerifyTokenSet,
            ].join()}
            settings={settings.data}
            pending={update.isPending}
            onSubmit={save}
          />
          <TestMessage provider={settings.data.whatsappProvider} />
        </>
      ) : null}
    </Stack>
  );
}
