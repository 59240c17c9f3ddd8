import type { FastifyInstance } from 'fastify';
import { countersContract } from '@antrean/shared/contracts/counters.contract';
import { defineRoute } from '../../lib/route';
import type { CounterService } from './counter.service';

/** Counter administration: an admin of the tenant (or a superadmin acting in it). */
export function counterRoutes(app: FastifyInstance, counters: CounterService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, countersContract.list, { auth }, ({ actor, query }) => counters.list(actor, query));
  defineRoute(app, countersContract.get, { auth }, ({ actor, params }) =>
    counters.get(actor, params.counterId),
  );
  defineRoute(app, countersContract.create, { auth }, ({ actor, body }) => counters.create(actor, body));
  defineRoute(app, countersContract.update, { auth }, ({ actor, params, body }) =>
    counters.update(actor, params.counterId, body),
  );
  defineRoute(app, countersContract.remove, { auth }, async ({ actor, params }) => {
    await counters.remove(actor, params.counterId);
    return null;
  });
}
