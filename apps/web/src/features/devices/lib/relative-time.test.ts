import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.UTC(2026, 10, 22, 7, 0, 0);

describe('formatRelativeTime', () => {
  it('uses the largest whole unit in the UI language', () => {
    expect(formatRelativeTime(NOW - 2 * 60_000, NOW, 'id')).toBe('2 menit yang lalu');
    expect(formatRelativeTime(NOW - 2 * 60_000, NOW, 'en')).toBe('2 minutes ago');
    expect(formatRelativeTime(NOW - 30_000, NOW, 'en')).toBe('30 seconds ago');
    expect(formatRelativeTime(NOW - 3 * 3_600_000, NOW, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(NOW - 86_400_000, NOW, 'en')).toBe('yesterday');
    expect(formatRelativeTime(NOW - 400 * 86_400_000, NOW, 'en')).toBe('last year');
  });

  it('reads "now" for less than a second (and for a clock slightly ahead)', () => {
    expect(formatRelativeTime(NOW, NOW, 'en')).toBe('now');
    expect(formatRelativeTime(NOW + 300, NOW, 'id')).toBe('sekarang');
  });
});
