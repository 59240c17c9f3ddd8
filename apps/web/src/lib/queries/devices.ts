import { queryOptions } from '@tanstack/react-query';
import {
  deviceAdminContract,
  type AdminDevice,
  type DeviceKind,
} from '@antrean/shared/contracts/device-admin.contract';
import { api } from '../api';

/** Device administration (admin: `tenant.configure`): a branch's kiosks and displays. */
export const deviceKeys = {
  all: ['devices'] as const,
  branch: (branchId: string) => ['devices', 'branch', branchId] as const,
};

/** How often the list is refetched so "online" and "last seen" stay current. */
const DEVICE_LIST_REFRESH_MS = 30_000;

export function branchDevicesQueryOptions(branchId: string) {
  return queryOptions({
    queryKey: deviceKeys.branch(branchId),
    queryFn: ({ signal }) => api.call(deviceAdminContract.list, { params: { branchId }, signal }),
    enabled: branchId !== '',
    refetchInterval: DEVICE_LIST_REFRESH_MS,
  });
}

export interface DeviceRef {
  kind: DeviceKind;
  id: string;
}

/** Gives the device a new code; the old one stops working at once. */
export function regenerateDeviceCode(device: DeviceRef): Promise<AdminDevice> {
  return api.call(deviceAdminContract.regenerateCode, { params: { kind: device.kind, deviceId: device.id } });
}

/** Disables or re-enables the device. */
export function setDeviceActive(device: DeviceRef, isActive: boolean): Promise<AdminDevice> {
  return api.call(deviceAdminContract.update, {
    params: { kind: device.kind, deviceId: device.id },
    body: { isActive },
  });
}
