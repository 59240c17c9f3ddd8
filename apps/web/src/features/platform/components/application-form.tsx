import { useState } from 'react';
import { Select, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_CHANGELOG_MAX,
  APPLICATION_PLATFORMS,
  ApplicationInputSchema,
  type Application,
  type ApplicationInput,
} from '@antrean/shared/domain/application';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

/**
 * Publish or edit an app version in a drawer, validated by ApplicationInputSchema (the same as
 * the request); a version the platform already has lands on the version field.
 */
export function ApplicationFormDrawer({
  application,
  pending,
  onSubmit,
  onClose,
}: {
  application: Application | null;
  pending: boolean;
  onSubmit: (values: ApplicationInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['platform', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(ApplicationInputSchema, {
    mode: 'controlled',
    initialValues: {
      platform: application?.platform ?? '',
      version: application?.version ?? '',
      changelog: application?.changelog ?? '',
      downloadUrl: application?.downloadUrl ?? '',
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });

  const platformProps = form.getInputProps('platform');
  return (
    <FormDrawer
      opened
      title={
        application
          ? t('applications.form.editTitle', { name: `${application.platform} ${application.version}` })
          : t('applications.form.createTitle')
      }
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Select
        label={t('applications.fields.platform')}
        placeholder={t('applications.fields.platformPlaceholder')}
        withAsterisk
        data={APPLICATION_PLATFORMS.map((p) => ({ value: p, label: t(`applications.platforms.${p}`) }))}
        {...platformProps}
        value={form.getValues().platform === '' ? null : form.getValues().platform}
        onChange={(value: string | null) => form.setFieldValue('platform', value ?? '')}
      />
      <TextInput
        label={t('applications.fields.version')}
        description={t('applications.fields.versionHint')}
        withAsterisk
        maxLength={40}
        {...form.getInputProps('version')}
      />
      <Textarea
        label={t('applications.fields.changelog')}
        withAsterisk
        rows={5}
        maxLength={APPLICATION_CHANGELOG_MAX}
        {...form.getInputProps('changelog')}
      />
      <TextInput
        label={t('applications.fields.downloadUrl')}
        description={t('applications.fields.downloadUrlHint')}
        type="url"
        maxLength={500}
        {...form.getInputProps('downloadUrl')}
        value={form.getValues().downloadUrl ?? ''}
      />
    </FormDrawer>
  );
}
