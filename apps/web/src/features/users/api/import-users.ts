import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userImportContract } from '@antrean/shared/contracts/user-import.contract';
import { api } from '@/lib/api';
import { userKeys } from './keys';

/** Checks a CSV of service users on the server: every row with its errors; nothing is saved. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) => api.call(userImportContract.preview, { body: { csv } }),
  });
}

/** Imports the checked CSV, all or nothing; the user lists are refetched after. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.call(userImportContract.commit, { body: { csv } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
