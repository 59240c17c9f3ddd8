import { useState } from 'react';
import { NumberInput, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  SORT_ORDER_MAX,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_NAME_MAX,
  VideoInputSchema,
  type Video,
  type VideoInput,
} from '@antrean/shared/domain/signage';
import { FormDrawer } from '@/components/admin/form-drawer';
import { MediaUploadField } from '@/components/admin/media-upload-field';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { TargetsFields, errorText as fieldError } from './targets-fields';

export function VideoFormDrawer({
  item,
  pending,
  onSubmit,
  onClose,
}: {
  item: Video | null;
  pending: boolean;
  onSubmit: (values: VideoInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['signage', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = {
    name: item?.name ?? '',
    fileId: item?.fileId ?? null,
    description: item?.description ?? '',
    isActive: item?.isActive ?? true,
    sortOrder: item?.sortOrder ?? 1,
    branchIds: item?.branchIds ?? [],
    displayIds: item?.displayIds ?? [],
  };
  const form = useZodForm(VideoInputSchema, { mode: 'controlled', initialValues: initial });
  const values = form.getValues();
  const submit = form.onSubmit(async (input) => {
    setFormError(null);
    try {
      await onSubmit(input);
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });
  return (
    <FormDrawer
      opened
      title={item ? t('video.editTitle') : t('video.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={VIDEO_NAME_MAX + 10}
        {...form.getInputProps('name')}
      />
      <MediaUploadField
        label={t('fields.video')}
        purpose="video"
        required
        value={values.fileId}
        onChange={(fileId) => form.setFieldValue('fileId', fileId)}
        error={fieldError(form.errors.fileId)}
      />
      <Textarea
        label={t('fields.description')}
        withAsterisk
        autosize
        minRows={2}
        maxLength={VIDEO_DESCRIPTION_MAX}
        {...form.getInputProps('description')}
      />
      <NumberInput
        label={t('fields.sortOrder')}
        min={0}
        max={SORT_ORDER_MAX}
        allowDecimal={false}
        withAsterisk
        {...form.getInputProps('sortOrder')}
      />
      <TargetsFields
        value={{ branchIds: values.branchIds, displayIds: values.displayIds }}
        onChange={(targets) => form.setValues(targets)}
        errors={{
          branchIds: fieldError(form.errors.branchIds),
          displayIds: fieldError(form.errors.displayIds),
        }}
      />
      <Switch label={t('fields.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </FormDrawer>
  );
}
