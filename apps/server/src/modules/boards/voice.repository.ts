import type { Selectable, Transaction } from 'kysely';
import type { DB, VoiceSettingsTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type VoiceRow = Selectable<VoiceSettingsTable>;

/** The tenant's own voice row (no branch). */
export async function findTenantVoice(db: Db, tenantId: string): Promise<VoiceRow | undefined> {
  return db
    .selectFrom('voice_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', 'is', null)
    .executeTakeFirst();
}

/** The tenant's voice rows: its own and any branch override. */
export async function listVoices(db: Db, tenantId: string): Promise<VoiceRow[]> {
  return db.selectFrom('voice_settings').selectAll().where('tenant_id', '=', tenantId).execute();
}

export async function insertVoice(trx: Transaction<DB>, row: VoiceRow): Promise<void> {
  await trx.insertInto('voice_settings').values(row).execute();
}

export async function updateVoice(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Pick<VoiceRow, 'mode' | 'number_style' | 'template_id' | 'template_en' | 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('voice_settings')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** The tenant's active displays with the branch and own voice mode of each. */
export async function activeDisplays(
  db: Db,
  tenantId: string,
): Promise<{ code: string; branch_id: string; voice_mode: string | null }[]> {
  return db
    .selectFrom('displays')
    .select(['code', 'branch_id', 'voice_mode'])
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .execute();
}

/** One display's branch and own voice mode. */
export async function findDisplayVoiceMode(
  db: Db,
  tenantId: string,
  displayId: string,
): Promise<{ voice_mode: string | null } | undefined> {
  return db
    .selectFrom('displays')
    .select('voice_mode')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', displayId)
    .executeTakeFirst();
}
