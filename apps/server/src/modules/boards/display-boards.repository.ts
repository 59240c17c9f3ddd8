import type { Db } from '../../lib/uow';

/** The codes of the tenant's active displays: where a board change is published. */
export async function activeDisplayCodes(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('displays')
    .select('code')
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .execute();
  return rows.map((r) => r.code);
}
