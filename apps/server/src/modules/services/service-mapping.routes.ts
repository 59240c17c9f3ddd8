import type { FastifyInstance } from 'fastify';
import { serviceMappingContract } from '@antrean/shared/contracts/service-mapping.contract';
import { defineRoute } from '../../lib/route';
import type { ServiceMappingService } from './service-mapping.service';

/** The branch-service-counter mapping: an admin of the tenant (or a superadmin acting in it). */
export function serviceMappingRoutes(app: FastifyInstance, mapping: ServiceMappingService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, serviceMappingContract.get, { auth }, ({ actor, params }) =>
    mapping.get(actor, params.branchId),
  );
  defineRoute(app, serviceMappingContract.save, { auth }, ({ actor, params, body }) =>
    mapping.save(actor, params.branchId, body),
  );
}
