import { useCallback, useEffect, useRef, useState } from 'react';
import type { KioskConfigAnswer as KioskConfig } from '../common/contracts';
import { DeviceHttpError, deviceFetch, isNoContent, isUnknownDevice } from '../common/http';
import { hasServicesConfig, isObject } from '../onsite/device-kit';

/** Config refresh while it loads fine. */
const REFRESH_MS = 30_000;
/**
 * Heartbeat, and the check that notices the server is down (the kiosk has no live socket to lose):
 * within 10 s the offline marker shows, and it clears with the first answer after the outage.
 */
const HEARTBEAT_MS = 10_000;
const RETRY_CAP_MS = 30_000;

/** Hand-written guard (no zod here): the parts of the configuration the kiosk reads. */
function isKioskConfig(value: unknown): value is KioskConfig {
  return hasServicesConfig(value) && isObject(value.kiosk) && typeof value.idleSeconds === 'number';
}

export interface KioskConfigState {
  config: KioskConfig | null;
  /** The server refused the code (401/404): unknown or disabled; nothing is retried. */
  unknown: boolean;
  /** The server or the network is down (the last request failed), or the browser is offline. */
  offline: boolean;
  /** Fetch the configuration again now (after issuing, or when a service closed meanwhile). */
  reload: () => void;
  /** A request of the screen failed on the network. */
  markDown: () => void;
}

/** Whether a failure means the server cannot be reached (rather than an answer it gave). */
function isDown(error: unknown): boolean {
  return !(error instanceof DeviceHttpError) || error.code === 'NETWORK_ERROR' || error.status >= 500;
}

/**
 * The kiosk's configuration by its code: loaded, refreshed every 30 s, retried with backoff while
 * failing, with a heartbeat that also tells whether the server is reachable. An unknown or disabled
 * code (the server answers 401 or 404) stops everything: retrying cannot fix it, the admin can.
 */
export function useKioskConfig(code: string): KioskConfigState {
  const [config, setConfig] = useState<KioskConfig | null>(null);
  const [unknown, setUnknown] = useState(false);
  const [netDown, setNetDown] = useState(false);
  const [browserOffline, setBrowserOffline] = useState(
    () => typeof navigator !== 'undefined' && !navigator.onLine,
  );
  const runRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let attempt = 0;
    const life = { stopped: false };
    /** Read through a call: the unmount may happen while a request is awaited. */
    const isStopped = () => life.stopped;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let heartbeat: ReturnType<typeof setInterval> | null = null;
    const headers = { 'X-Kiosk-Code': code };
    const stop = () => {
      life.stopped = true;
      if (timer) clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
    };
    const refused = (error: unknown) => {
      if (!isUnknownDevice(error)) return false;
      stop();
      setUnknown(true);
      return true;
    };
    const run = async () => {
      if (isStopped()) return;
      if (timer) clearTimeout(timer);
      timer = null;
      try {
        const next = await deviceFetch('/api/v1/kiosk/config', { headers, accept: isKioskConfig });
        if (isStopped()) return;
        setConfig(next);
        setNetDown(false);
        attempt = 0;
        timer = setTimeout(() => void run(), REFRESH_MS);
      } catch (error) {
        if (isStopped() || refused(error)) return;
        setNetDown(true);
        timer = setTimeout(() => void run(), Math.min(RETRY_CAP_MS, 1000 * 2 ** attempt));
        attempt += 1;
      }
    };
    runRef.current = () => void run();
    void run();
    heartbeat = setInterval(() => {
      deviceFetch('/api/v1/kiosk/heartbeat', { method: 'POST', headers, accept: isNoContent }).then(
        () => {
          if (!isStopped()) setNetDown(false);
        },
        (error: unknown) => {
          if (isStopped() || refused(error)) return;
          if (isDown(error)) setNetDown(true);
        },
      );
    }, HEARTBEAT_MS);
    const goOnline = () => {
      setBrowserOffline(false);
      attempt = 0;
      void run();
    };
    const goOffline = () => setBrowserOffline(true);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      stop();
      runRef.current = () => undefined;
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [code]);

  const reload = useCallback(() => runRef.current(), []);
  const markDown = useCallback(() => setNetDown(true), []);
  return { config, unknown, offline: netDown || browserOffline, reload, markDown };
}
