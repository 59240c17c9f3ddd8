import { useEffect, useState } from 'react';
import type { DisplayConfig } from '@antrean/shared/contracts/devices.contract';
import { DeviceHttpError, deviceFetch } from '../common/http';

export const CONFIG_REFRESH_MS = 5 * 60_000;

export interface DisplayConfigState {
  /** The last config that loaded; kept on screen when a refresh fails. */
  config: DisplayConfig | null;
  /** `notFound`: unknown or disabled code; `failed`: the last fetch failed (network, server). */
  error: 'notFound' | 'failed' | null;
}

/** The display's config, fetched with its code and refreshed every 5 minutes. */
export function useDisplayConfig(code: string | null): DisplayConfigState {
  const [state, setState] = useState<DisplayConfigState>({ config: null, error: null });
  useEffect(() => {
    if (!code) return undefined;
    let active = true;
    let controller: AbortController | null = null;
    const load = async () => {
      controller?.abort();
      controller = new AbortController();
      try {
        const config = await deviceFetch<DisplayConfig>('/api/v1/display/config', {
          headers: { 'X-Display-Code': code },
          signal: controller.signal,
        });
        if (active) setState({ config, error: null });
      } catch (error) {
        if (!active) return;
        const notFound =
          error instanceof DeviceHttpError && (error.status === 404 || error.code === 'NOT_FOUND');
        setState((previous) => ({
          config: notFound ? null : previous.config,
          error: notFound ? 'notFound' : 'failed',
        }));
      }
    };
    // (a new code remounts the screen: DisplayScreen keys DisplayApp by code)
    void load();
    const timer = setInterval(() => void load(), CONFIG_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
      controller?.abort();
    };
  }, [code]);
  return state;
}
