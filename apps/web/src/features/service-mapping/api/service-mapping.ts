import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceMappingContract } from '@antrean/shared/contracts/service-mapping.contract';
import type { ServiceMappingInput } from '@antrean/shared/domain/service-mapping';
import { api } from '@/lib/api';

const mappingKeys = {
  branch: (branchId: string) => ['service-mapping', branchId] as const,
};

/** The matrix of one branch. */
export function serviceMappingQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: mappingKeys.branch(branchId),
    queryFn: ({ signal }) => api.call(serviceMappingContract.get, { params: { branchId }, signal }),
    enabled: branchId !== '',
  });
}

/** Saves the matrix whole; the branch's catalogue and counter reads are refetched after. */
export function useSaveServiceMapping(branchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceMappingInput) =>
      api.call(serviceMappingContract.save, { params: { branchId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(mappingKeys.branch(branchId), saved),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['branches', branchId] }),
        queryClient.invalidateQueries({ queryKey: ['counters'] }),
      ]);
    },
  });
}
