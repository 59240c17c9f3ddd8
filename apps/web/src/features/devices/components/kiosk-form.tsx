import { useState } from 'react';
import { Select, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_NAME_MAX,
  KioskInputSchema,
  PAPER_WIDTHS,
  type KioskInput,
  type KioskSettings,
} from '@antrean/shared/domain/device';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

/** Create or edit a kiosk in a drawer (name, receipt paper width, active). */
export function KioskFormDrawer({
  kiosk,
  pending,
  onSubmit,
  onClose,
}: {
  kiosk: KioskSettings | null;
  pending: boolean;
  onSubmit: (values: KioskInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(KioskInputSchema, {
    mode: 'controlled',
    initialValues: kiosk
      ? { name: kiosk.name, paperWidthMm: kiosk.paperWidthMm, isActive: kiosk.isActive }
      : { name: '', paperWidthMm: 80, isActive: true },
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
  const paper = form.getInputProps('paperWidthMm');
  return (
    <FormDrawer
      opened
      title={kiosk ? t('form.editTitle', { name: kiosk.name }) : t('form.createKiosk')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={DEVICE_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <Select
        label={t('fields.paperWidth')}
        withAsterisk
        allowDeselect={false}
        data={PAPER_WIDTHS.map((w) => ({ value: String(w), label: t('fields.paperWidthMm', { mm: w }) }))}
        {...paper}
        value={String(form.getValues().paperWidthMm)}
        onChange={(value) =>
          form.setFieldValue('paperWidthMm', PAPER_WIDTHS.find((w) => String(w) === value) ?? 80)
        }
      />
      <Switch label={t('fields.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </FormDrawer>
  );
}
