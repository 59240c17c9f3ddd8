import type { FastifyInstance } from 'fastify';
import { schedulesContract } from '@antrean/shared/contracts/schedules.contract';
import { defineRoute } from '../../lib/route';
import type { ScheduleAdminService } from './schedule-admin.service';

/** Schedules of a branch's services: an admin of the tenant (or a superadmin acting in it). */
export function scheduleAdminRoutes(app: FastifyInstance, schedules: ScheduleAdminService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, schedulesContract.list, { auth }, ({ actor, params }) =>
    schedules.list(actor, params.branchId),
  );
  defineRoute(app, schedulesContract.replace, { auth }, ({ actor, params, body }) =>
    schedules.replace(actor, params.branchId, params.serviceId, body.rows),
  );
  defineRoute(app, schedulesContract.setInterval, { auth }, ({ actor, params, body }) =>
    schedules.setInterval(actor, params.branchId, params.serviceId, body),
  );
}
