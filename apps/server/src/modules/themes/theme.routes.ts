import type { FastifyInstance } from 'fastify';
import { themesContract } from '@antrean/shared/contracts/themes.contract';
import { defineRoute } from '../../lib/route';
import type { ThemeService } from './theme.service';

/** Theme templates: an admin of the tenant (or a superadmin acting in it). */
export function themeRoutes(app: FastifyInstance, themes: ThemeService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, themesContract.list, { auth }, ({ actor, query }) => themes.list(actor, query));
  defineRoute(app, themesContract.create, { auth }, ({ actor, body }) => themes.create(actor, body));
  defineRoute(app, themesContract.activate, { auth }, ({ actor, body }) =>
    themes.activate(actor, body.themeId),
  );
  defineRoute(app, themesContract.update, { auth }, ({ actor, params, body }) =>
    themes.update(actor, params.themeId, body),
  );
  defineRoute(app, themesContract.remove, { auth }, async ({ actor, params }) => {
    await themes.remove(actor, params.themeId);
    return null;
  });
}
