import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  branchAdminContract,
  type CopyBranchBody,
  type CreateBranchBody,
  type UpdateBranchBody,
} from '@antrean/shared/contracts/branch-admin.contract';
import { api } from '@/lib/api';
import { branchAdminKeys } from './keys';

/** Adds a branch; every branch read is refetched after. */
export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBranchBody) => api.call(branchAdminContract.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: branchAdminKeys.all }),
  });
}

/** Edits a branch or (de)activates it (`{ isActive: false }`). */
export function useUpdateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ branchId, body }: { branchId: string; body: UpdateBranchBody }) =>
      api.call(branchAdminContract.update, { params: { branchId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: branchAdminKeys.all }),
  });
}

/** Deletes a branch without queue history (BRANCH_HAS_HISTORY otherwise). */
export function useDeleteBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (branchId: string) => api.call(branchAdminContract.remove, { params: { branchId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: branchAdminKeys.all }),
  });
}

/** Generates or rotates the branch's integration key; the answer holds the key, once. */
export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (branchId: string) => api.call(branchAdminContract.rotateApiKey, { params: { branchId } }),
    onSettled: (_data, _error, branchId) =>
      queryClient.invalidateQueries({ queryKey: branchAdminKeys.detail(branchId) }),
  });
}

/** A new branch with this branch's setup (services, schedules, counters, devices). */
export function useCopyBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ branchId, body }: { branchId: string; body: CopyBranchBody }) =>
      api.call(branchAdminContract.copy, { params: { branchId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: branchAdminKeys.all }),
  });
}
