import type { Insertable, Selectable } from 'kysely';
import type { TenantSettingsTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type SettingsRow = Selectable<TenantSettingsTable>;
export type SettingsValues = Omit<Insertable<TenantSettingsTable>, 'tenant_id' | 'updated_at'>;

/** The tenant's settings row; a tenant created before settings existed may have none. */
export async function findSettings(db: Db, tenantId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom('tenant_settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function findTenantName(db: Db, tenantId: string): Promise<string | undefined> {
  const row = await db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst();
  return row?.name;
}

/** Writes the settings (creating the row when the tenant has none yet). */
export async function saveSettings(
  db: Db,
  tenantId: string,
  values: SettingsValues,
  now: number,
): Promise<void> {
  await db
    .insertInto('tenant_settings')
    .values({ ...values, tenant_id: tenantId, updated_at: now })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

export async function tenantExists(db: Db, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  return row !== undefined;
}
