import { queryOptions } from '@tanstack/react-query';
import { dashboardContract } from '@antrean/shared/contracts/dashboard.contract';
import { api } from '@/lib/api';

export const dashboardKeys = { home: ['dashboard', 'home'] as const };

/** The dashboard home: totals, today's figures per branch, the setup checklist. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.home,
    queryFn: ({ signal }) => api.call(dashboardContract.home, { signal }),
  });
}
