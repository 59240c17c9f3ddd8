import { useState } from 'react';
import { Checkbox, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  COUNTER_NAME_MAX,
  COUNTER_NUMBER_MAX,
  CounterInputSchema,
  type Counter,
  type CounterInput,
} from '@antrean/shared/domain/counter';
import type { BranchService } from '@antrean/shared/domain/service';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

/**
 * Create or edit a counter in a drawer, validated by the same schema as the API request
 * (CounterInputSchema); the server's field errors (name or number taken, unknown service)
 * land on their fields, any other refusal above the form.
 */
export function CounterFormDrawer({
  counter,
  suggestedNumber,
  services,
  pending,
  onSubmit,
  onClose,
}: {
  /** The counter being edited; null to create one. */
  counter: Counter | null;
  suggestedNumber: number;
  services: readonly BranchService[];
  pending: boolean;
  /** Saves; rejects with the API error when the server refuses. */
  onSubmit: (values: CounterInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['counters', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  // The page mounts the drawer per opening (keyed by the counter), so the values start here.
  const form = useZodForm(CounterInputSchema, {
    mode: 'controlled',
    initialValues: counter
      ? {
          name: counter.name,
          number: counter.number,
          isActive: counter.isActive,
          serviceIds: counter.serviceIds,
        }
      : { name: '', number: suggestedNumber, isActive: true, serviceIds: [] },
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

  return (
    <FormDrawer
      opened
      title={counter ? t('form.editTitle', { name: counter.name }) : t('form.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={COUNTER_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <NumberInput
        label={t('fields.number')}
        description={t('fields.numberHint')}
        withAsterisk
        allowDecimal={false}
        allowNegative={false}
        min={1}
        max={COUNTER_NUMBER_MAX}
        {...form.getInputProps('number')}
      />
      <Checkbox.Group label={t('fields.services')} withAsterisk {...form.getInputProps('serviceIds')}>
        <Stack gap="xs" mt="xs">
          {services.length === 0 ? <Text c="dimmed">{t('fields.noServices')}</Text> : null}
          {services.map((service) => (
            <Checkbox key={service.id} value={service.id} label={`${service.code} · ${service.name}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label={t('fields.isActive')}
        description={t('fields.isActiveHint')}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormDrawer>
  );
}
