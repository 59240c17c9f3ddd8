/**
 * The services a kiosk offers (`/dashboard/master/display`), like `display_services` for
 * displays: none listed means every service of the branch that is shown on kiosks. A row per
 * (kiosk, service), tenant-led like every tenant table (§7); deleting the kiosk or the service
 * removes its rows.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kiosk_services')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('kiosk_id', 'text', (c) => c.notNull().references('kiosks.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('kiosk_services_tenant_kiosk_service_uq', ['tenant_id', 'kiosk_id', 'service_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kiosk_services').execute();
}
