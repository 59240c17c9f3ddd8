import type { Kysely, Transaction } from 'kysely';
import type { DeviceKind } from '@antrean/shared/contracts/device-admin.contract';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface DeviceRow {
  id: string;
  tenant_id: string;
  branch_id: string;
  name: string;
  code: string;
  is_active: number;
  layout: string | null;
  last_seen_at: number | null;
}

export async function listDevices(
  db: Db,
  kind: DeviceKind,
  tenantId: string,
  branchId: string,
): Promise<DeviceRow[]> {
  if (kind === 'kiosk') {
    const rows = await db
      .selectFrom('kiosks')
      .select(['id', 'tenant_id', 'branch_id', 'name', 'code', 'is_active', 'last_seen_at'])
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, layout: null }));
  }
  return db
    .selectFrom('displays')
    .select(['id', 'tenant_id', 'branch_id', 'name', 'code', 'is_active', 'layout', 'last_seen_at'])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findDevice(
  db: Db,
  kind: DeviceKind,
  tenantId: string,
  id: string,
): Promise<DeviceRow | undefined> {
  if (kind === 'kiosk') {
    const row = await db
      .selectFrom('kiosks')
      .select(['id', 'tenant_id', 'branch_id', 'name', 'code', 'is_active', 'last_seen_at'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, layout: null };
  }
  return db
    .selectFrom('displays')
    .select(['id', 'tenant_id', 'branch_id', 'name', 'code', 'is_active', 'layout', 'last_seen_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A new code for the device and its entry in the global name directory (one transaction). */
export async function replaceCode(
  trx: Transaction<DB>,
  kind: DeviceKind,
  device: DeviceRow,
  code: string,
  now: number,
): Promise<void> {
  const table = kind === 'kiosk' ? 'kiosks' : 'displays';
  await trx
    .updateTable(table)
    .set({ code, updated_at: now })
    .where('tenant_id', '=', device.tenant_id)
    .where('id', '=', device.id)
    .execute();
  await trx
    .updateTable('global_names')
    .set({ name: code })
    .where('kind', '=', kind)
    .where('name', '=', device.code)
    .where('tenant_id', '=', device.tenant_id)
    .execute();
}

export async function setActive(
  trx: Transaction<DB>,
  kind: DeviceKind,
  device: DeviceRow,
  active: boolean,
  now: number,
): Promise<void> {
  const table = kind === 'kiosk' ? 'kiosks' : 'displays';
  await trx
    .updateTable(table)
    .set({ is_active: active ? 1 : 0, updated_at: now })
    .where('tenant_id', '=', device.tenant_id)
    .where('id', '=', device.id)
    .execute();
}
