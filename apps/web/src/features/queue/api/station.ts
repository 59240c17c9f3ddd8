import { useMutation } from '@tanstack/react-query';
import { monitorContract } from '@antrean/shared/contracts/monitor.contract';
import { api } from '@/lib/api';

/**
 * The caller's station: taking the counter for the chosen services (call-next then calls only
 * those) releases the account's other counter (decision 29b); leaving frees it.
 */
export function useOpenStation(counterId: string, serviceIds: readonly string[]) {
  return useMutation({
    mutationFn: () =>
      api.call(monitorContract.openStation, { params: { counterId }, body: { serviceIds: [...serviceIds] } }),
  });
}

/** Leaves the counter; never fails (leaving must not be blocked by a network error). */
export async function leaveStation(counterId: string): Promise<void> {
  try {
    await api.call(monitorContract.closeStation, { params: { counterId } });
  } catch {
    // The counter stays taken until the caller opens another one (decision 29b).
  }
}
