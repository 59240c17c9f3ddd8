import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currenciesContract } from '@antrean/shared/contracts/currencies.contract';
import { api } from '@/lib/api';
import { currencyKeys } from './keys';

/** Deletes a currency (after the page's confirmation); the displays drop it at once. */
export function useDeleteCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currencyId: string) => api.call(currenciesContract.remove, { params: { currencyId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currencyKeys.all }),
  });
}
