import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { queueResetContract } from '@antrean/shared/contracts/queue-reset.contract';
import { ticketsContract } from '@antrean/shared/contracts/tickets.contract';
import { api } from '@/lib/api';

const resetKeys = {
  all: ['reset-queue'] as const,
  preview: (branchId: string, serviceId: string | undefined) =>
    ['reset-queue', branchId, serviceId ?? 'all'] as const,
};

/** What resetting today's queue of the branch (or one service) would change, now. */
export function resetPreviewQueryOptions(branchId: string, serviceId: string | undefined) {
  return queryOptions({
    queryKey: resetKeys.preview(branchId, serviceId),
    queryFn: ({ signal }) =>
      api.call(queueResetContract.preview, {
        params: { branchId },
        query: serviceId ? { serviceId } : {},
        signal,
      }),
    enabled: branchId !== '',
  });
}

/** Resets today's queue (bookings back to booked, walk-ins cancelled); the previews are read again. */
export function useResetQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ branchId, serviceId }: { branchId: string; serviceId: string | undefined }) =>
      api.call(ticketsContract.resetQueue, { params: { branchId }, body: serviceId ? { serviceId } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resetKeys.all }),
  });
}
