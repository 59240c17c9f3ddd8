import type { Db } from '../lib/uow';

/** Sessions that can no longer sign anyone in: expired, or revoked (sign-out, sign-in rotation). */
export async function purgeDeadSessions(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Idempotency keys past their lifetime (a retry with one of them makes a new ticket anyway). */
export async function purgeExpiredIdempotencyKeys(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Login throttles that no longer count: their failure window started before `windowStartedBefore`
 * (a new failure would open a fresh window) and they block nobody any more.
 */
export async function purgeStaleLoginThrottles(
  db: Db,
  now: number,
  windowStartedBefore: number,
): Promise<number> {
  const result = await db
    .deleteFrom('login_throttle')
    .where('window_started_at', '<', windowStartedBefore)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
