import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { BranchParamsSchema } from './branches.contract';
import {
  DisplayInputSchema,
  DisplayPatchSchema,
  DisplaySettingsSchema,
  KioskInputSchema,
  KioskPatchSchema,
  KioskSettingsSchema,
} from '../domain/device';

/**
 * Device administration (issue 4): kiosks and displays are addressed by their code; an admin
 * sees a branch's devices, regenerates a code (the old one stops working at once, open screens
 * are disconnected) and disables or re-enables a device.
 */
const DEVICE_KINDS = ['kiosk', 'display'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Length of a generated device code: unguessable (≥ 20 random characters, decisions §17). */
export const GENERATED_DEVICE_CODE_LENGTH = 24;

const AdminDeviceSchema = z
  .object({
    id: IdSchema,
    kind: z.enum(DEVICE_KINDS),
    name: z.string(),
    code: z.string(),
    isActive: z.boolean(),
    /** Display layout (`classic` | `modern` | `big` | `pos`); null for a kiosk. */
    layout: z.string().nullable(),
    /** Where the device opens: `/mkios/:code`, `/display/:code`, … */
    path: z.string(),
    lastSeenAt: z.number().nullable(),
    online: z.boolean(),
  })
  .meta({ id: 'AdminDevice' });
export type AdminDevice = z.infer<typeof AdminDeviceSchema>;

const BranchDevicesSchema = z
  .object({ kiosks: z.array(AdminDeviceSchema), displays: z.array(AdminDeviceSchema) })
  .meta({ id: 'BranchDevices' });
export type BranchDevices = z.infer<typeof BranchDevicesSchema>;

const DeviceParamsSchema = z.object({ kind: z.enum(DEVICE_KINDS), deviceId: IdSchema });

const UpdateDeviceBodySchema = z.object({ isActive: z.boolean() }).strict();
const KioskParamsSchema = z.object({ kioskId: IdSchema });
const DisplayParamsSchema = z.object({ displayId: IdSchema });

export const deviceAdminContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/devices',
    summary: "A branch's kiosks and displays with their codes and last heartbeat (admin)",
    tags: ['devices'],
    params: BranchParamsSchema,
    responses: { 200: BranchDevicesSchema },
  }),
  regenerateCode: defineContract({
    method: 'POST',
    path: '/api/v1/devices/:kind/:deviceId/regenerate-code',
    summary:
      'Give a kiosk or display a new unguessable code; the old one stops working at once (admin, audited)',
    tags: ['devices'],
    params: DeviceParamsSchema,
    responses: { 200: AdminDeviceSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/devices/:kind/:deviceId',
    summary: 'Disable or re-enable a kiosk or display (admin, audited)',
    tags: ['devices'],
    params: DeviceParamsSchema,
    body: UpdateDeviceBodySchema,
    responses: { 200: AdminDeviceSchema },
  }),
  createKiosk: defineContract({
    method: 'POST',
    path: '/api/v1/branches/:branchId/kiosks',
    summary: 'Add a kiosk to a branch, with a new unguessable code (admin, audited)',
    tags: ['devices'],
    params: BranchParamsSchema,
    body: KioskInputSchema,
    responses: { 201: AdminDeviceSchema },
  }),
  createDisplay: defineContract({
    method: 'POST',
    path: '/api/v1/branches/:branchId/displays',
    summary: 'Add a display to a branch within its display limit, with a new code (admin, audited)',
    tags: ['devices'],
    params: BranchParamsSchema,
    body: DisplayInputSchema,
    responses: { 201: AdminDeviceSchema },
  }),
  getKiosk: defineContract({
    method: 'GET',
    path: '/api/v1/kiosks/:kioskId',
    summary: "A kiosk's settings (admin)",
    tags: ['devices'],
    params: KioskParamsSchema,
    responses: { 200: KioskSettingsSchema },
  }),
  updateKiosk: defineContract({
    method: 'PATCH',
    path: '/api/v1/kiosks/:kioskId',
    summary: "Edit a kiosk's settings (admin, audited)",
    tags: ['devices'],
    params: KioskParamsSchema,
    body: KioskPatchSchema,
    responses: { 200: KioskSettingsSchema },
  }),
  getDisplay: defineContract({
    method: 'GET',
    path: '/api/v1/displays/:displayId',
    summary: "A display's settings: layout, counter, services shown, voice (admin)",
    tags: ['devices'],
    params: DisplayParamsSchema,
    responses: { 200: DisplaySettingsSchema },
  }),
  updateDisplay: defineContract({
    method: 'PATCH',
    path: '/api/v1/displays/:displayId',
    summary: "Edit a display's settings; the running screens apply them at once (admin, audited)",
    tags: ['devices'],
    params: DisplayParamsSchema,
    body: DisplayPatchSchema,
    responses: { 200: DisplaySettingsSchema },
  }),
};
