/**
 * Uploads are stored by content hash (decisions: media storage): rows of one tenant may now share
 * a storage key — the same bytes uploaded as a logo and as a banner are two files (two kinds) on
 * one blob — so the unique key (tenant_id, storage_key) goes. SQLite cannot drop a constraint, so
 * the table is rebuilt (nothing references `files` by a foreign key). An upload of the same bytes
 * looks its file up by (tenant_id, sha256).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('files_next')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into files_next (id, tenant_id, kind, original_name, mime_type, size_bytes, sha256, storage_key, created_by, created_at)
    select id, tenant_id, kind, original_name, mime_type, size_bytes, sha256, storage_key, created_by, created_at from files`.execute(
    db,
  );
  await db.schema.dropTable('files').execute();
  await db.schema.alterTable('files_next').renameTo('files').execute();
  await db.schema.createIndex('files_tenant_id_sha256_idx').on('files').columns(['tenant_id', 'sha256']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('files_tenant_id_sha256_idx').execute();
}
