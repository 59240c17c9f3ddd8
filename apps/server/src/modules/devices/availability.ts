import type { Kysely, Transaction } from 'kysely';
import { localParts, zonedTimeToInstant } from '@antrean/shared/common/time';
import { availability, SCHEDULE_INTERVALS, type Availability, type ScheduleRule } from '@antrean/shared/domain/schedule';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';

type Db = Kysely<DB> | Transaction<DB>;

// Read on every kiosk/web issue: compiled once (db/prepared.ts).
const schedulesQuery = preparedQuery<{ tenantId: string; branchId: string; serviceId: string }>()((db, p) =>
  db
    .selectFrom('schedules')
    .select(['day_of_week', 'start_time', 'end_time', 'hourly_limit', 'interval'])
    .where('tenant_id', '=', p.tenantId)
    .where('branch_id', '=', p.branchId)
    .where('service_id', '=', p.serviceId),
);

/**
 * Whether a branch's service takes walk-in tickets now (schedule, holidays, hourly limit). A
 * service with no schedule rows at all is not time-restricted (it has not been configured).
 */
export async function serviceAvailability(
  db: Db,
  args: { tenantId: string; branchId: string; serviceId: string; timeZone: string; now: number },
): Promise<Availability> {
  const rows = await schedulesQuery.all(db, args);
  if (rows.length === 0) return { open: true, closesAt: args.now + 24 * 3600_000, remainingThisHour: Number.MAX_SAFE_INTEGER };
  const schedules: ScheduleRule[] = rows.map((r) => ({
    dayOfWeek: r.day_of_week,
    startTime: r.start_time,
    endTime: r.end_time,
    hourlyLimit: r.hourly_limit,
    interval: SCHEDULE_INTERVALS.find((i) => i === r.interval) ?? 'hour',
  }));
  const today = localParts(args.now, args.timeZone);
  const holidays = await db
    .selectFrom('holidays')
    .select('date')
    .where('tenant_id', '=', args.tenantId)
    .where((eb) => eb.or([eb('branch_id', 'is', null), eb('branch_id', '=', args.branchId)]))
    .where('date', '>=', today.date)
    .execute();
  const hourStart = zonedTimeToInstant(today.date, `${String(today.hour).padStart(2, '0')}:00`, args.timeZone);
  const hourEnd = hourStart + 3600_000;
  const used = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', args.tenantId)
    .where('branch_id', '=', args.branchId)
    .where('sequence_service_id', '=', args.serviceId)
    // The hour lies in today's local date, and so do its walk-ins and bookings: this narrows the
    // count to today's tickets (the unique key leads with tenant, branch, service, day).
    .where('service_day', '=', today.date)
    .where('status', '!=', 'cancelled')
    .where((eb) =>
      eb.or([
        eb.and([eb('slot_start_at', 'is', null), eb('issued_at', '>=', hourStart), eb('issued_at', '<', hourEnd)]),
        eb.and([eb('slot_start_at', '>=', hourStart), eb('slot_start_at', '<', hourEnd)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return availability({
    now: args.now,
    timeZone: args.timeZone,
    schedules,
    holidays: holidays.map((h) => h.date),
    usedThisHour: Number(used.n),
  });
}
