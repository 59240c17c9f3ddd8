import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

const PAIRS = [
  ['buy', 'sell', 'eRate', true],
  ['bankNoteBuy', 'bankNoteSell', 'bankNotes', false],
  ['ttCounterBuy', 'ttCounterSell', 'ttCounter', false],
] as const;

/**
 * The six rate inputs of a currency (e-rate buy and sell required; bank notes and TT counter
 * optional), as text: a rate is an exact decimal with a dot, never a float. `prefix` is the path
 * of the currency in the form (`''` or `rates.2.`).
 */
export function RateInputs<V extends Record<string, unknown>, T>({
  form,
  prefix,
  code,
}: {
  form: UseFormReturnType<V, T>;
  prefix: string;
  /** Named in each input's accessible label when several currencies share a form. */
  code?: string;
}) {
  const { t } = useTranslation('currencies');
  return (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
      {PAIRS.flatMap(([buy, sell, group, required]) =>
        [buy, sell].map((field, index) => {
          const label = t(`rates.${group}`) + ' · ' + t(index === 0 ? 'board.buy' : 'board.sell');
          return (
            <TextInput
              key={field}
              label={label}
              aria-label={code ? `${code} ${label}` : undefined}
              withAsterisk={required}
              inputMode="decimal"
              autoComplete="off"
              placeholder={required ? '16150.50' : t('rates.optional')}
              {...form.getInputProps(`${prefix}${field}`)}
            />
          );
        }),
      )}
    </SimpleGrid>
  );
}
