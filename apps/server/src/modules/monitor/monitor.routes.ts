import type { FastifyInstance } from 'fastify';
import { monitorContract } from '@antrean/shared/contracts/monitor.contract';
import { defineRoute } from '../../lib/route';
import type { MonitorService } from './monitor.service';

export function monitorRoutes(app: FastifyInstance, monitor: MonitorService): void {
  defineRoute(
    app,
    monitorContract.branchByCode,
    { auth: { staff: 'branch.read' } },
    async ({ actor, params }) => monitor.branchByCode(actor, params.code),
  );
  defineRoute(app, monitorContract.monitor, { auth: { staff: 'monitor.read' } }, async ({ actor, params }) =>
    monitor.monitor(actor, params.branchId),
  );
  defineRoute(
    app,
    monitorContract.openStation,
    { auth: { staff: 'queue.call' } },
    async ({ actor, params, body }) => monitor.openStation(actor, params.counterId, body.serviceIds),
  );
  defineRoute(
    app,
    monitorContract.closeStation,
    { auth: { staff: 'queue.call' } },
    async ({ actor, params }) => {
      await monitor.closeStation(actor, params.counterId);
      return null;
    },
  );
}
