import { preparedQuery } from '../../db/prepared';
import type { Db } from '../../lib/uow';

// Read on every kiosk/web issue: compiled once (db/prepared.ts).
const schedulesQuery = preparedQuery<{ tenantId: string; branchId: string; serviceId: string }>()((db, p) =>
  db
    .selectFrom('schedules')
    .select(['day_of_week', 'start_time', 'end_time', 'hourly_limit', 'interval'])
    .where('tenant_id', '=', p.tenantId)
    .where('branch_id', '=', p.branchId)
    .where('service_id', '=', p.serviceId),
);

export function listSchedules(db: Db, tenantId: string, branchId: string, serviceId: string) {
  return schedulesQuery.all(db, { tenantId, branchId, serviceId });
}

/** The holidays of a branch (its own and the tenant-wide ones) from a local date on. */
export async function listHolidaysFrom(
  db: Db,
  tenantId: string,
  branchId: string,
  fromDate: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('holidays')
    .select('date')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('branch_id', 'is', null), eb('branch_id', '=', branchId)]))
    .where('date', '>=', fromDate)
    .execute();
  return rows.map((h) => h.date);
}

/** Walk-ins issued and bookings slotted in [hourStart, hourEnd) of a service (not cancelled). */
export async function countTicketsInHour(
  db: Db,
  tenantId: string,
  args: { branchId: string; serviceId: string; day: string; hourStart: number; hourEnd: number },
): Promise<number> {
  const used = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', args.branchId)
    .where('sequence_service_id', '=', args.serviceId)
    // The hour lies in the local date `day`, and so do its walk-ins and bookings: this narrows the
    // count to that day's tickets (the unique key leads with tenant, branch, service, day).
    .where('service_day', '=', args.day)
    .where('status', '!=', 'cancelled')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('slot_start_at', 'is', null),
          eb('issued_at', '>=', args.hourStart),
          eb('issued_at', '<', args.hourEnd),
        ]),
        eb.and([eb('slot_start_at', '>=', args.hourStart), eb('slot_start_at', '<', args.hourEnd)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(used.n);
}
