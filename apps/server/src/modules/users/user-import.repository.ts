import type { Db } from '../../lib/uow';

/** The tenant's branches by code (upper case), for the branch codes of an import. */
export async function branchIdsByCode(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('branches')
    .select(['id', 'code'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Map(rows.map((r) => [r.code.toUpperCase(), r.id]));
}

/** Of these login names (lower case), the ones already taken on the platform. */
export async function takenUsernames(db: Db, names: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  // Chunks keep the statement under the databases' parameter limits.
  for (let i = 0; i < names.length; i += 200) {
    const chunk = names.slice(i, i + 200);
    const rows = await db
      .selectFrom('global_names')
      .select('name')
      .where('kind', '=', 'username')
      .where('name', 'in', chunk)
      .execute();
    for (const row of rows) taken.add(row.name);
  }
  return taken;
}
