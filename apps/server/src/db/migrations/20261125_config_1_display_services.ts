/**
 * The services a display shows (`/dashboard/master/display`): none listed means all of the
 * branch's services. A row per (display, service), tenant-led like every tenant table (§7);
 * deleting the display or the service removes its rows.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('display_services')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('display_id', 'text', (c) => c.notNull().references('displays.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('display_services_tenant_display_service_uq', ['tenant_id', 'display_id', 'service_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('display_services').execute();
}
