import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, BranchesTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;
export type BranchRow = Selectable<BranchesTable>;

export async function listBranches(db: Db, tenantId: string, onlyIds?: readonly string[]): Promise<BranchRow[]> {
  let query = db.selectFrom('branches').selectAll().where('tenant_id', '=', tenantId);
  if (onlyIds) {
    if (onlyIds.length === 0) return [];
    query = query.where('id', 'in', onlyIds);
  }
  return query.orderBy('code').execute();
}

export async function findBranch(db: Db, tenantId: string, id: string): Promise<BranchRow | undefined> {
  return db.selectFrom('branches').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}
