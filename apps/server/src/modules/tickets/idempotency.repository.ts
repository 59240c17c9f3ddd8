import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/**
 * Claims an idempotency key inside the caller's transaction. Returns `claimed` when this request
 * owns the key; otherwise the stored row. On PostgreSQL a concurrent claimer blocks on the
 * unique key until the first transaction ends, then sees its stored answer.
 */
export async function claimKey(
  trx: Db,
  args: { tenantId: string; scope: string; key: string; requestHash: string; now: number },
): Promise<{ claimed: true } | { claimed: false; requestHash: string; responseStatus: number | null; responseBody: string | null }> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('tenant_id', '=', args.tenantId)
    .where('scope', '=', args.scope)
    .where('key', '=', args.key)
    .where('expires_at', '<', args.now)
    .execute();
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({
      tenant_id: args.tenantId,
      scope: args.scope,
      key: args.key,
      request_hash: args.requestHash,
      status: 'in_progress',
      response_status: null,
      response_body: null,
      created_at: args.now,
      expires_at: args.now + IDEMPOTENCY_TTL_MS,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { claimed: true };
  const row = await trx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('tenant_id', '=', args.tenantId)
    .where('scope', '=', args.scope)
    .where('key', '=', args.key)
    .executeTakeFirstOrThrow();
  return { claimed: false, requestHash: row.request_hash, responseStatus: row.response_status, responseBody: row.response_body };
}

export async function completeKey(
  trx: Db,
  args: { tenantId: string; scope: string; key: string; status: number; body: string },
): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status: 'completed', response_status: args.status, response_body: args.body })
    .where('tenant_id', '=', args.tenantId)
    .where('scope', '=', args.scope)
    .where('key', '=', args.key)
    .execute();
}

export async function purgeExpiredKeys(db: Db, now: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
}
