import type { FastifyInstance } from 'fastify';
import { eformContract } from '@antrean/shared/contracts/eform.contract';
import { defineRoute } from '../../lib/route';
import type { EformService } from './eform.service';

/** E-forms of services: an admin of the tenant (or a superadmin acting in it). */
export function eformRoutes(app: FastifyInstance, eforms: EformService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, eformContract.get, { auth }, ({ actor, params }) => eforms.get(actor, params.serviceId));
  defineRoute(app, eformContract.save, { auth }, ({ actor, params, body }) =>
    eforms.save(actor, params.serviceId, body),
  );
}
