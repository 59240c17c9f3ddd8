import type { ServiceDeps } from '../lib/deps';
import { THROTTLE } from '../modules/auth/auth.service';
import * as repo from './housekeeping.repository';
import { runEvery } from './every';

/** How often the purge runs (the rows it removes are useless, not harmful: no hurry). */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

export interface HousekeepingResult {
  sessions: number;
  idempotencyKeys: number;
  loginThrottles: number;
}

/**
 * One purge of what only grows otherwise: expired or revoked sessions, expired idempotency keys,
 * login throttles whose window is over and that block nobody. Time comes from the injected clock.
 */
export async function runHousekeeping(deps: ServiceDeps): Promise<HousekeepingResult> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (db) => ({
    sessions: await repo.purgeDeadSessions(db, now),
    idempotencyKeys: await repo.purgeExpiredIdempotencyKeys(db, now),
    loginThrottles: await repo.purgeStaleLoginThrottles(db, now, now - THROTTLE.windowMs),
  }));
}

/** Runs the purge every `intervalMs` (the app starts it with its timers and stops it on close). */
export function startHousekeeping(
  deps: ServiceDeps,
  onError: (error: unknown) => void,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): { stop(): void } {
  return runEvery(intervalMs, () => runHousekeeping(deps), onError);
}
