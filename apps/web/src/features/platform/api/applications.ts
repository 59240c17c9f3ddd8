import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applicationsContract,
  type UpdateApplicationBody,
} from '@antrean/shared/contracts/platform.contract';
import type { ApplicationInput } from '@antrean/shared/domain/application';
import { api } from '@/lib/api';
import { applicationKeys, type ApplicationListInput } from './keys';

/** One page of published app versions; the previous page stays on screen while the next loads. */
export function applicationListQueryOptions(query: ApplicationListInput) {
  return queryOptions({
    queryKey: applicationKeys.list(query),
    queryFn: ({ signal }) => api.call(applicationsContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationInput) => api.call(applicationsContract.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, body }: { applicationId: string; body: UpdateApplicationBody }) =>
      api.call(applicationsContract.update, { params: { applicationId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) =>
      api.call(applicationsContract.remove, { params: { applicationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
