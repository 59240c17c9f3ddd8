import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { servicesContract } from '@antrean/shared/contracts/services.contract';
import { api } from '@/lib/api';
import { serviceKeys, type ServiceListInput } from './keys';

/** One page of the tenant's services; the previous page stays on screen while the next loads. */
export function serviceListQueryOptions(query: ServiceListInput) {
  return queryOptions({
    queryKey: serviceKeys.list(query),
    queryFn: ({ signal }) => api.call(servicesContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
