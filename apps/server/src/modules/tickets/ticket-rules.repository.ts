import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The server's default when a tenant has no settings row (the column default, 3). */
const DEFAULT_SKIP_LIMIT = 3;

/**
 * The counter a staff member is working at: the counter of their open counter session (the
 * station they took at `/caller`). `openStation` ends a user's other sessions, so there is at
 * most one; the newest wins if there ever were two.
 */
export async function openSessionCounterId(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('counter_sessions')
    .select('counter_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.counter_id;
}

/**
 * How many times a ticket may be skipped before the next skip makes it a no-show. It is a tenant
 * setting (`tenant_settings.skip_limit`) that applies to every branch of the tenant.
 */
export async function skipLimitOf(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('tenant_settings')
    .select('skip_limit')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? Number(row.skip_limit) : DEFAULT_SKIP_LIMIT;
}

/**
 * The tenant's check-in window around a booking's slot start (`tenant_settings`, default 30
 * minutes before to 15 after): a check-in outside it needs an operator's validation.
 */
export async function checkInWindowOf(
  db: Db,
  tenantId: string,
): Promise<{ beforeMinutes: number; afterMinutes: number }> {
  const row = await db
    .selectFrom('tenant_settings')
    .select(['check_in_before_minutes', 'check_in_after_minutes'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row
    ? { beforeMinutes: Number(row.check_in_before_minutes), afterMinutes: Number(row.check_in_after_minutes) }
    : { beforeMinutes: 30, afterMinutes: 15 };
}
