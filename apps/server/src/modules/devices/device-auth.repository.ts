import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface DeviceRecord {
  id: string;
  tenantId: string;
  branchId: string;
  code: string;
  isActive: boolean;
  tenantActive: boolean;
}

/** Kiosk and display codes are unique across tenants through the global name directory. */
export async function findDeviceByCode(db: Db, kind: 'kiosk' | 'display', code: string): Promise<DeviceRecord | undefined> {
  const entry = await db
    .selectFrom('global_names')
    .select(['target_id', 'tenant_id'])
    .where('kind', '=', kind)
    .where('name', '=', code)
    .executeTakeFirst();
  if (!entry?.tenant_id) return undefined;
  const table = kind === 'kiosk' ? 'kiosks' : 'displays';
  const row = await db
    .selectFrom(table)
    .innerJoin('tenants', 'tenants.id', `${table}.tenant_id`)
    .select([`${table}.id as id`, `${table}.tenant_id as tenant_id`, `${table}.branch_id as branch_id`, `${table}.code as code`, `${table}.is_active as is_active`, 'tenants.is_active as tenant_active'])
    .where(`${table}.tenant_id`, '=', entry.tenant_id)
    .where(`${table}.id`, '=', entry.target_id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    branchId: row.branch_id,
    code: row.code,
    isActive: row.is_active === 1,
    tenantActive: row.tenant_active === 1,
  };
}

export async function findBranchApiKey(db: Db, branchId: string) {
  return db
    .selectFrom('branches')
    .innerJoin('tenants', 'tenants.id', 'branches.tenant_id')
    .select(['branches.id', 'branches.tenant_id', 'branches.api_key_hash', 'branches.is_active', 'tenants.is_active as tenant_active'])
    .where('branches.id', '=', branchId)
    .executeTakeFirst();
}
