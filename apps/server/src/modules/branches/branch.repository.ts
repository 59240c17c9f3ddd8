import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, BranchesTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';

type Db = Kysely<DB> | Transaction<DB>;
export type BranchRow = Selectable<BranchesTable>;

export async function listBranches(
  db: Db,
  tenantId: string,
  onlyIds?: readonly string[],
): Promise<BranchRow[]> {
  let query = db.selectFrom('branches').selectAll().where('tenant_id', '=', tenantId);
  if (onlyIds) {
    if (onlyIds.length === 0) return [];
    query = query.where('id', 'in', onlyIds);
  }
  return query.orderBy('code').execute();
}

const findBranchQuery = preparedQuery<{ tenantId: string; id: string }>()((db, p) =>
  db.selectFrom('branches').selectAll().where('tenant_id', '=', p.tenantId).where('id', '=', p.id),
);

export async function findBranch(db: Db, tenantId: string, id: string): Promise<BranchRow | undefined> {
  return findBranchQuery.first(db, { tenantId, id });
}

/** A branch by id in any tenant, joined to its tenant: the base of the cross-tenant lookups. */
export function branchWithTenant(db: Db, branchId: string) {
  return db
    .selectFrom('branches')
    .innerJoin('tenants', 'tenants.id', 'branches.tenant_id')
    .where('branches.id', '=', branchId);
}

/** A branch by id in any tenant, with what a public (QR poster) page needs to know of it. */
export async function findPublicBranch(db: Db, branchId: string) {
  return branchWithTenant(db, branchId)
    .select([
      'branches.tenant_id',
      'branches.show_on_web',
      'branches.is_active',
      'tenants.is_active as tenant_active',
    ])
    .executeTakeFirst();
}
