import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { branchAdminContract } from '@antrean/shared/contracts/branch-admin.contract';
import { api } from '@/lib/api';
import { branchAdminKeys, type BranchListInput } from './keys';

/** One page of the tenant's branches; the previous page stays on screen while the next loads. */
export function branchListQueryOptions(query: BranchListInput) {
  return queryOptions({
    queryKey: branchAdminKeys.list(query),
    queryFn: ({ signal }) => api.call(branchAdminContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One branch with its key hint and what it uses of its limits. */
export function branchDetailQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: branchAdminKeys.detail(branchId),
    queryFn: ({ signal }) => api.call(branchAdminContract.get, { params: { branchId }, signal }),
  });
}
