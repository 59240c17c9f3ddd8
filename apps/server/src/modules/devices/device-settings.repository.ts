import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { DbKind } from '../../db/database';
import { forUpdate } from '../../db/dialect';
import type { DB, DisplaysTable, KiosksTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type KioskRow = Selectable<KiosksTable>;
export type DisplayRow = Selectable<DisplaysTable>;

/** The branch, locked on PostgreSQL while its display limit is checked. */
export async function lockBranch(
  trx: Transaction<DB>,
  kind: DbKind,
  tenantId: string,
  branchId: string,
): Promise<{ id: string; display_limit: number } | undefined> {
  return forUpdate(
    kind,
    trx
      .selectFrom('branches')
      .select(['id', 'display_limit'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', branchId),
  ).executeTakeFirst();
}

export async function countActiveDisplays(db: Db, tenantId: string, branchId: string): Promise<number> {
  const row = await db
    .selectFrom('displays')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findKiosk(db: Db, tenantId: string, id: string): Promise<KioskRow | undefined> {
  return db
    .selectFrom('kiosks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findDisplay(db: Db, tenantId: string, id: string): Promise<DisplayRow | undefined> {
  return db
    .selectFrom('displays')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function displayServiceIds(db: Db, tenantId: string, displayId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('display_services')
    .select('service_id')
    .where('tenant_id', '=', tenantId)
    .where('display_id', '=', displayId)
    .orderBy('service_id')
    .execute();
  return rows.map((r) => r.service_id);
}

/** The ids among `serviceIds` that the branch offers. */
export async function offeredServiceIds(
  db: Db,
  tenantId: string,
  branchId: string,
  serviceIds: readonly string[],
): Promise<string[]> {
  if (serviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('branch_services')
    .select('service_id')
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_id', 'in', serviceIds)
    .execute();
  return rows.map((r) => r.service_id);
}

/** Is this a counter of the branch? */
export async function isBranchCounter(
  db: Db,
  tenantId: string,
  branchId: string,
  counterId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('counters')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('id', '=', counterId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new device and its code in the global name directory (codes are unique across tenants). */
export async function insertKiosk(trx: Transaction<DB>, row: Insertable<KiosksTable>): Promise<void> {
  await trx.insertInto('kiosks').values(row).execute();
  await trx
    .insertInto('global_names')
    .values({
      kind: 'kiosk',
      name: row.code,
      tenant_id: row.tenant_id,
      target_id: row.id,
      created_at: row.created_at,
    })
    .execute();
}

export async function insertDisplay(trx: Transaction<DB>, row: Insertable<DisplaysTable>): Promise<void> {
  await trx.insertInto('displays').values(row).execute();
  await trx
    .insertInto('global_names')
    .values({
      kind: 'display',
      name: row.code,
      tenant_id: row.tenant_id,
      target_id: row.id,
      created_at: row.created_at,
    })
    .execute();
}

export async function updateKiosk(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Updateable<KiosksTable>,
): Promise<void> {
  await trx
    .updateTable('kiosks')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function updateDisplay(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Updateable<DisplaysTable>,
): Promise<void> {
  await trx
    .updateTable('displays')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Replaces the services a display shows. */
export async function replaceDisplayServices(
  trx: Transaction<DB>,
  scope: { tenantId: string; displayId: string },
  serviceIds: readonly string[],
  newId: () => string,
  now: number,
): Promise<void> {
  await trx
    .deleteFrom('display_services')
    .where('tenant_id', '=', scope.tenantId)
    .where('display_id', '=', scope.displayId)
    .execute();
  if (serviceIds.length === 0) return;
  await trx
    .insertInto('display_services')
    .values(
      serviceIds.map((serviceId) => ({
        id: newId(),
        tenant_id: scope.tenantId,
        display_id: scope.displayId,
        service_id: serviceId,
        created_at: now,
      })),
    )
    .execute();
}

/** The services a kiosk offers (none: every service of its branch shown on kiosks). */
export async function kioskServiceIds(db: Db, tenantId: string, kioskId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('kiosk_services')
    .select('service_id')
    .where('tenant_id', '=', tenantId)
    .where('kiosk_id', '=', kioskId)
    .orderBy('service_id')
    .execute();
  return rows.map((r) => r.service_id);
}

/** Replaces the services a kiosk offers. */
export async function replaceKioskServices(
  trx: Transaction<DB>,
  scope: { tenantId: string; kioskId: string },
  serviceIds: readonly string[],
  newId: () => string,
  now: number,
): Promise<void> {
  await trx
    .deleteFrom('kiosk_services')
    .where('tenant_id', '=', scope.tenantId)
    .where('kiosk_id', '=', scope.kioskId)
    .execute();
  if (serviceIds.length === 0) return;
  await trx
    .insertInto('kiosk_services')
    .values(
      serviceIds.map((serviceId) => ({
        id: newId(),
        tenant_id: scope.tenantId,
        kiosk_id: scope.kioskId,
        service_id: serviceId,
        created_at: now,
      })),
    )
    .execute();
}
