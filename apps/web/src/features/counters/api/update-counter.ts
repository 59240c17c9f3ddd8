import { useMutation, useQueryClient } from '@tanstack/react-query';
import { countersContract, type UpdateCounterBody } from '@antrean/shared/contracts/counters.contract';
import { api } from '@/lib/api';
import { counterKeys } from './keys';

/** Edits a counter, its services, or (de)activates it (`{ isActive: false }`). */
export function useUpdateCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ counterId, body }: { counterId: string; body: UpdateCounterBody }) =>
      api.call(countersContract.update, { params: { counterId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: counterKeys.all }),
  });
}
