import type { FastifyInstance } from 'fastify';
import { devicesContract } from '@antrean/shared/contracts/devices.contract';
import { defineRoute } from '../../lib/route';
import type { DeviceService } from './device.service';

export function deviceRoutes(app: FastifyInstance, devices: DeviceService): void {
  defineRoute(app, devicesContract.kioskConfig, { auth: { kiosk: true } }, async ({ actor }) => devices.kioskConfig(actor));
  defineRoute(app, devicesContract.kioskHeartbeat, { auth: { kiosk: true }, rateLimitPerMinute: 30 }, async ({ actor, request }) => {
    await devices.kioskHeartbeat(actor, request.ip);
    return null;
  });
  defineRoute(app, devicesContract.displayConfig, { auth: { display: true } }, async ({ actor }) => devices.displayConfig(actor));
}
