import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';

type Db = Kysely<DB> | Transaction<DB>;

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

interface Key {
  tenantId: string;
  scope: string;
  key: string;
}

// One statement: a new key is inserted; an expired one is taken over (as if it were new); a live
// one is left alone and the statement returns nothing.
const claimQuery = preparedQuery<Key & { requestHash: string; now: number; expiresAt: number }>()((db, p) => {
  const fresh = {
    request_hash: p.requestHash,
    status: 'in_progress',
    response_status: null,
    response_body: null,
    created_at: p.now,
    expires_at: p.expiresAt,
  };
  return db
    .insertInto('idempotency_keys')
    .values({ tenant_id: p.tenantId, scope: p.scope, key: p.key, ...fresh })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'scope', 'key'])
        .doUpdateSet(fresh)
        .where('idempotency_keys.expires_at', '<', p.now),
    )
    .returning('key');
});

const storedQuery = preparedQuery<Key>()((db, p) =>
  db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('tenant_id', '=', p.tenantId)
    .where('scope', '=', p.scope)
    .where('key', '=', p.key),
);

const completeQuery = preparedQuery<Key & { status: number; body: string }>()((db, p) =>
  db
    .updateTable('idempotency_keys')
    .set({ status: 'completed', response_status: p.status, response_body: p.body })
    .where('tenant_id', '=', p.tenantId)
    .where('scope', '=', p.scope)
    .where('key', '=', p.key),
);

/**
 * Claims an idempotency key inside the caller's transaction. Returns `claimed` when this request
 * owns the key; otherwise the stored row. On PostgreSQL a concurrent claimer blocks on the
 * unique key until the first transaction ends, then sees its stored answer.
 */
export async function claimKey(
  trx: Db,
  args: { tenantId: string; scope: string; key: string; requestHash: string; now: number },
): Promise<
  | { claimed: true }
  | { claimed: false; requestHash: string; responseStatus: number | null; responseBody: string | null }
> {
  const inserted = await claimQuery.first(trx, {
    tenantId: args.tenantId,
    scope: args.scope,
    key: args.key,
    requestHash: args.requestHash,
    now: args.now,
    expiresAt: args.now + IDEMPOTENCY_TTL_MS,
  });
  if (inserted) return { claimed: true };
  const row = await storedQuery.first(trx, args);
  if (!row) throw new Error('idempotency key vanished inside its transaction');
  return {
    claimed: false,
    requestHash: row.request_hash,
    responseStatus: row.response_status,
    responseBody: row.response_body,
  };
}

export async function completeKey(
  trx: Db,
  args: { tenantId: string; scope: string; key: string; status: number; body: string },
): Promise<void> {
  await completeQuery.execute(trx, args);
}
