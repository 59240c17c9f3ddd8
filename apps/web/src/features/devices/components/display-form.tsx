import { useState } from 'react';
import { Checkbox, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_NAME_MAX,
  DISPLAY_LAYOUT_NAMES,
  DisplayInputSchema,
  type DisplayInput,
  type DisplaySettings,
} from '@antrean/shared/domain/device';
import type { Counter } from '@antrean/shared/domain/counter';
import type { BranchService } from '@antrean/shared/domain/service';
import { VOICE_MODES } from '@antrean/shared/voice/announcement';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

/** The branch's voice settings (the voice mode page) instead of one of this display's own. */
const BRANCH_VOICE = 'branch';

/**
 * Create or edit a display in a drawer: name, layout, the counter of a pos display, the services
 * it shows (none ticked: all) and its voice mode; validated by the request's schema.
 */
export function DisplayFormDrawer({
  display,
  counters,
  services,
  pending,
  onSubmit,
  onClose,
}: {
  display: DisplaySettings | null;
  counters: readonly Counter[];
  services: readonly BranchService[];
  pending: boolean;
  onSubmit: (values: DisplayInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(DisplayInputSchema, {
    mode: 'controlled',
    initialValues: display
      ? {
          name: display.name,
          layout: display.layout,
          counterId: display.counterId,
          serviceIds: display.serviceIds,
          voiceMode: display.voiceMode,
          isActive: display.isActive,
        }
      : { name: '', layout: 'classic', counterId: null, serviceIds: [], voiceMode: null, isActive: true },
  });
  const values = form.getValues();
  const submit = form.onSubmit(async (input) => {
    setFormError(null);
    try {
      await onSubmit({ ...input, counterId: input.layout === 'pos' ? input.counterId : null });
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });
  const counterProps = form.getInputProps('counterId');
  const voiceProps = form.getInputProps('voiceMode');
  return (
    <FormDrawer
      opened
      title={display ? t('form.editTitle', { name: display.name }) : t('form.createDisplay')}
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
        label={t('fields.layout')}
        withAsterisk
        allowDeselect={false}
        data={DISPLAY_LAYOUT_NAMES.map((l) => ({ value: l, label: t(`layouts.${l}`) }))}
        {...form.getInputProps('layout')}
      />
      {values.layout === 'pos' ? (
        <Select
          label={t('fields.counter')}
          description={t('fields.counterHint')}
          withAsterisk
          data={counters.map((c) => ({ value: c.id, label: c.name }))}
          {...counterProps}
          value={values.counterId}
          onChange={(value: string | null) => form.setFieldValue('counterId', value)}
        />
      ) : null}
      <Checkbox.Group
        label={t('fields.services')}
        description={t('fields.servicesHint')}
        {...form.getInputProps('serviceIds')}
      >
        <Stack gap="xs" mt="xs">
          {services.map((service) => (
            <Checkbox key={service.id} value={service.id} label={`${service.code} · ${service.name}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      {services.length === 0 ? <Text c="dimmed">{t('fields.noServices')}</Text> : null}
      <Select
        label={t('fields.voiceMode')}
        allowDeselect={false}
        data={[
          { value: BRANCH_VOICE, label: t('voiceModes.branch') },
          ...VOICE_MODES.map((m) => ({ value: m, label: t(`voiceModes.${m}`) })),
        ]}
        {...voiceProps}
        value={values.voiceMode ?? BRANCH_VOICE}
        onChange={(value) => form.setFieldValue('voiceMode', VOICE_MODES.find((m) => m === value) ?? null)}
      />
      <Switch
        label={t('fields.isActive')}
        description={t('fields.isActiveHint')}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormDrawer>
  );
}
