import { useState } from 'react';
import { Fieldset, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CurrencyRatesBodySchema,
  type CurrencyRatesBody,
} from '@antrean/shared/contracts/currencies.contract';
import type { Currency } from '@antrean/shared/domain/currency';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { RateInputs } from './rate-inputs';

/**
 * One form for the rates of every currency: saved at once, all or nothing, for every branch (the
 * rates are the tenant's); every display shows them within a second.
 */
export function RatesFormDrawer({
  currencies,
  pending,
  onSubmit,
  onClose,
}: {
  currencies: readonly Currency[];
  pending: boolean;
  onSubmit: (values: CurrencyRatesBody) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['currencies', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(CurrencyRatesBodySchema, {
    mode: 'controlled',
    initialValues: {
      rates: currencies.map((c) => ({
        id: c.id,
        buy: c.buy,
        sell: c.sell,
        bankNoteBuy: c.bankNoteBuy ?? '',
        bankNoteSell: c.bankNoteSell ?? '',
        ttCounterBuy: c.ttCounterBuy ?? '',
        ttCounterSell: c.ttCounterSell ?? '',
      })),
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

  return (
    <FormDrawer
      opened
      title={t('rates.title')}
      error={formError}
      pending={pending}
      submitLabel={t('rates.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        {t('rates.intro')}
      </Text>
      {currencies.map((c, index) => (
        <Fieldset key={c.id} legend={`${c.code} · ${c.name}`} radius="md">
          <RateInputs form={form} prefix={`rates.${index}.`} code={c.code} />
        </Fieldset>
      ))}
    </FormDrawer>
  );
}
