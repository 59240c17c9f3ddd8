import { describe, expect, it } from 'vitest';
import { branchClosed, daysFrom, formatNextOpen } from './opening';

const words = { today: 'hari ini', tomorrow: 'besok' };
const en = { today: 'today', tomorrow: 'tomorrow' };

describe('formatNextOpen', () => {
  // Jakarta is UTC+7, Los Angeles UTC-8 in winter: the instants are fixed, the machine's zone plays no part.
  it.each([
    [
      'Monday 07:59 Jakarta → 08:00',
      Date.UTC(2026, 10, 30, 0, 59),
      Date.UTC(2026, 10, 30, 1, 0),
      'hari ini 08.00',
      'today 08:00',
    ],
    [
      'Saturday 23:30 Jakarta → Sunday 08:00',
      Date.UTC(2026, 10, 28, 16, 30),
      Date.UTC(2026, 10, 29, 1, 0),
      'besok 08.00',
      'tomorrow 08:00',
    ],
    [
      'Saturday 23:30 Jakarta → Monday 08:00',
      Date.UTC(2026, 10, 28, 16, 30),
      Date.UTC(2026, 10, 30, 1, 0),
      'Senin 30 November 08.00',
      'Monday 30 November 08:00',
    ],
    [
      '31 Dec 23:59:59 Jakarta → 1 Jan 08:00',
      Date.UTC(2026, 11, 31, 16, 59, 59),
      Date.UTC(2027, 0, 1, 1, 0),
      'besok 08.00',
      'tomorrow 08:00',
    ],
    [
      '31 Dec 23:59:59 Jakarta → 4 Jan 08:00',
      Date.UTC(2026, 11, 31, 16, 59, 59),
      Date.UTC(2027, 0, 4, 1, 0),
      'Senin 4 Januari 08.00',
      'Monday 4 January 08:00',
    ],
  ])('%s', (_when, now, at, id, english) => {
    expect(formatNextOpen(at, 'Asia/Jakarta', 'id', now, words)).toBe(id);
    expect(formatNextOpen(at, 'Asia/Jakarta', 'en', now, en)).toBe(english);
  });

  it("counts days on the branch's calendar, not UTC's", () => {
    // 16:30 UTC Saturday is already Sunday 00:30 in Makassar (UTC+8): 08:00 there is "today".
    const now = Date.UTC(2026, 10, 28, 16, 30);
    const makassar0800 = Date.UTC(2026, 10, 29, 0, 0);
    expect(formatNextOpen(makassar0800, 'Asia/Makassar', 'id', now, words)).toBe('hari ini 08.00');
    expect(daysFrom(now, makassar0800, 'UTC')).toBe(1);
    expect(daysFrom(Date.UTC(2026, 10, 28, 7, 0), Date.UTC(2026, 10, 28, 9, 0), 'America/Los_Angeles')).toBe(
      1,
    );
  });
});

describe('branchClosed', () => {
  const closed = (nextOpenAt: number | null) => ({
    availability: { open: false as const, reason: 'closed' as const, nextOpenAt },
  });
  it('is the earliest known opening when every service is closed or on holiday', () => {
    expect(
      branchClosed([
        closed(20),
        { availability: { open: false, reason: 'holiday', nextOpenAt: 10 } },
        closed(null),
      ]),
    ).toEqual({ nextOpenAt: 10 });
    expect(branchClosed([closed(null)])).toEqual({ nextOpenAt: null });
  });
  it('is null when a service is open or only full, or there is none', () => {
    expect(branchClosed([closed(20), { availability: { open: true } }])).toBeNull();
    expect(
      branchClosed([closed(20), { availability: { open: false, reason: 'full', nextOpenAt: null } }]),
    ).toBeNull();
    expect(branchClosed([])).toBeNull();
  });
});
