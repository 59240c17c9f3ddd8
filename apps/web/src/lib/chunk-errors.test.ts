import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, claimAutomaticReload, isChunkLoadError, withChunkTimeout } from './chunk-errors';

describe('chunk load errors', () => {
  it('recognises failed script and style parts', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('x', 'script'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads automatically at most once in the guard window', () => {
    const now = 1_000_000;
    expect(claimAutomaticReload(now)).toBe(true);
    expect(claimAutomaticReload(now + 1000)).toBe(false);
    expect(claimAutomaticReload(now + 10 * 60_000)).toBe(true);
  });

  it('times a part out after the loading timeout', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(new Promise(() => undefined), 120_000);
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });

  it('tags a failed style part', async () => {
    await expect(
      withChunkTimeout(Promise.reject(new Error('Unable to preload CSS for /a.css'))),
    ).rejects.toMatchObject({
      name: 'ChunkLoadError',
      kind: 'style',
    });
  });
});
