import { describe, expect, it } from 'vitest';
import { DateSchema } from './holiday';
import { NATIONAL_HOLIDAYS } from './national-holidays';

describe('national holidays data', () => {
  it.each(NATIONAL_HOLIDAYS.map((y) => [y.year, y] as const))(
    '%i: real dates of that year, in order, once each',
    (year, data) => {
      expect(data.days.length).toBeGreaterThanOrEqual(15);
      const dates = data.days.map((d) => d.date);
      for (const date of dates) {
        expect(DateSchema.safeParse(date).success, date).toBe(true);
        expect(date.startsWith(`${year}-`)).toBe(true);
      }
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
      // The fixed-date holidays are always there.
      for (const fixed of ['01-01', '05-01', '06-01', '08-17', '12-25']) {
        expect(dates).toContain(`${year}-${fixed}`);
      }
    },
  );

  it('Easter is a Sunday two days after Good Friday', () => {
    for (const { days } of NATIONAL_HOLIDAYS) {
      const easter = days.find((d) => d.name.includes('Paskah'))?.date ?? '';
      const friday = days.find((d) => d.name.startsWith('Wafat'))?.date ?? '';
      expect(new Date(`${easter}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(Date.parse(`${easter}T00:00:00Z`) - Date.parse(`${friday}T00:00:00Z`)).toBe(2 * 86_400_000);
    }
  });
});
