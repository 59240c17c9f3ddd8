import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  currenciesContract,
  type CurrencyRatesBody,
  type UpdateCurrencyBody,
} from '@antrean/shared/contracts/currencies.contract';
import { api } from '@/lib/api';
import { currencyKeys } from './keys';

/** Edits a currency (its details or rates). */
export function useUpdateCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currencyId, body }: { currencyId: string; body: UpdateCurrencyBody }) =>
      api.call(currenciesContract.update, { params: { currencyId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currencyKeys.all }),
  });
}

/** Sets every currency's rates at once (all branches: the rates are the tenant's). */
export function useUpdateRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CurrencyRatesBody) => api.call(currenciesContract.updateRates, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currencyKeys.all }),
  });
}
