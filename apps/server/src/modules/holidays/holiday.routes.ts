import type { FastifyInstance } from 'fastify';
import { holidaysContract } from '@antrean/shared/contracts/holidays.contract';
import { defineRoute } from '../../lib/route';
import type { HolidayService } from './holiday.service';

/** Holidays: an admin of the tenant (or a superadmin acting in it). */
export function holidayRoutes(app: FastifyInstance, holidays: HolidayService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, holidaysContract.list, { auth }, ({ actor, query }) => holidays.list(actor, query));
  defineRoute(app, holidaysContract.create, { auth }, ({ actor, body }) => holidays.create(actor, body));
  defineRoute(app, holidaysContract.update, { auth }, ({ actor, params, body }) =>
    holidays.update(actor, params.holidayId, body),
  );
  defineRoute(app, holidaysContract.remove, { auth }, async ({ actor, params }) => {
    await holidays.remove(actor, params.holidayId);
    return null;
  });
  defineRoute(app, holidaysContract.loadNational, { auth }, ({ actor, body }) =>
    holidays.loadNational(actor, body),
  );
}
