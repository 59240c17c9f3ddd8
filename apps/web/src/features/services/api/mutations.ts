import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  servicesContract,
  type CreateServiceBody,
  type UpdateServiceBody,
} from '@antrean/shared/contracts/services.contract';
import { api } from '@/lib/api';
import { serviceKeys } from './keys';

/** Every change refetches the service lists and the branch catalogues (kiosk-facing reads). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['branches'] }),
    ]);
  };
}

export function useCreateService() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateServiceBody) => api.call(servicesContract.create, { body }),
    onSettled: invalidate,
  });
}

/** Edits a service and its sub services, or (de)activates it (`{ isActive: false }`). */
export function useUpdateService() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ serviceId, body }: { serviceId: string; body: UpdateServiceBody }) =>
      api.call(servicesContract.update, { params: { serviceId }, body }),
    onSettled: invalidate,
  });
}

/** Deletes a service without tickets (the server refuses otherwise: deactivate it instead). */
export function useDeleteService() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (serviceId: string) => api.call(servicesContract.remove, { params: { serviceId } }),
    onSettled: invalidate,
  });
}
