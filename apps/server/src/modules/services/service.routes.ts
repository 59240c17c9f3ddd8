import type { FastifyInstance } from 'fastify';
import { servicesContract } from '@antrean/shared/contracts/services.contract';
import { defineRoute } from '../../lib/route';
import type { ServiceAdminService } from './service.service';

/** Service administration: an admin of the tenant (or a superadmin acting in it). */
export function serviceRoutes(app: FastifyInstance, services: ServiceAdminService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, servicesContract.list, { auth }, ({ actor, query }) => services.list(actor, query));
  defineRoute(app, servicesContract.get, { auth }, ({ actor, params }) =>
    services.get(actor, params.serviceId),
  );
  defineRoute(app, servicesContract.create, { auth }, ({ actor, body }) => services.create(actor, body));
  defineRoute(app, servicesContract.update, { auth }, ({ actor, params, body }) =>
    services.update(actor, params.serviceId, body),
  );
  defineRoute(app, servicesContract.remove, { auth }, async ({ actor, params }) => {
    await services.remove(actor, params.serviceId);
    return null;
  });
}
