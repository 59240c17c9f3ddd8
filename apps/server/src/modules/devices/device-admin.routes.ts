import type { FastifyInstance } from 'fastify';
import { deviceAdminContract } from '@antrean/shared/contracts/device-admin.contract';
import { defineRoute } from '../../lib/route';
import type { DeviceAdminService } from './device-admin.service';

export function deviceAdminRoutes(app: FastifyInstance, devices: DeviceAdminService): void {
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
}
