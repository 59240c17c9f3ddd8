import type { FastifyInstance } from 'fastify';
import { devicesContract } from '@antrean/shared/contracts/devices.contract';
import { defineRoute } from '../../lib/route';
import type { DeviceService } from './device.service';
import type { TicketService } from '../tickets/ticket.service';
import { idempotencyKeyOf } from '../tickets/ticket.routes';

export function deviceRoutes(app: FastifyInstance, devices: DeviceService, tickets: TicketService): void {
  defineRoute(app, devicesContract.kioskConfig, { auth: { kiosk: true } }, async ({ actor }) =>
    devices.kioskConfig(actor),
  );
  defineRoute(
    app,
    devicesContract.kioskHeartbeat,
    { auth: { kiosk: true }, rateLimitPerMinute: 30 },
    async ({ actor, request }) => {
      await devices.kioskHeartbeat(actor, request.ip);
      return null;
    },
  );
  defineRoute(app, devicesContract.onSite, { auth: 'public', rateLimitPerMinute: 120 }, async ({ params }) =>
    devices.onSite(params.branchId),
  );
  defineRoute(
    app,
    devicesContract.publicIssue,
    { auth: 'public', rateLimitPerMinute: 10 },
    async ({ params, body, request }) =>
      (await tickets.issuePublic(params.branchId, body, idempotencyKeyOf(request))).body,
  );
  defineRoute(app, devicesContract.displayConfig, { auth: { display: true } }, async ({ actor }) =>
    devices.displayConfig(actor),
  );
}
