import type { Language } from '@antrean/shared/i18n/lang';

/**
 * When a closed service or branch opens again, in words a visitor reads at a glance: "hari ini
 * 08.00", "besok 08.00", otherwise "Senin 30 November 08.00". Days are counted on the BRANCH's
 * calendar (its time zone), never the machine's, and `now` is an input.
 */

export interface DayWords {
  today: string;
  tomorrow: string;
}

function locale(lang: Language): string {
  return lang === 'id' ? 'id-ID' : 'en-GB';
}

/** The calendar day of `at` in `timeZone`, as a day number (days since 1970-01-01). */
function dayNumber(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000);
}

/** How many calendar days after `now`'s day `at` falls, on the branch's calendar. */
export function daysFrom(now: number, at: number, timeZone: string): number {
  return dayNumber(at, timeZone) - dayNumber(now, timeZone);
}

function time(at: number, timeZone: string, lang: Language): string {
  return new Intl.DateTimeFormat(locale(lang), {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

function weekdayAndDate(at: number, timeZone: string, lang: Language): string {
  return new Intl.DateTimeFormat(locale(lang), { timeZone, weekday: 'long', day: 'numeric', month: 'long' })
    .format(at)
    .replace(/,/g, '');
}

/** "hari ini 08.00", "besok 08.00" or "Senin 30 November 08.00". */
export function formatNextOpen(
  at: number,
  timeZone: string,
  lang: Language,
  now: number,
  words: DayWords,
): string {
  try {
    const days = daysFrom(now, at, timeZone);
    const day = days <= 0 ? words.today : days === 1 ? words.tomorrow : weekdayAndDate(at, timeZone, lang);
    return `${day} ${time(at, timeZone, lang)}`;
  } catch {
    // an unknown time zone name: still say when, in the machine's own terms
    return new Date(at).toLocaleString();
  }
}

type Availability =
  { open: true } | { open: false; reason: 'closed' | 'holiday' | 'full'; nextOpenAt: number | null };

/**
 * The whole branch is closed when every service is closed or on holiday (a service that is only
 * full this hour is open). Null when at least one service is open or full, or there is none.
 * `nextOpenAt`: the earliest opening among them, null when none is known.
 */
export function branchClosed(
  services: readonly { availability: Availability }[],
): { nextOpenAt: number | null } | null {
  if (services.length === 0) return null;
  let next: number | null = null;
  for (const { availability } of services) {
    if (availability.open || availability.reason === 'full') return null;
    if (availability.nextOpenAt !== null && (next === null || availability.nextOpenAt < next)) {
      next = availability.nextOpenAt;
    }
  }
  return { nextOpenAt: next };
}
