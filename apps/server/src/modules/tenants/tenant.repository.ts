import type { Db } from '../../lib/uow';

/** A tenant's settings row (kiosk idle time, messaging provider, default language…), if it has one. */
export async function findTenantSettings(db: Db, tenantId: string) {
  return db.selectFrom('tenant_settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}
