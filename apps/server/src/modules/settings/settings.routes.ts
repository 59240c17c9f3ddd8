import type { FastifyInstance } from 'fastify';
import { settingsContract } from '@antrean/shared/contracts/settings.contract';
import { defineRoute } from '../../lib/route';
import type { SettingsService } from './settings.service';

/** The tenant's settings: an admin of the tenant (or a superadmin acting in it). */
export function settingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, settingsContract.get, { auth }, ({ actor }) => settings.get(actor));
  defineRoute(app, settingsContract.update, { auth }, ({ actor, body }) => settings.update(actor, body));
  // A real message leaves the building: a few per minute are plenty for checking credentials.
  defineRoute(app, settingsContract.sendTestMessage, { auth, rateLimitPerMinute: 10 }, ({ actor, body }) =>
    settings.sendTestMessage(actor, body),
  );
}
