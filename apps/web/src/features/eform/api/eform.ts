import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { eformContract } from '@antrean/shared/contracts/eform.contract';
import { servicesContract } from '@antrean/shared/contracts/services.contract';
import type { EformInput } from '@antrean/shared/domain/eform';
import { api } from '@/lib/api';

const eformKeys = {
  services: ['eform', 'services'] as const,
  service: (serviceId: string) => ['eform', serviceId] as const,
};

/** The services to pick from (every service of the tenant, by code; a tenant has tens of them). */
export function eformServicesQueryOptions() {
  return queryOptions({
    queryKey: eformKeys.services,
    queryFn: ({ signal }) =>
      api.call(servicesContract.list, { query: { pageSize: 100, sort: 'code' }, signal }),
  });
}

/** The e-form of one service. */
export function eformQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: eformKeys.service(serviceId),
    queryFn: ({ signal }) => api.call(eformContract.get, { params: { serviceId }, signal }),
    enabled: serviceId !== '',
  });
}

/** Saves a service's e-form whole. */
export function useSaveEform(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EformInput) => api.call(eformContract.save, { params: { serviceId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(eformKeys.service(serviceId), saved),
  });
}
