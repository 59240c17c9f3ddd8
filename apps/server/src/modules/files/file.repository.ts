import type { Insertable } from 'kysely';
import type { FilesTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export async function findTicketBranch(db: Db, tenantId: string, ticketId: string) {
  return db
    .selectFrom('tickets')
    .select(['id', 'branch_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', ticketId)
    .executeTakeFirst();
}

export async function insertFile(db: Db, row: Insertable<FilesTable>): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

export async function setTicketPhoto(
  db: Db,
  tenantId: string,
  ticketId: string,
  fileId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('tickets')
    .set({ photo_file_id: fileId, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', ticketId)
    .execute();
}

/** The tenant's file of this kind with these bytes (an upload of the same file answers it again). */
export async function findFileByHash(db: Db, tenantId: string, sha256: string, kind: string) {
  return db
    .selectFrom('files')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('sha256', '=', sha256)
    .where('kind', '=', kind)
    .orderBy('id')
    .executeTakeFirst();
}

export async function findFile(db: Db, tenantId: string, fileId: string) {
  return db
    .selectFrom('files')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** Kinds of file that may ever be served as branding (never a photo, avatar, banner or guide). */
const BRANDING_KINDS = ['logo', 'favicon', 'background'];

/**
 * A file by id if it is a branding image right now — a theme's logo, favicon or background, or a
 * tenant's logo, of the file's own tenant — and that tenant is active; otherwise undefined. The
 * file's kind must be an image purpose too: a theme pointed at a customer's photo does not make it public.
 */
export async function findBrandingFile(db: Db, fileId: string) {
  return db
    .selectFrom('files')
    .innerJoin('tenants', 'tenants.id', 'files.tenant_id')
    .select(['files.id', 'files.mime_type', 'files.size_bytes', 'files.sha256', 'files.storage_key'])
    .where('files.id', '=', fileId)
    .where('files.kind', 'in', BRANDING_KINDS)
    .where('tenants.is_active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('tenants.logo_file_id', '=', fileId),
        eb.exists(
          eb
            .selectFrom('themes')
            .select('themes.id')
            .whereRef('themes.tenant_id', '=', 'files.tenant_id')
            .where((t) =>
              t.or([
                t('themes.logo_file_id', '=', fileId),
                t('themes.favicon_file_id', '=', fileId),
                t('themes.background_file_id', '=', fileId),
              ]),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
}

/**
 * A file by id if a display may play it right now: the file of an active banner or video of the
 * file's own tenant, uploaded as a banner or a video, and that tenant is active; otherwise undefined.
 */
export async function findDisplayMediaFile(db: Db, fileId: string) {
  return db
    .selectFrom('files')
    .innerJoin('tenants', 'tenants.id', 'files.tenant_id')
    .select(['files.id', 'files.mime_type', 'files.size_bytes', 'files.sha256', 'files.storage_key'])
    .where('files.id', '=', fileId)
    .where('files.kind', 'in', ['banner', 'video'])
    .where('tenants.is_active', '=', 1)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('banners')
            .select('banners.id')
            .whereRef('banners.tenant_id', '=', 'files.tenant_id')
            .where('banners.file_id', '=', fileId)
            .where('banners.is_active', '=', 1),
        ),
        eb.exists(
          eb
            .selectFrom('videos')
            .select('videos.id')
            .whereRef('videos.tenant_id', '=', 'files.tenant_id')
            .where('videos.file_id', '=', fileId)
            .where('videos.is_active', '=', 1),
        ),
      ]),
    )
    .executeTakeFirst();
}
