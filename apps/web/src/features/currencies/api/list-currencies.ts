import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { currenciesContract } from '@antrean/shared/contracts/currencies.contract';
import { api } from '@/lib/api';
import { currencyKeys, type CurrencyListInput } from './keys';

/** One page of the tenant's currencies; the previous page stays on screen while the next loads. */
export function currencyListQueryOptions(query: CurrencyListInput) {
  return queryOptions({
    queryKey: currencyKeys.list(query),
    queryFn: ({ signal }) => api.call(currenciesContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every currency in board order (at most 100): the rates form edits them all at once. */
export function currencyBoardQueryOptions() {
  return queryOptions({
    queryKey: currencyKeys.board(),
    queryFn: ({ signal }) =>
      api.call(currenciesContract.list, { query: { page: 1, pageSize: 100, sort: 'order' }, signal }),
  });
}
