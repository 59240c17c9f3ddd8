import { localParts, zonedTimeToInstant } from '@antrean/shared/common/time';
import {
  availability,
  SCHEDULE_INTERVALS,
  type Availability,
  type ScheduleRule,
} from '@antrean/shared/domain/schedule';
import type { Db } from '../../lib/uow';
import { countTicketsInHour, listHolidaysFrom, listSchedules } from './schedule.repository';

/** Every day, all day, no hourly limit: how a service without schedule rows is open. */
const ALL_DAY: ScheduleRule[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  startTime: '00:00',
  endTime: '24:00',
  hourlyLimit: Number.MAX_SAFE_INTEGER,
  interval: 'hour',
}));

/**
 * Whether a branch's service takes walk-in tickets now (schedule, holidays, hourly limit). A
 * service with no schedule rows at all is not time-restricted (it has not been configured), but
 * a holiday closes it too: a holiday closes the branch, whatever its services' schedules.
 */
export async function serviceAvailability(
  db: Db,
  args: { tenantId: string; branchId: string; serviceId: string; timeZone: string; now: number },
): Promise<Availability> {
  const rows = await listSchedules(db, args.tenantId, args.branchId, args.serviceId);
  if (rows.length === 0) {
    const date = localParts(args.now, args.timeZone).date;
    const holidays = await listHolidaysFrom(db, args.tenantId, args.branchId, date);
    if (holidays.includes(date)) {
      return availability({
        now: args.now,
        timeZone: args.timeZone,
        schedules: ALL_DAY,
        holidays,
        usedThisHour: 0,
      });
    }
    return { open: true, closesAt: args.now + 24 * 3600_000, remainingThisHour: Number.MAX_SAFE_INTEGER };
  }
  const schedules: ScheduleRule[] = rows.map((r) => ({
    dayOfWeek: r.day_of_week,
    startTime: r.start_time,
    endTime: r.end_time,
    hourlyLimit: r.hourly_limit,
    interval: SCHEDULE_INTERVALS.find((i) => i === r.interval) ?? 'hour',
  }));
  const today = localParts(args.now, args.timeZone);
  const holidays = await listHolidaysFrom(db, args.tenantId, args.branchId, today.date);
  const hourStart = zonedTimeToInstant(
    today.date,
    `${String(today.hour).padStart(2, '0')}:00`,
    args.timeZone,
  );
  const used = await countTicketsInHour(db, args.tenantId, {
    branchId: args.branchId,
    serviceId: args.serviceId,
    day: today.date,
    hourStart,
    hourEnd: hourStart + 3600_000,
  });
  return availability({ now: args.now, timeZone: args.timeZone, schedules, holidays, usedThisHour: used });
}
