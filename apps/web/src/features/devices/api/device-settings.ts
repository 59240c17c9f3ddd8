import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { countersContract } from '@antrean/shared/contracts/counters.contract';
import { deviceAdminContract } from '@antrean/shared/contracts/device-admin.contract';
import type { DisplayInput, DisplayPatch, KioskInput, KioskPatch } from '@antrean/shared/domain/device';
import { api } from '@/lib/api';
import { deviceKeys } from '@/lib/queries/devices';

export function kioskSettingsQueryOptions(kioskId: string) {
  return queryOptions({
    queryKey: [...deviceKeys.all, 'kiosk', kioskId] as const,
    queryFn: ({ signal }) => api.call(deviceAdminContract.getKiosk, { params: { kioskId }, signal }),
  });
}

export function displaySettingsQueryOptions(displayId: string) {
  return queryOptions({
    queryKey: [...deviceKeys.all, 'display', displayId] as const,
    queryFn: ({ signal }) => api.call(deviceAdminContract.getDisplay, { params: { displayId }, signal }),
  });
}

/** The branch's counters, for a pos display's counter (one page of the most a branch may have). */
export function branchCountersQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: ['counters', 'list', { branchId, pageSize: 100, page: 1, sort: 'number' }] as const,
    queryFn: ({ signal }) =>
      api.call(countersContract.list, {
        query: { branchId, pageSize: 100, page: 1, sort: 'number' },
        signal,
      }),
    enabled: branchId !== '',
  });
}

/** Creates, edits: each refetches the branch's device lists and settings after. */
export function useDeviceSettingsMutations(branchId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });
  return {
    createKiosk: useMutation({
      mutationFn: (body: KioskInput) =>
        api.call(deviceAdminContract.createKiosk, { params: { branchId }, body }),
      onSettled,
    }),
    createDisplay: useMutation({
      mutationFn: (body: DisplayInput) =>
        api.call(deviceAdminContract.createDisplay, { params: { branchId }, body }),
      onSettled,
    }),
    updateKiosk: useMutation({
      mutationFn: ({ kioskId, body }: { kioskId: string; body: KioskPatch }) =>
        api.call(deviceAdminContract.updateKiosk, { params: { kioskId }, body }),
      onSettled,
    }),
    updateDisplay: useMutation({
      mutationFn: ({ displayId, body }: { displayId: string; body: DisplayPatch }) =>
        api.call(deviceAdminContract.updateDisplay, { params: { displayId }, body }),
      onSettled,
    }),
  };
}
