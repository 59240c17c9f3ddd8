import { useState } from 'react';
import { Checkbox, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_NAME_MAX,
  KioskInputSchema,
  PAPER_WIDTHS,
  type KioskInput,
  type KioskSettings,
} from '@antrean/shared/domain/device';
import type { BranchService } from '@antrean/shared/domain/service';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

/**
 * Create or edit a kiosk in a drawer: name, receipt paper width, the services it offers (none
 * chosen: every service of the branch shown on kiosks), active. The open kiosk follows a save live.
 */
export function KioskFormDrawer({
  kiosk,
  services: branchServices,
  pending,
  onSubmit,
  onClose,
}: {
  kiosk: KioskSettings | null;
  services: readonly BranchService[];
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
      ? {
          name: kiosk.name,
          paperWidthMm: kiosk.paperWidthMm,
          serviceIds: kiosk.serviceIds,
          isActive: kiosk.isActive,
        }
      : { name: '', paperWidthMm: 80, serviceIds: [], isActive: true },
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
  // Only what a kiosk can offer; a chosen service that stopped being shown on kiosks stays listed to be unticked.
  const chosen = form.getValues().serviceIds;
  const services = branchServices.filter((s) => (s.showOnKiosk && s.isActive) || chosen.includes(s.id));
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
      <Checkbox.Group
        label={t('fields.kioskServices')}
        description={t('fields.kioskServicesHint')}
        {...form.getInputProps('serviceIds')}
      >
        <Stack gap="xs" mt="xs">
          {services.map((service) => (
            <Checkbox key={service.id} value={service.id} label={`${service.code} · ${service.name}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      {services.length === 0 ? <Text c="dimmed">{t('fields.noServices')}</Text> : null}
      <Switch label={t('fields.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </FormDrawer>
  );
}
