import { useMutation, useQueryClient } from '@tanstack/react-query';
import { countersContract } from '@antrean/shared/contracts/counters.contract';
import { api } from '@/lib/api';
import { counterKeys } from './keys';

/** Deletes a counter without queue history (the server answers COUNTER_HAS_HISTORY otherwise). */
export function useDeleteCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (counterId: string) => api.call(countersContract.remove, { params: { counterId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: counterKeys.all }),
  });
}
