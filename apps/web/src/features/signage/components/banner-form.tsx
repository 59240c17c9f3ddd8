import { useState } from 'react';
import { NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  BANNER_NAME_MAX,
  BANNER_SECONDS_MAX,
  BANNER_SECONDS_MIN,
  BannerInputSchema,
  SORT_ORDER_MAX,
  type Banner,
  type BannerInput,
} from '@antrean/shared/domain/signage';
import { FormDrawer } from '@/components/admin/form-drawer';
import { MediaUploadField } from '@/components/admin/media-upload-field';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { TargetsFields, errorText as fieldError } from './targets-fields';

export function BannerFormDrawer({
  item,
  pending,
  onSubmit,
  onClose,
}: {
  item: Banner | null;
  pending: boolean;
  onSubmit: (values: BannerInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['signage', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = {
    name: item?.name ?? '',
    fileId: item?.fileId ?? null,
    isActive: item?.isActive ?? true,
    startsOn: item?.startsOn ?? null,
    endsOn: item?.endsOn ?? null,
    durationSeconds: item?.durationSeconds ?? 10,
    sortOrder: item?.sortOrder ?? 1,
    branchIds: item?.branchIds ?? [],
    displayIds: item?.displayIds ?? [],
  };
  const form = useZodForm(BannerInputSchema, { mode: 'controlled', initialValues: initial });
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
  const dateProps = (field: 'startsOn' | 'endsOn') => ({
    type: 'date',
    value: values[field] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, event.currentTarget.value === '' ? null : event.currentTarget.value),
    error: form.errors[field],
  });
  return (
    <FormDrawer
      opened
      title={item ? t('banner.editTitle') : t('banner.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.name')}
        description={t('banner.nameHint')}
        withAsterisk
        maxLength={BANNER_NAME_MAX + 10}
        {...form.getInputProps('name')}
      />
      <MediaUploadField
        label={t('fields.image')}
        purpose="banner"
        required
        value={values.fileId}
        onChange={(fileId) => form.setFieldValue('fileId', fileId)}
        error={fieldError(form.errors.fileId)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t('fields.startsOn')} {...dateProps('startsOn')} />
        <TextInput label={t('fields.endsOn')} {...dateProps('endsOn')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label={t('fields.durationSeconds')}
          min={BANNER_SECONDS_MIN}
          max={BANNER_SECONDS_MAX}
          allowDecimal={false}
          withAsterisk
          {...form.getInputProps('durationSeconds')}
        />
        <NumberInput
          label={t('fields.sortOrder')}
          min={0}
          max={SORT_ORDER_MAX}
          allowDecimal={false}
          withAsterisk
          {...form.getInputProps('sortOrder')}
        />
      </SimpleGrid>
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
