import { useMutation, useQueryClient } from '@tanstack/react-query';
import { countersContract, type CreateCounterBody } from '@antrean/shared/contracts/counters.contract';
import { api } from '@/lib/api';
import { counterKeys } from './keys';

/** Adds a counter to a branch; every counter list is refetched after. */
export function useCreateCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCounterBody) => api.call(countersContract.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: counterKeys.all }),
  });
}
