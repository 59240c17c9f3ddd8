import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_REFRESH_MS, CONFIG_RETRY_MS, useDisplayConfig } from './use-display-config';

const config = {
  display: { id: 'd1', name: 'Layar 1', code: 'DSP-1', layout: 'classic', counterId: null },
  branch: {
    id: 'b1',
    code: 'JKT01',
    name: 'Jakarta',
    timeZone: 'Asia/Jakarta',
    whatsappVirtualTicket: false,
  },
  tenantName: 'Bank',
  theme: {},
  voice: { mode: 'voice-id', rate: 1, pitch: 1, volume: 1, voiceNameId: null, voiceNameEn: null, repeat: 1 },
  runningTexts: [],
  banners: [],
  videos: [],
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useDisplayConfig', () => {
  it('retries soon after a failed refresh instead of staying "failed" until the next one', async () => {
    vi.useFakeTimers();
    let serverUp = true;
    const fetchMock = vi.fn(async () => {
      if (!serverUp) throw new TypeError('Failed to fetch');
      return json(config);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useDisplayConfig('DSP-1'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toEqual({ config, error: null });

    // The 5-minute refresh falls in an outage: the last config stays, the error shows.
    serverUp = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIG_REFRESH_MS);
    });
    expect(result.current).toEqual({ config, error: 'failed' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIG_RETRY_MS);
    });
    expect(result.current.error).toBe('failed');
    const callsWhileDown = fetchMock.mock.calls.length;
    expect(callsWhileDown).toBe(3);

    // The server is back: the next retry (10 s after the second failure) clears the error.
    serverUp = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * CONFIG_RETRY_MS);
    });
    expect(result.current).toEqual({ config, error: null });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('treats an answer that is not a display config as a failure', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ display: { code: 'DSP-1' } })),
    );
    const { result } = renderHook(() => useDisplayConfig('DSP-1'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toEqual({ config: null, error: 'failed' });
  });

  it.each([
    [404, 'NOT_FOUND'],
    [401, 'AUTH_REQUIRED'],
  ])('does not retry an unknown or disabled code (%i)', async (status, code) => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => json({ error: { code, message: 'x' } }, status));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useDisplayConfig('NOPE'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(result.current).toEqual({ config: null, error: 'notFound' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
