import { useMutation, useQueryClient } from '@tanstack/react-query';
import { branchImportContract } from '@antrean/shared/contracts/branch-import.contract';
import { api } from '@/lib/api';
import { branchAdminKeys } from './keys';
import type { ImportFile } from '@antrean/shared/contracts/import-file';

/** Checks a CSV of branches on the server: every row with its errors; nothing is saved. */
export function usePreviewBranchImport() {
  return useMutation({
    mutationFn: (file: ImportFile) => api.call(branchImportContract.preview, { body: file }),
  });
}

/** Imports the checked CSV, all or nothing; every branch read is refetched after. */
export function useCommitBranchImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: ImportFile) => api.call(branchImportContract.commit, { body: file }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: branchAdminKeys.all }),
  });
}
