import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { themesContract, type ThemeListQuerySchema } from '@antrean/shared/contracts/themes.contract';
import type { ThemeInput } from '@antrean/shared/domain/theme-template';
import { api } from '@/lib/api';

type ThemeListInput = z.input<typeof ThemeListQuerySchema>;

const themeKeys = {
  all: ['themes'] as const,
  list: (query: ThemeListInput) => ['themes', 'list', query] as const,
};

export function themeListQueryOptions(query: ThemeListInput) {
  return queryOptions({
    queryKey: themeKeys.list(query),
    queryFn: ({ signal }) => api.call(themesContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Create, save, delete and choose the active theme; each refetches the lists after. */
export function useThemeMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: themeKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: ThemeInput) => api.call(themesContract.create, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ themeId, body }: { themeId: string; body: ThemeInput }) =>
        api.call(themesContract.update, { params: { themeId }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (themeId: string) => api.call(themesContract.remove, { params: { themeId } }),
      onSettled,
    }),
    activate: useMutation({
      mutationFn: (themeId: string | null) => api.call(themesContract.activate, { body: { themeId } }),
      onSettled,
    }),
  };
}
