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
