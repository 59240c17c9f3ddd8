import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currenciesContract } from '@antrean/shared/contracts/currencies.contract';
import type { CurrencyValues } from '@antrean/shared/domain/currency';
import { api } from '@/lib/api';
import { currencyKeys } from './keys';

/** Adds a currency; every currency list is refetched after. */
export function useCreateCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CurrencyValues) => api.call(currenciesContract.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currencyKeys.all }),
  });
}
