import { useEffect, useState } from 'react';
import type { DisplayConfigAnswer as DisplayConfig } from '../common/contracts';
import { DeviceHttpError, deviceFetch, isUnknownDevice } from '../common/http';
import { isObject } from '../onsite/device-kit';

export const CONFIG_REFRESH_MS = 5 * 60_000;

/** The display config: the parts every layout reads (the server checks the rest against the contract). */
function isDisplayConfig(value: unknown): value is DisplayConfig {
  if (!isObject(value) || !isObject(value.display) || !isObject(value.branch) || !isObject(value.voice)) {
    return false;
  }
  return (
    typeof value.display.code === 'string' &&
    typeof value.display.layout === 'string' &&
    typeof value.tenantName === 'string' &&
    typeof value.voice.mode === 'string' &&
    isObject(value.theme) &&
    ['runningTexts', 'banners', 'videos'].every((key) => Array.isArray(value[key]))
  );
}
/**
 * After a failed fetch the config is tried again sooner (5 s, doubling, at most 1 min): a refresh
 * that falls in a server outage would otherwise keep the "Offline" marker up for 5 minutes after
 * the server is back, although the live connection is online again.
 */
export const CONFIG_RETRY_MS = 5_000;
const CONFIG_RETRY_CAP_MS = 60_000;

export interface DisplayConfigState {
  /** The last config that loaded; kept on screen when a refresh fails. */
  config: DisplayConfig | null;
  /**
   * `notFound`: unknown or disabled code (401/404), not retried; `inactive`: the display's
   * organisation is deactivated (TENANT_INACTIVE), retried so a reactivation brings it back;
   * `failed`: the last fetch failed (network, server).
   */
  error: 'notFound' | 'inactive' | 'failed' | null;
}

/**
 * The display's config, fetched with its code, refreshed every 5 minutes and retried soon after a
 * failure; fetched again at once when `version` changes (the admin changed its settings or the theme).
 */
export function useDisplayConfig(code: string | null, version = 0): DisplayConfigState {
  const [state, setState] = useState<DisplayConfigState>({ config: null, error: null });
  useEffect(() => {
    if (!code) return undefined;
    let active = true;
    let controller: AbortController | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let failures = 0;
    const load = async () => {
      if (retry) clearTimeout(retry);
      retry = null;
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      try {
        const config = await deviceFetch('/api/v1/display/config', {
          headers: { 'X-Display-Code': code },
          signal: mine.signal,
          accept: isDisplayConfig,
        });
        failures = 0;
        if (active) setState({ config, error: null });
      } catch (error) {
        if (!active || mine.signal.aborted) return; // unmounted, or superseded by a newer load
        // 401 (unknown or disabled code) and 404: retrying cannot help, the admin can.
        const notFound = isUnknownDevice(error);
        const inactive = error instanceof DeviceHttpError && error.code === 'TENANT_INACTIVE';
        setState((previous) => ({
          config: notFound || inactive ? null : previous.config,
          error: notFound ? 'notFound' : inactive ? 'inactive' : 'failed',
        }));
        if (!notFound) {
          retry = setTimeout(
            () => void load(),
            Math.min(CONFIG_RETRY_CAP_MS, CONFIG_RETRY_MS * 2 ** failures),
          );
          failures += 1;
        }
      }
    };
    // (a new code remounts the screen: DisplayScreen keys DisplayApp by code)
    void load();
    const timer = setInterval(() => void load(), CONFIG_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
      if (retry) clearTimeout(retry);
      controller?.abort();
    };
  }, [code, version]);
  return state;
}
