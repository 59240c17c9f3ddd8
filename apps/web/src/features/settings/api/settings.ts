import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsContract, type SendTestMessageBody } from '@antrean/shared/contracts/settings.contract';
import type { TenantSettingsInput } from '@antrean/shared/domain/tenant-settings';
import { api } from '@/lib/api';

/** Query keys of the tenant settings; `all` is what a save invalidates. */
const settingsKeys = {
  all: ['settings'] as const,
};

/** The tenant's settings (the WhatsApp token only as set / not set). */
export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => api.call(settingsContract.get, { signal }),
  });
}

/** Saves every setting; the answer replaces the cached settings. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantSettingsInput) => api.call(settingsContract.update, { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

/** Sends a test WhatsApp message through the saved provider. */
export function useSendTestMessage() {
  return useMutation({
    mutationFn: (body: SendTestMessageBody) => api.call(settingsContract.sendTestMessage, { body }),
  });
}
