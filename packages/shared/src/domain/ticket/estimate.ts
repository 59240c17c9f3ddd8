/**
 * Estimated wait for a waiting ticket: people ahead × rolling average service time ÷ open
 * counters of that service, shown as an honest RANGE rather than a point
 * (under-estimates hurt waiting people more than over-estimates, so the range leans long and
 * is wide while we know little).
 */

/** How many of the most recent service durations the rolling average looks at. */
export const DEFAULT_AVERAGE_WINDOW = 20;

/**
 * Service time assumed when a service has no samples and no usable SLA: 5 minutes, the time the
 * BCA SOP allocates to one teller transaction.
 */
export const DEFAULT_SERVICE_SECONDS = 300;

/**
 * Relative spread of the range: `u(n) = floor + prior ÷ √(n + 1)` for `n` samples. With no
 * samples (SLA prior) u = 0.65; 1 sample 0.50; 5 samples ≈ 0.35; 20 samples ≈ 0.26; it never
 * drops below 0.15 because individual service times vary however well we know the mean.
 */
export const WAIT_SPREAD = { floor: 0.15, prior: 0.5 } as const;

export interface WaitEstimateInput {
  /** Waiting tickets that will be called before this one (0 = this ticket is next). */
  peopleAhead: number;
  /** Rolling average service duration in seconds (`rollingAverage`); null/absent when unknown. */
  averageServiceSeconds?: number | null;
  /** Open counters serving the ticket's service; 0 (or less) is treated as 1. */
  openCounters: number;
  /**
   * How many durations the average was computed from (`rollingStats(...).samples`). 0 means the
   * average is ignored and the SLA prior is used. Absent with a usable average counts as 1.
   */
  samples?: number;
  /** The service's SLA in seconds: the prior for the average while there are no samples. */
  slaSeconds?: number | null;
}

export interface WaitEstimate {
  /** Whole seconds, ≥ 0, ≤ maxSeconds. */
  minSeconds: number;
  /** Whole seconds, ≥ minSeconds. */
  maxSeconds: number;
}

/** Rounding that ignores floating-point dust (336.00000000000006 s is 336 s, not 337 s). */
const DUST = 1e-6;
const floorSeconds = (x: number): number => Math.floor(x + DUST);
const ceilSeconds = (x: number): number => Math.ceil(x - DUST);

function positiveFinite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function count(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * The estimated wait as a range of whole seconds.
 *
 * Inputs are sanitised, never rejected: `peopleAhead` → whole number ≥ 0, `openCounters` → whole
 * number ≥ 1 (no division by zero when no counter is open: we estimate as if one were),
 * `samples` → whole number ≥ 0.
 *
 * - Average `a`: `averageServiceSeconds` when it is a positive finite number and `samples` is not
 *   0; otherwise the prior `slaSeconds` (a service's SLA is its expected upper service time), and
 *   `DEFAULT_SERVICE_SECONDS` when that is missing too. The prior counts as `n = 0` samples.
 * - Point estimate: `p = k × a ÷ c` for `k` people ahead and `c` open counters.
 * - Spread: `u = WAIT_SPREAD.floor + WAIT_SPREAD.prior ÷ √(n + 1)` (narrows with more samples).
 * - `minSeconds = ⌊p × (1 − u/2)⌋`: a free counter could take the people ahead right away.
 * - `maxSeconds = ⌈(k + 1) × a ÷ c × (1 + u)⌉`: when every counter is busy this ticket also
 *   waits for one more counter to free up (k + 1 departures, not k), inflated by `u`. The range
 *   therefore leans long (penalising under-estimates) and is never a single point.
 *
 * Nobody ahead (k = 0) gives `{ 0, ⌈a ÷ c × (1 + u)⌉ }`: the ticket is next, but it may still
 * wait for a counter to finish its current customer.
 *
 * Properties (tested): 0 ≤ min ≤ max; both non-decreasing in `peopleAhead`, non-increasing in
 * `openCounters`; the range never widens when `samples` grows for the same average.
 */
export function estimateWait(input: WaitEstimateInput): WaitEstimate {
  const k = count(input.peopleAhead);
  const c = Math.max(1, count(input.openCounters));
  const usePrior = !positiveFinite(input.averageServiceSeconds) || input.samples === 0;
  const prior = positiveFinite(input.slaSeconds) ? input.slaSeconds : DEFAULT_SERVICE_SECONDS;
  const average =
    usePrior || !positiveFinite(input.averageServiceSeconds) ? prior : input.averageServiceSeconds;
  const n = usePrior ? 0 : input.samples === undefined ? 1 : Math.max(1, count(input.samples));
  const u = WAIT_SPREAD.floor + WAIT_SPREAD.prior / Math.sqrt(n + 1);
  const perPerson = average / c;
  const minSeconds = Math.max(0, floorSeconds(k * perPerson * (1 - u / 2)));
  const maxSeconds = Math.max(minSeconds, ceilSeconds((k + 1) * perPerson * (1 + u)));
  return { minSeconds, maxSeconds };
}

export interface RollingStats {
  /** Mean of the samples in seconds, or null when there are none. */
  average: number | null;
  /** How many durations the average covers (≤ window). */
  samples: number;
}

/**
 * Mean of the last `window` valid durations (seconds, oldest first as they happened). Invalid
 * entries (negative, NaN, ±Infinity: clock skew or missing data) are dropped before the window is
 * taken. A window below 1 counts as 1.
 */
export function rollingStats(
  durations: readonly number[],
  window: number = DEFAULT_AVERAGE_WINDOW,
): RollingStats {
  const size = Math.max(1, count(window));
  const valid = durations.filter((d) => Number.isFinite(d) && d >= 0);
  const recent = valid.slice(Math.max(0, valid.length - size));
  if (recent.length === 0) return { average: null, samples: 0 };
  const sum = recent.reduce((acc, d) => acc + d, 0);
  return { average: sum / recent.length, samples: recent.length };
}

/** `rollingStats(durations, window).average`: the rolling average service time, or null. */
export function rollingAverage(
  durations: readonly number[],
  window: number = DEFAULT_AVERAGE_WINDOW,
): number | null {
  return rollingStats(durations, window).average;
}
