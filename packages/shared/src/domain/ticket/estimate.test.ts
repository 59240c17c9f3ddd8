import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AVERAGE_WINDOW,
  DEFAULT_SERVICE_SECONDS,
  WAIT_SPREAD,
  estimateWait,
  rollingAverage,
  rollingStats,
  type WaitEstimateInput,
} from './estimate';

const spread = (n: number): number => WAIT_SPREAD.floor + WAIT_SPREAD.prior / Math.sqrt(n + 1);

describe('constants', () => {
  it('documented values', () => {
    expect(DEFAULT_SERVICE_SECONDS).toBe(300);
    expect(spread(0)).toBeCloseTo(0.65);
    expect(spread(3)).toBeCloseTo(0.4);
    expect(spread(20)).toBeCloseTo(0.2591, 4);
  });
});

describe('estimateWait', () => {
  it('brackets the point estimate (people ahead × average ÷ counters)', () => {
    // 10 ahead, 300 s average over 20 samples, 2 counters: point = 1500 s
    // u(20) = 0.15 + 0.5/√21 ≈ 0.2591: min = ⌊1500 × 0.8705⌋, max = ⌈(10 + 1) × 150 × 1.2591⌉
    const got = estimateWait({ peopleAhead: 10, averageServiceSeconds: 300, openCounters: 2, samples: 20 });
    expect(got).toEqual({ minSeconds: 1305, maxSeconds: 2078 });
    expect(got.minSeconds).toBeLessThan(1500);
    expect(got.maxSeconds).toBeGreaterThan(1500);
  });

  it.each<[string, WaitEstimateInput, { minSeconds: number; maxSeconds: number }]>([
    // u(0) = 0.65, u(1) = 0.15 + 0.5/√2 ≈ 0.5036, u(3) = 0.40
    [
      'nobody ahead: 0 up to one service interval (a counter must free up)',
      { peopleAhead: 0, averageServiceSeconds: 240, openCounters: 1, samples: 3 },
      { minSeconds: 0, maxSeconds: 336 },
    ],
    [
      'nobody ahead, 2 counters',
      { peopleAhead: 0, averageServiceSeconds: 240, openCounters: 2, samples: 3 },
      { minSeconds: 0, maxSeconds: 168 },
    ],
    [
      'no samples: the SLA is the prior and the range is widest',
      { peopleAhead: 4, averageServiceSeconds: null, openCounters: 1, slaSeconds: 600 },
      { minSeconds: 1620, maxSeconds: 4950 },
    ],
    [
      'samples = 0 ignores a stale average',
      { peopleAhead: 4, averageServiceSeconds: 60, openCounters: 1, samples: 0, slaSeconds: 600 },
      { minSeconds: 1620, maxSeconds: 4950 },
    ],
    [
      'no samples, no SLA: DEFAULT_SERVICE_SECONDS',
      { peopleAhead: 1, openCounters: 1 },
      { minSeconds: 202, maxSeconds: 990 }, // DEFAULT_SERVICE_SECONDS = 300
    ],
    [
      'no open counter counts as one',
      { peopleAhead: 3, averageServiceSeconds: 100, openCounters: 0, samples: 3 },
      { minSeconds: 240, maxSeconds: 560 },
    ],
    [
      'negative counters count as one',
      { peopleAhead: 3, averageServiceSeconds: 100, openCounters: -2, samples: 3 },
      { minSeconds: 240, maxSeconds: 560 },
    ],
    [
      'average without a sample count counts as one sample',
      { peopleAhead: 2, averageServiceSeconds: 100, openCounters: 1 },
      { minSeconds: 149, maxSeconds: 452 },
    ],
    [
      'garbage inputs are sanitised, never negative',
      { peopleAhead: -5, averageServiceSeconds: Number.NaN, openCounters: Number.NaN, slaSeconds: -1 },
      { minSeconds: 0, maxSeconds: 495 },
    ],
  ])('%s', (_name, input, want) => {
    expect(estimateWait(input)).toEqual(want);
  });

  it('the range narrows as samples accumulate', () => {
    const widths = [1, 2, 5, 10, 20, 100].map((samples) => {
      const e = estimateWait({ peopleAhead: 5, averageServiceSeconds: 200, openCounters: 1, samples });
      return e.maxSeconds - e.minSeconds;
    });
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(widths[0]).toBeGreaterThan(widths[widths.length - 1] ?? Infinity);
  });

  const inputArb = fc.record({
    peopleAhead: fc.integer({ min: 0, max: 500 }),
    averageServiceSeconds: fc.option(fc.double({ min: 0.5, max: 7200, noNaN: true }), { nil: null }),
    openCounters: fc.integer({ min: -1, max: 30 }),
    samples: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    slaSeconds: fc.option(fc.integer({ min: 1, max: 7200 }), { nil: null }),
  });

  it('property: whole seconds, 0 ≤ min ≤ max', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { minSeconds, maxSeconds } = estimateWait(input);
        expect(Number.isInteger(minSeconds)).toBe(true);
        expect(Number.isInteger(maxSeconds)).toBe(true);
        expect(minSeconds).toBeGreaterThanOrEqual(0);
        expect(minSeconds).toBeLessThanOrEqual(maxSeconds);
        expect(maxSeconds).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the point estimate lies inside the range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.double({ min: 0.5, max: 7200, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 200 }),
        (peopleAhead, averageServiceSeconds, openCounters, samples) => {
          const point = (peopleAhead * averageServiceSeconds) / openCounters;
          const e = estimateWait({ peopleAhead, averageServiceSeconds, openCounters, samples });
          expect(e.minSeconds).toBeLessThanOrEqual(point);
          expect(e.maxSeconds).toBeGreaterThanOrEqual(point);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: monotonic in peopleAhead, antitonic in openCounters', () => {
    fc.assert(
      fc.property(
        inputArb,
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 5 }),
        (input, more, extra) => {
          const base = estimateWait(input);
          const further = estimateWait({ ...input, peopleAhead: input.peopleAhead + more });
          expect(further.minSeconds).toBeGreaterThanOrEqual(base.minSeconds);
          expect(further.maxSeconds).toBeGreaterThanOrEqual(base.maxSeconds);
          const counters = Math.max(1, input.openCounters);
          const open = estimateWait({ ...input, openCounters: counters });
          const moreOpen = estimateWait({ ...input, openCounters: counters + extra });
          expect(moreOpen.minSeconds).toBeLessThanOrEqual(open.minSeconds);
          expect(moreOpen.maxSeconds).toBeLessThanOrEqual(open.maxSeconds);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: more samples of the same average never widen the range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.double({ min: 0.5, max: 7200, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        (peopleAhead, averageServiceSeconds, openCounters, samples, more) => {
          const few = estimateWait({ peopleAhead, averageServiceSeconds, openCounters, samples });
          const many = estimateWait({
            peopleAhead,
            averageServiceSeconds,
            openCounters,
            samples: samples + more,
          });
          expect(many.minSeconds).toBeGreaterThanOrEqual(few.minSeconds);
          expect(many.maxSeconds).toBeLessThanOrEqual(few.maxSeconds);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('rollingStats / rollingAverage', () => {
  it('empty → null, 0 samples', () => {
    expect(rollingStats([])).toEqual({ average: null, samples: 0 });
    expect(rollingAverage([])).toBeNull();
  });

  it('averages everything under the window', () => {
    expect(rollingStats([100, 200, 300])).toEqual({ average: 200, samples: 3 });
  });

  it('keeps only the last `window` durations (oldest first)', () => {
    const durations = Array.from({ length: 30 }, (_, i) => i + 1); // 1..30
    expect(DEFAULT_AVERAGE_WINDOW).toBe(20);
    expect(rollingStats(durations)).toEqual({ average: 20.5, samples: 20 }); // 11..30
    expect(rollingAverage(durations, 3)).toBe(29);
    expect(rollingAverage(durations, 1)).toBe(30);
  });

  it('drops invalid durations before taking the window', () => {
    expect(rollingStats([50, Number.NaN, -3, 100, Number.POSITIVE_INFINITY, 0], 2)).toEqual({
      average: 50,
      samples: 2,
    });
    expect(rollingAverage([Number.NaN, -1])).toBeNull();
  });

  it('a window below 1 counts as 1', () => {
    expect(rollingAverage([10, 20], 0)).toBe(20);
    expect(rollingAverage([10, 20], -4)).toBe(20);
  });

  it('property: the average lies between the min and max of the window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (durations, window) => {
          const { average, samples } = rollingStats(durations, window);
          const recent = durations.slice(-window);
          expect(samples).toBe(recent.length);
          expect(average).not.toBeNull();
          expect(average ?? -1).toBeGreaterThanOrEqual(Math.min(...recent) - 1e-9);
          expect(average ?? -1).toBeLessThanOrEqual(Math.max(...recent) + 1e-9);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
