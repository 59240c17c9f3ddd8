import { session } from './storage';

/**
 * Client session state: per-tab values such as the caller's chosen counter and
 * services. They live in sessionStorage under one prefix so signing in or out clears them all.
 */
const CLIENT_SESSION_PREFIX = 'antrean.session.';

export function clientSessionKey(name: string): string {
  return `${CLIENT_SESSION_PREFIX}${name}`;
}

export function clearClientSessionState(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.sessionStorage.length; i++) {
      const key = window.sessionStorage.key(i);
      if (key?.startsWith(CLIENT_SESSION_PREFIX)) keys.push(key);
    }
    for (const key of keys) session.remove(key);
  } catch {
    // sessionStorage unavailable: nothing was stored.
  }
}
