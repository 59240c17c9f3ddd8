import { useState } from 'react';
import { Group, NumberInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CURRENCY_NAME_MAX,
  CurrencyInputSchema,
  type Currency,
  type CurrencyValues,
} from '@antrean/shared/domain/currency';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { shownFlag } from '@/lib/flag-emoji';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { RateInputs } from './rate-inputs';

/**
 * Create or edit a currency in a drawer, validated by the same schema as the API request
 * (CurrencyInputSchema): the code taken lands on its field, any other refusal above the form.
 */
export function CurrencyFormDrawer({
  currency,
  nextOrder,
  pending,
  onSubmit,
  onClose,
}: {
  currency: Currency | null;
  nextOrder: number;
  pending: boolean;
  onSubmit: (values: CurrencyValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['currencies', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(CurrencyInputSchema, {
    mode: 'controlled',
    initialValues: {
      code: currency?.code ?? '',
      name: currency?.name ?? '',
      flag: currency?.flag ?? '',
      buy: currency?.buy ?? '',
      sell: currency?.sell ?? '',
      bankNoteBuy: currency?.bankNoteBuy ?? '',
      bankNoteSell: currency?.bankNoteSell ?? '',
      ttCounterBuy: currency?.ttCounterBuy ?? '',
      ttCounterSell: currency?.ttCounterSell ?? '',
      sortOrder: currency?.sortOrder ?? nextOrder,
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
  const flag = shownFlag(form.values.flag ?? null);

  return (
    <FormDrawer
      opened
      title={currency ? t('form.editTitle', { code: currency.code }) : t('form.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Group grow align="flex-start">
        <TextInput
          label={t('fields.code')}
          description={t('fields.codeHint')}
          withAsterisk
          maxLength={3}
          autoComplete="off"
          {...form.getInputProps('code')}
          onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
        />
        <TextInput
          label={t('fields.flag')}
          description={t('fields.flagHint')}
          maxLength={2}
          autoComplete="off"
          rightSection={flag ? <Text aria-hidden>{flag}</Text> : null}
          {...form.getInputProps('flag')}
          onChange={(e) => form.setFieldValue('flag', e.currentTarget.value.toUpperCase())}
        />
      </Group>
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={CURRENCY_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <Text size="sm" c="dimmed">
        {t('rates.hint')}
      </Text>
      <RateInputs form={form} prefix="" />
      <NumberInput
        label={t('fields.sortOrder')}
        description={t('fields.sortOrderHint')}
        allowDecimal={false}
        allowNegative={false}
        min={0}
        max={9999}
        {...form.getInputProps('sortOrder')}
      />
    </FormDrawer>
  );
}
