const STEPS: readonly { unit: Intl.RelativeTimeFormatUnit; ms: number; upTo: number }[] = [
  { unit: 'second', ms: 1_000, upTo: 60 },
  { unit: 'minute', ms: 60_000, upTo: 60 },
  { unit: 'hour', ms: 3_600_000, upTo: 24 },
  { unit: 'day', ms: 86_400_000, upTo: 30 },
  { unit: 'month', ms: 2_592_000_000, upTo: 12 },
  { unit: 'year', ms: 31_536_000_000, upTo: Number.POSITIVE_INFINITY },
];

/**
 * `at` relative to `now` in `language` ("2 menit yang lalu", "2 minutes ago"), in the largest
 * unit that keeps the number at least 1; less than a second reads "now" / "sekarang".
 */
export function formatRelativeTime(at: number, now: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const diff = at - now;
  for (const step of STEPS) {
    const value = Math.trunc(diff / step.ms) || 0; // never -0 ("0 seconds ago")
    if (Math.abs(diff) < step.ms * step.upTo) return format.format(value, step.unit);
  }
  return format.format(Math.trunc(diff / 31_536_000_000), 'year');
}
