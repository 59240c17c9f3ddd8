/**
 * What the waiting room's screens show (`/dashboard/parameter/{rt,banner,video}`): a running
 * text's speed, a banner's period and seconds on screen, a video's description, and where each
 * item is shown. `content_targets` holds one row per (item, branch) or (item, display); an item
 * without rows is shown on every display of the tenant. The item is one of three tables, so the
 * service deletes its rows with it; a deleted branch or display takes its rows along.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('running_texts')
    .addColumn('speed', 'text', (c) => c.notNull().defaultTo('normal'))
    .execute();
  await db.schema.alterTable('banners').addColumn('starts_on', 'text').execute();
  await db.schema.alterTable('banners').addColumn('ends_on', 'text').execute();
  await db.schema
    .alterTable('banners')
    .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
  await db.schema
    .alterTable('videos')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('content_targets')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('branch_id', 'text', (c) => c.references('branches.id').onDelete('cascade'))
    .addColumn('display_id', 'text', (c) => c.references('displays.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_targets_tenant_id_item_kind_item_id_idx')
    .on('content_targets')
    .columns(['tenant_id', 'item_kind', 'item_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_targets').execute();
  await db.schema.alterTable('videos').dropColumn('description').execute();
  await db.schema.alterTable('banners').dropColumn('duration_seconds').execute();
  await db.schema.alterTable('banners').dropColumn('ends_on').execute();
  await db.schema.alterTable('banners').dropColumn('starts_on').execute();
  await db.schema.alterTable('running_texts').dropColumn('speed').execute();
}
