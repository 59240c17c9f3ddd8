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
