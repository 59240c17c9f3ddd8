import type { FastifyInstance } from 'fastify';
import { dashboardContract } from '@antrean/shared/contracts/dashboard.contract';
import { defineRoute } from '../../lib/route';
import type { DashboardService } from './dashboard.service';

/** The dashboard home: admins, a superadmin acting in a tenant, supervisors (their branches). */
export function dashboardRoutes(app: FastifyInstance, dashboard: DashboardService): void {
  defineRoute(app, dashboardContract.home, { auth: { staff: 'dashboard.read' } }, ({ actor }) =>
    dashboard.home(actor),
  );
}
