import type { Db } from '../../lib/uow';

export interface PublicBranchRecord {
  id: string;
  tenantId: string;
  showOnWeb: boolean;
  tenantActive: boolean;
}

/**
 * The branch behind a public on-site address (`/layanan-on-site/:branch`), before any tenant is
 * known: `ref` is the branch's id, or its code in any case ("jkt01" finds JKT01) as people type it.
 * Codes are unique per tenant only, so a code only counts among branches shown on the web, and a
 * code two tenants both show is ambiguous: no branch (the id still works).
 */
export async function findOnSiteBranch(db: Db, ref: string): Promise<PublicBranchRecord | undefined> {
  const code = ref.toUpperCase();
  const rows = await db
    .selectFrom('branches')
    .innerJoin('tenants', 'tenants.id', 'branches.tenant_id')
    .select([
      'branches.id',
      'branches.tenant_id',
      'branches.show_on_web',
      'tenants.is_active as tenant_active',
    ])
    .where((eb) =>
      eb.or([
        eb('branches.id', '=', ref),
        eb.and([eb(eb.fn('upper', ['branches.code']), '=', code), eb('branches.show_on_web', '=', 1)]),
      ]),
    )
    .limit(3)
    .execute();
  const row = rows.find((r) => r.id === ref) ?? (rows.length === 1 ? rows[0] : undefined);
  if (!row) return undefined;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    showOnWeb: row.show_on_web === 1,
    tenantActive: row.tenant_active === 1,
  };
}
