/**
 * Branch-local calendar helpers. "Today" and "midnight" are always those of the branch's IANA
 * time zone (Indonesia has WIB/WITA/WIT), never the server's.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  date: string; // YYYY-MM-DD
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export function localParts(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    year,
    month,
    day,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

/** The branch-local calendar date (`YYYY-MM-DD`) of an instant. */
export function localDate(instant: number, timeZone: string): string {
  return localParts(instant, timeZone).date;
}

/** Offset of the zone from UTC at an instant, in minutes (Asia/Jakarta → 420). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

/**
 * The UTC instant of a branch-local wall-clock time (`2026-11-22`, `08:30`). A wall time that a
 * daylight-saving jump skips (e.g. midnight in America/Santiago on 2026-09-06) resolves to the
 * instant just after the jump, like Temporal's `disambiguation: 'compatible'`, so the start of
 * such a day is its first existing instant (01:00), never an instant of the previous day.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const offset = zoneOffsetMinutes(guess, timeZone);
  const first = guess - offset * 60000;
  const offset2 = zoneOffsetMinutes(first, timeZone);
  if (offset2 === offset) return first;
  const second = guess - offset2 * 60000;
  if (zoneOffsetMinutes(second, timeZone) === offset2) return second;
  // Neither offset reproduces the wall time: it falls in a DST gap. Both candidates sit on either
  // side of the jump; the later one is the wall time read with the pre-jump offset.
  return Math.max(first, second);
}

/** The next branch-local midnight after an instant (the day boundary of the queue). */
export function nextLocalMidnight(instant: number, timeZone: string): number {
  const today = localDate(instant, timeZone);
  const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return zonedTimeToInstant(tomorrow, '00:00', timeZone);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
