import { localParts, zonedTimeToInstant } from '../common/time';

/** Booking/issuing intervals of a schedule: quarter, half or whole hour. */
export const SCHEDULE_INTERVALS = ['quarter', 'half', 'hour'] as const;
type ScheduleInterval = (typeof SCHEDULE_INTERVALS)[number];

export interface ScheduleRule {
  /** 0 = Sunday … 6 = Saturday */
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  hourlyLimit: number;
  interval: ScheduleInterval;
}

export type Availability =
  | { open: true; closesAt: number; remainingThisHour: number }
  | { open: false; reason: 'closed' | 'holiday' | 'full'; nextOpenAt: number | null };

export interface AvailabilityInput {
  now: number;
  timeZone: string;
  schedules: readonly ScheduleRule[];
  /** Holiday dates (`YYYY-MM-DD`, branch-local) that apply to the branch. */
  holidays: readonly string[];
  /** Tickets already counted against the current local hour (walk-ins issued + bookings of the hour). */
  usedThisHour: number;
  /** How far ahead to look for the next opening. */
  horizonDays?: number;
}

function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The windows of one branch-local date as [start, end) instants, in order. */
function windowsOn(
  date: string,
  input: AvailabilityInput,
): { start: number; end: number; rule: ScheduleRule }[] {
  if (input.holidays.includes(date)) return [];
  const weekday = weekdayOf(date);
  return input.schedules
    .filter((rule) => rule.dayOfWeek === weekday)
    .map((rule) => ({
      start: zonedTimeToInstant(date, rule.startTime, input.timeZone),
      end:
        rule.endTime === '24:00'
          ? zonedTimeToInstant(addDays(date, 1), '00:00', input.timeZone)
          : zonedTimeToInstant(date, rule.endTime, input.timeZone),
      rule,
    }))
    .filter((w) => w.end > w.start)
    .sort((a, b) => a.start - b.start);
}

/**
 * Is a service open for walk-in tickets right now, and if not, why and when next? Closed days,
 * holidays and a full hour (hourly max service limit) all refuse; the answer offers the next
 * instant a ticket can be taken (the next window, or the next hour when this one is full).
 */
export function availability(input: AvailabilityInput): Availability {
  const today = localParts(input.now, input.timeZone).date;
  const horizon = input.horizonDays ?? 14;
  const current = windowsOn(today, input).find((w) => w.start <= input.now && input.now < w.end);
  const nextHour = (() => {
    const p = localParts(input.now, input.timeZone);
    const hh = String(p.hour + 1).padStart(2, '0');
    return p.hour === 23
      ? zonedTimeToInstant(addDays(today, 1), '00:00', input.timeZone)
      : zonedTimeToInstant(today, `${hh}:00`, input.timeZone);
  })();

  const nextOpening = (after: number): number | null => {
    for (let i = 0; i <= horizon; i++) {
      for (const w of windowsOn(addDays(today, i), input)) {
        if (w.end > after) return Math.max(w.start, after);
      }
    }
    return null;
  };

  if (current) {
    const remaining = current.rule.hourlyLimit - input.usedThisHour;
    if (remaining > 0) return { open: true, closesAt: current.end, remainingThisHour: remaining };
    return { open: false, reason: 'full', nextOpenAt: nextOpening(nextHour) };
  }
  const reason = input.holidays.includes(today) ? 'holiday' : 'closed';
  return { open: false, reason, nextOpenAt: nextOpening(input.now) };
}
