import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actingContract } from '@antrean/shared/contracts/platform.contract';
import type { SessionUser } from '@antrean/shared/domain/user';
import { api } from '@/lib/api';
import { SESSION_QUERY_KEY } from '@/lib/query-client';

/**
 * Start or stop acting inside a tenant. The session answers the new context; every other cached
 * read belonged to the previous one, so it is dropped (nothing of one tenant shows in another).
 */
function useSwitchTenant(call: (tenantId: string | null) => Promise<{ user: SessionUser }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
  });
}

export function useStartActing() {
  return useSwitchTenant((tenantId) =>
    api.call(actingContract.start, { body: { tenantId: tenantId ?? '' } }),
  );
}

export function useStopActing() {
  return useSwitchTenant(() => api.call(actingContract.stop));
}
