import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export async function getThrottle(db: Db, key: string) {
  return db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function putThrottle(
  db: Db,
  row: { key: string; failures: number; windowStartedAt: number; blockedUntil: number | null },
): Promise<void> {
  await db
    .insertInto('login_throttle')
    .values({
      key: row.key,
      failures: row.failures,
      window_started_at: row.windowStartedAt,
      blocked_until: row.blockedUntil,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: row.failures,
        window_started_at: row.windowStartedAt,
        blocked_until: row.blockedUntil,
      }),
    )
    .execute();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
