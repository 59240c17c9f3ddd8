import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTicketNumber } from './numbering';

describe('formatTicketNumber', () => {
  it.each([
    ['A', 1, 'A001'],
    ['A', 12, 'A012'],
    ['A', 99, 'A099'],
    ['A', 100, 'A100'],
    ['A', 999, 'A999'],
    ['A', 1000, 'A1000'],
    ['B', 12345, 'B12345'],
    ['CS', 7, 'CS007'],
  ] as const)('%s + %i → %s', (code, seq, number) => {
    expect(formatTicketNumber(code, seq)).toBe(number);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'refuses sequence %s',
    (seq) => {
      expect(() => formatTicketNumber('A', seq)).toThrow(RangeError);
    },
  );

  it('is injective per service code and sorts like the sequence within 1..999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 1, max: 999_999 }), (a, b) => {
        const na = formatTicketNumber('A', a);
        const nb = formatTicketNumber('A', b);
        expect(na === nb).toBe(a === b);
        expect(Number(na.slice(1))).toBe(a);
        if (a <= 999 && b <= 999) expect(na < nb).toBe(a < b);
      }),
      { numRuns: 2000 },
    );
  });
});
