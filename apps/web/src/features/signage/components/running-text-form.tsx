import { useState } from 'react';
import { NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RUNNING_TEXT_SPEEDS } from '@antrean/shared/domain/running-text-speed';
import {
  RUNNING_TEXT_MAX,
  RunningTextInputSchema,
  SORT_ORDER_MAX,
  type RunningText,
  type RunningTextInput,
} from '@antrean/shared/domain/signage';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { TargetsFields, errorText as fieldError } from './targets-fields';

export function RunningTextFormDrawer({
  item,
  pending,
  onSubmit,
  onClose,
}: {
  item: RunningText | null;
  pending: boolean;
  onSubmit: (values: RunningTextInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['signage', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const initial: RunningTextInput = item
    ? {
        content: item.content,
        isActive: item.isActive,
        speed: item.speed,
        sortOrder: item.sortOrder,
        branchIds: item.branchIds,
        displayIds: item.displayIds,
      }
    : { content: '', isActive: true, speed: 'normal', sortOrder: 1, branchIds: [], displayIds: [] };
  const form = useZodForm(RunningTextInputSchema, { mode: 'controlled', initialValues: initial });
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
      title={item ? t('runningText.editTitle') : t('runningText.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.content')}
        description={t('runningText.contentHint')}
        withAsterisk
        maxLength={RUNNING_TEXT_MAX + 10}
        {...form.getInputProps('content')}
      />
      <Select
        label={t('fields.speed')}
        withAsterisk
        allowDeselect={false}
        data={RUNNING_TEXT_SPEEDS.map((s) => ({ value: s, label: t(`speed.${s}`) }))}
        {...form.getInputProps('speed')}
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
