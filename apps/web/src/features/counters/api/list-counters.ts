import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { countersContract } from '@antrean/shared/contracts/counters.contract';
import { api } from '@/lib/api';
import { counterKeys, type CounterListInput } from './keys';

/** One page of a branch's counters; the previous page stays on screen while the next loads. */
export function counterListQueryOptions(query: CounterListInput) {
  return queryOptions({
    queryKey: counterKeys.list(query),
    queryFn: ({ signal }) => api.call(countersContract.list, { query, signal }),
    enabled: query.branchId !== '',
    placeholderData: keepPreviousData,
  });
}
