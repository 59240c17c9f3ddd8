import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userImportContract } from '@antrean/shared/contracts/user-import.contract';
import { api } from '@/lib/api';
import { userKeys } from './keys';
import type { ImportFile } from '@antrean/shared/contracts/import-file';

/** Checks a CSV of service users on the server: every row with its errors; nothing is saved. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: ImportFile) => api.call(userImportContract.preview, { body: file }),
  });
}

/** Imports the checked CSV, all or nothing; the user lists are refetched after. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: ImportFile) => api.call(userImportContract.commit, { body: file }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
