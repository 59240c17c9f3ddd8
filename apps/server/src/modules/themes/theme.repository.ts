import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { ThemeListQuery, ThemeSortField } from '@antrean/shared/contracts/themes.contract';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { DB, ThemesTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type ThemeRow = Selectable<ThemesTable>;

const SORT_COLUMNS: Record<ThemeSortField, string> = { name: 'name' };

export async function listThemePage(
  db: Db,
  tenantId: string,
  query: ThemeListQuery,
): Promise<PageRows<ThemeRow>> {
  let select = db.selectFrom('themes').selectAll().where('tenant_id', '=', tenantId);
  const q = query.q;
  if (q !== undefined) select = select.where(containsText('name', q));
  return fetchPage(orderForPage(select, SORT_COLUMNS[query.sort], query.dir, 'id'), query);
}

export async function findTheme(db: Db, tenantId: string, id: string): Promise<ThemeRow | undefined> {
  return db
    .selectFrom('themes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Another theme of the tenant with this name (ignoring case). */
export async function nameTaken(
  db: Db,
  tenantId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  let select = db
    .selectFrom('themes')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) select = select.where('id', '!=', exceptId);
  return (await select.executeTakeFirst()) !== undefined;
}

/** Of these file ids, the ones the tenant uploaded. */
export async function tenantFileIds(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertTheme(trx: Transaction<DB>, row: Insertable<ThemesTable>): Promise<void> {
  await trx.insertInto('themes').values(row).execute();
}

export async function updateTheme(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Updateable<ThemesTable>,
): Promise<void> {
  await trx
    .updateTable('themes')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTheme(trx: Transaction<DB>, tenantId: string, id: string): Promise<void> {
  await trx.deleteFrom('themes').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function activeThemeId(db: Db, tenantId: string): Promise<string | null> {
  const row = await db
    .selectFrom('tenant_settings')
    .select('active_theme_id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.active_theme_id ?? null;
}

export async function setActiveTheme(
  trx: Transaction<DB>,
  tenantId: string,
  themeId: string | null,
  now: number,
): Promise<void> {
  await trx
    .insertInto('tenant_settings')
    .values({ tenant_id: tenantId, active_theme_id: themeId, updated_at: now })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ active_theme_id: themeId, updated_at: now }))
    .execute();
}

/** The codes of the tenant's active kiosks and displays (their live topics are told of a new theme). */
export async function deviceCodes(
  db: Db,
  tenantId: string,
): Promise<{ kiosks: string[]; displays: string[] }> {
  const [kiosks, displays] = await Promise.all([
    db
      .selectFrom('kiosks')
      .select('code')
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', 1)
      .execute(),
    db
      .selectFrom('displays')
      .select('code')
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', 1)
      .execute(),
  ]);
  return { kiosks: kiosks.map((k) => k.code), displays: displays.map((d) => d.code) };
}
