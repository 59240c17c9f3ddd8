import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidTimeZone,
  localDate,
  localParts,
  nextLocalMidnight,
  zonedTimeToInstant,
  zoneOffsetMinutes,
} from './time';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (iso: string): number => Date.parse(iso);

/** Indonesia's three zones: no daylight saving time, fixed offsets. */
const INDONESIA = [
  { zone: 'Asia/Jakarta', name: 'WIB', offset: 7 * 60 },
  { zone: 'Asia/Makassar', name: 'WITA', offset: 8 * 60 },
  { zone: 'Asia/Jayapura', name: 'WIT', offset: 9 * 60 },
] as const;

/** The date and wall clock by plain offset arithmetic, independent of Intl. */
function byOffset(
  instant: number,
  offsetMinutes: number,
): { date: string; hour: number; minute: number; second: number } {
  const shifted = new Date(instant + offsetMinutes * MINUTE);
  return {
    date: shifted.toISOString().slice(0, 10),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

describe('localDate / localParts around local midnight', () => {
  it.each([
    // 2026-03-01T16:30Z: still Sunday 1 March in Jakarta, already Monday 2 March further east
    ['2026-03-01T16:30:00Z', 'Asia/Jakarta', '2026-03-01', 23, 30, 0],
    ['2026-03-01T16:30:00Z', 'Asia/Makassar', '2026-03-02', 0, 30, 1],
    ['2026-03-01T16:30:00Z', 'Asia/Jayapura', '2026-03-02', 1, 30, 1],
    // the last millisecond of the day and local midnight itself
    ['2026-03-01T16:59:59.999Z', 'Asia/Jakarta', '2026-03-01', 23, 59, 0],
    ['2026-03-01T17:00:00Z', 'Asia/Jakarta', '2026-03-02', 0, 0, 1],
    ['2026-03-01T15:59:59.999Z', 'Asia/Makassar', '2026-03-01', 23, 59, 0],
    ['2026-03-01T16:00:00Z', 'Asia/Makassar', '2026-03-02', 0, 0, 1],
    ['2026-03-01T14:59:59.999Z', 'Asia/Jayapura', '2026-03-01', 23, 59, 0],
    ['2026-03-01T15:00:00Z', 'Asia/Jayapura', '2026-03-02', 0, 0, 1],
    // year end and a leap day
    ['2026-12-31T17:00:00Z', 'Asia/Jakarta', '2027-01-01', 0, 0, 5],
    ['2026-12-31T16:59:59Z', 'Asia/Jakarta', '2026-12-31', 23, 59, 4],
    ['2028-02-28T16:00:00Z', 'Asia/Makassar', '2028-02-29', 0, 0, 2],
    ['2028-02-29T15:00:00Z', 'Asia/Jayapura', '2028-03-01', 0, 0, 3],
  ] as const)('%s in %s → %s %i:%i (weekday %i)', (iso, zone, date, hour, minute, weekday) => {
    const parts = localParts(at(iso), zone);
    expect(localDate(at(iso), zone)).toBe(date);
    expect(parts).toMatchObject({ date, hour, minute, weekday });
    expect(parts.date).toBe(
      `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`,
    );
  });

  it.each(INDONESIA)('$zone ($name) is UTC+$offset min', ({ zone, offset }) => {
    expect(zoneOffsetMinutes(at('2026-03-01T16:30:00Z'), zone)).toBe(offset);
    expect(zoneOffsetMinutes(at('2026-07-01T00:00:00.999Z'), zone)).toBe(offset);
  });
});

describe('zonedTimeToInstant', () => {
  it.each([
    ['2026-03-02', '00:00', 'Asia/Jakarta', '2026-03-01T17:00:00.000Z'],
    ['2026-03-02', '00:00', 'Asia/Makassar', '2026-03-01T16:00:00.000Z'],
    ['2026-03-02', '00:00', 'Asia/Jayapura', '2026-03-01T15:00:00.000Z'],
    ['2026-11-22', '08:30', 'Asia/Jakarta', '2026-11-22T01:30:00.000Z'],
    ['2026-11-22', '23:59', 'Asia/Jayapura', '2026-11-22T14:59:00.000Z'],
    ['2027-01-01', '00:00', 'Asia/Jakarta', '2026-12-31T17:00:00.000Z'],
    ['2026-03-08', '12:00', 'America/New_York', '2026-03-08T16:00:00.000Z'], // the day DST starts
  ] as const)('%s %s in %s → %s', (date, time, zone, iso) => {
    expect(new Date(zonedTimeToInstant(date, time, zone)).toISOString()).toBe(iso);
  });

  it('a wall time skipped by a DST jump resolves to the instant after the jump', () => {
    // America/Santiago: on 2026-09-06 local midnight jumps to 01:00 (UTC-4 → UTC-3)
    const instant = zonedTimeToInstant('2026-09-06', '00:00', 'America/Santiago');
    expect(new Date(instant).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localParts(instant, 'America/Santiago')).toMatchObject({ date: '2026-09-06', hour: 1, minute: 0 });
    // New York: 02:30 on 2026-03-08 does not exist; 03:30 EDT is the same instant as 02:30 EST
    expect(new Date(zonedTimeToInstant('2026-03-08', '02:30', 'America/New_York')).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });
});

describe('nextLocalMidnight', () => {
  it.each([
    ['2026-03-01T16:30:00Z', 'Asia/Jakarta', '2026-03-01T17:00:00.000Z'],
    ['2026-03-01T16:30:00Z', 'Asia/Makassar', '2026-03-02T16:00:00.000Z'],
    ['2026-03-01T16:30:00Z', 'Asia/Jayapura', '2026-03-02T15:00:00.000Z'],
    // exactly at midnight: the NEXT one, a day later
    ['2026-03-01T17:00:00Z', 'Asia/Jakarta', '2026-03-02T17:00:00.000Z'],
    ['2026-03-01T16:59:59.999Z', 'Asia/Jakarta', '2026-03-01T17:00:00.000Z'],
    ['2026-12-31T16:00:00Z', 'Asia/Jakarta', '2026-12-31T17:00:00.000Z'],
    // DST zones: the local day is 23 h or 25 h long, and may start at 01:00
    ['2026-09-05T12:00:00Z', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
    ['2026-03-07T12:00:00Z', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-08T12:00:00Z', 'America/New_York', '2026-03-09T04:00:00.000Z'],
  ] as const)('after %s in %s → %s', (iso, zone, next) => {
    expect(new Date(nextLocalMidnight(at(iso), zone)).toISOString()).toBe(next);
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['Asia/Jakarta', true],
    ['Asia/Makassar', true],
    ['Asia/Jayapura', true],
    ['UTC', true],
    ['Asia/Bandung', false],
    ['WIB', false],
    ['', false],
  ] as const)('%s → %s', (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });
});

describe('properties around local midnight (Indonesia: fixed offsets)', () => {
  /** A local midnight between 2020 and 2035 in one of the three zones, and an instant ±3 h around it. */
  const aroundMidnight = fc.record({
    tz: fc.constantFrom(...INDONESIA),
    day: fc.integer({ min: 0, max: 365 * 15 }),
    delta: fc.integer({ min: -3 * HOUR, max: 3 * HOUR }),
  });
  const instantOf = ({
    tz,
    day,
    delta,
  }: {
    tz: (typeof INDONESIA)[number];
    day: number;
    delta: number;
  }): number => Date.UTC(2020, 0, 1 + day) - tz.offset * MINUTE + delta;

  it('localDate / localParts equal the offset arithmetic', () => {
    fc.assert(
      fc.property(aroundMidnight, (sample) => {
        const instant = instantOf(sample);
        const expected = byOffset(instant, sample.tz.offset);
        expect(localDate(instant, sample.tz.zone)).toBe(expected.date);
        expect(localParts(instant, sample.tz.zone)).toMatchObject(expected);
        expect(zoneOffsetMinutes(instant, sample.tz.zone)).toBe(sample.tz.offset);
      }),
      { numRuns: 2000 },
    );
  });

  it('nextLocalMidnight is the first instant of the next local date', () => {
    fc.assert(
      fc.property(aroundMidnight, (sample) => {
        const instant = instantOf(sample);
        const next = nextLocalMidnight(instant, sample.tz.zone);
        const today = byOffset(instant, sample.tz.offset).date;
        expect(next).toBeGreaterThan(instant);
        expect(next - instant).toBeLessThanOrEqual(24 * HOUR);
        expect(byOffset(next, sample.tz.offset)).toMatchObject({ hour: 0, minute: 0, second: 0 });
        expect(byOffset(next - 1, sample.tz.offset).date).toBe(today);
        expect(localDate(next, sample.tz.zone)).not.toBe(today);
      }),
      { numRuns: 2000 },
    );
  });

  it('zonedTimeToInstant inverts localParts (to the minute)', () => {
    fc.assert(
      fc.property(aroundMidnight, (sample) => {
        const instant = instantOf(sample);
        const p = localParts(instant, sample.tz.zone);
        const hhmm = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
        const back = zonedTimeToInstant(p.date, hhmm, sample.tz.zone);
        expect(back).toBe(instant - (((instant % MINUTE) + MINUTE) % MINUTE));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('properties for zones with daylight saving time (branches outside Indonesia)', () => {
  const DST_ZONES = [
    'America/Santiago', // midnight skipped in September
    'America/Havana', // midnight skipped in March
    'Asia/Beirut', // midnight skipped in March
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe', // 30-minute DST
  ] as const;

  it('nextLocalMidnight lands on the next local date, and the instant before it is still today', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DST_ZONES),
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (zone, instant) => {
          const today = localDate(instant, zone);
          const next = nextLocalMidnight(instant, zone);
          expect(next).toBeGreaterThan(instant);
          expect(next - instant).toBeLessThanOrEqual(25 * HOUR);
          expect(localDate(next, zone)).not.toBe(today);
          expect(localDate(next - 1, zone)).toBe(today);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each(DST_ZONES)(
    '%s: every local day of 2026 starts at nextLocalMidnight of the previous one',
    (zone) => {
      let instant = zonedTimeToInstant('2026-01-01', '12:00', zone);
      for (let i = 0; i < 366; i++) {
        const today = localDate(instant, zone);
        const next = nextLocalMidnight(instant, zone);
        expect(localDate(next - 1, zone), `${zone} ${today}`).toBe(today);
        expect(localDate(next, zone), `${zone} ${today}`).not.toBe(today);
        instant = next;
      }
    },
  );
});
