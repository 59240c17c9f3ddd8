import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  bannersContract,
  runningTextsContract,
  signageTargetsContract,
  videosContract,
  type BannerListQuerySchema,
  type RunningTextListQuerySchema,
  type VideoListQuerySchema,
} from '@antrean/shared/contracts/signage.contract';
import type { BannerInput, RunningTextInput, VideoInput } from '@antrean/shared/domain/signage';
import { api } from '@/lib/api';

const keys = {
  runningTexts: ['signage', 'running-texts'] as const,
  banners: ['signage', 'banners'] as const,
  videos: ['signage', 'videos'] as const,
  targets: ['signage', 'targets'] as const,
};

export function runningTextListOptions(query: z.input<typeof RunningTextListQuerySchema>) {
  return queryOptions({
    queryKey: [...keys.runningTexts, query],
    queryFn: ({ signal }) => api.call(runningTextsContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function bannerListOptions(query: z.input<typeof BannerListQuerySchema>) {
  return queryOptions({
    queryKey: [...keys.banners, query],
    queryFn: ({ signal }) => api.call(bannersContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function videoListOptions(query: z.input<typeof VideoListQuerySchema>) {
  return queryOptions({
    queryKey: [...keys.videos, query],
    queryFn: ({ signal }) => api.call(videosContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The tenant's branches and displays, for the "shown on" pickers. */
export function targetOptions() {
  return queryOptions({
    queryKey: keys.targets,
    queryFn: ({ signal }) => api.call(signageTargetsContract, { signal }),
    staleTime: 60_000,
  });
}

export function useRunningTextMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: keys.runningTexts });
  return {
    create: useMutation({
      mutationFn: (body: RunningTextInput) => api.call(runningTextsContract.create, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RunningTextInput }) =>
        api.call(runningTextsContract.update, { params: { runningTextId: id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.call(runningTextsContract.remove, { params: { runningTextId: id } }),
      onSettled,
    }),
  };
}

export function useBannerMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: keys.banners });
  return {
    create: useMutation({
      mutationFn: (body: BannerInput) => api.call(bannersContract.create, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: BannerInput }) =>
        api.call(bannersContract.update, { params: { bannerId: id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.call(bannersContract.remove, { params: { bannerId: id } }),
      onSettled,
    }),
  };
}

export function useVideoMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: keys.videos });
  return {
    create: useMutation({
      mutationFn: (body: VideoInput) => api.call(videosContract.create, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: VideoInput }) =>
        api.call(videosContract.update, { params: { videoId: id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.call(videosContract.remove, { params: { videoId: id } }),
      onSettled,
    }),
  };
}
