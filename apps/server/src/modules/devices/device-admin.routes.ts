import type { FastifyInstance } from 'fastify';
import { deviceAdminContract } from '@antrean/shared/contracts/device-admin.contract';
import { defineRoute } from '../../lib/route';
import type { DeviceAdminService } from './device-admin.service';
import type { DeviceSettingsService } from './device-settings.service';

export function deviceAdminRoutes(
  app: FastifyInstance,
  devices: DeviceAdminService,
  settings: DeviceSettingsService,
): void {
  defineRoute(
    app,
    deviceAdminContract.list,
    { auth: { staff: 'tenant.configure' } },
    async ({ actor, params }) => devices.list(actor, params.branchId),
  );
  defineRoute(
    app,
    deviceAdminContract.regenerateCode,
    { auth: { staff: 'tenant.configure' } },
    async ({ actor, params }) => devices.regenerateCode(actor, params.kind, params.deviceId),
  );
  defineRoute(
    app,
    deviceAdminContract.update,
    { auth: { staff: 'tenant.configure' } },
    async ({ actor, params, body }) => devices.update(actor, params.kind, params.deviceId, body),
  );
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, deviceAdminContract.createKiosk, { auth }, ({ actor, params, body }) =>
    settings.createKiosk(actor, params.branchId, body),
  );
  defineRoute(app, deviceAdminContract.createDisplay, { auth }, ({ actor, params, body }) =>
    settings.createDisplay(actor, params.branchId, body),
  );
  defineRoute(app, deviceAdminContract.getKiosk, { auth }, ({ actor, params }) =>
    settings.getKiosk(actor, params.kioskId),
  );
  defineRoute(app, deviceAdminContract.updateKiosk, { auth }, ({ actor, params, body }) =>
    settings.updateKiosk(actor, params.kioskId, body),
  );
  defineRoute(app, deviceAdminContract.getDisplay, { auth }, ({ actor, params }) =>
    settings.getDisplay(actor, params.displayId),
  );
  defineRoute(app, deviceAdminContract.updateDisplay, { auth }, ({ actor, params, body }) =>
    settings.updateDisplay(actor, params.displayId, body),
  );
}
