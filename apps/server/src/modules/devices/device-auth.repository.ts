import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import { branchWithTenant } from '../branches/branch.repository';

type Db = Kysely<DB> | Transaction<DB>;

export interface DeviceRecord {
  id: string;
  tenantId: string;
  branchId: string;
  code: string;
  isActive: boolean;
  tenantActive: boolean;
}

// One statement per kind (every kiosk request and display subscription resolves its code):
// the global name directory joined to the device and its tenant, compiled once (db/prepared.ts).
const findKioskByCode = preparedQuery<{ code: string }>()((db, p) =>
  db
    .selectFrom('global_names')
    .innerJoin('kiosks', (join) =>
      join
        .onRef('kiosks.id', '=', 'global_names.target_id')
        .onRef('kiosks.tenant_id', '=', 'global_names.tenant_id'),
    )
    .innerJoin('tenants', 'tenants.id', 'kiosks.tenant_id')
    .select([
      'kiosks.id as id',
      'kiosks.tenant_id as tenant_id',
      'kiosks.branch_id as branch_id',
      'kiosks.code as code',
      'kiosks.is_active as is_active',
      'tenants.is_active as tenant_active',
    ])
    .where('global_names.kind', '=', 'kiosk')
    .where('global_names.name', '=', p.code),
);

const findDisplayByCode = preparedQuery<{ code: string }>()((db, p) =>
  db
    .selectFrom('global_names')
    .innerJoin('displays', (join) =>
      join
        .onRef('displays.id', '=', 'global_names.target_id')
        .onRef('displays.tenant_id', '=', 'global_names.tenant_id'),
    )
    .innerJoin('tenants', 'tenants.id', 'displays.tenant_id')
    .select([
      'displays.id as id',
      'displays.tenant_id as tenant_id',
      'displays.branch_id as branch_id',
      'displays.code as code',
      'displays.is_active as is_active',
      'tenants.is_active as tenant_active',
    ])
    .where('global_names.kind', '=', 'display')
    .where('global_names.name', '=', p.code),
);

/** Kiosk and display codes are unique across tenants through the global name directory. */
export async function findDeviceByCode(
  db: Db,
  kind: 'kiosk' | 'display',
  code: string,
): Promise<DeviceRecord | undefined> {
  const row = await (kind === 'kiosk' ? findKioskByCode : findDisplayByCode).first(db, { code });
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
  return branchWithTenant(db, branchId)
    .select([
      'branches.id',
      'branches.tenant_id',
      'branches.api_key_hash',
      'branches.is_active',
      'tenants.is_active as tenant_active',
    ])
    .executeTakeFirst();
}
