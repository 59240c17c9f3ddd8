import type { Selectable, Transaction, Updateable } from 'kysely';
import type { HolidayListQuery, HolidaySortField } from '@antrean/shared/contracts/holidays.contract';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { DB, HolidaysTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type HolidayRow = Selectable<HolidaysTable>;

const SORT_COLUMNS: Record<HolidaySortField, string> = { date: 'date', name: 'name' };

/** One page of the tenant's holidays: search in the name, a year and a branch filter. */
export async function listHolidayPage(
  db: Db,
  tenantId: string,
  query: HolidayListQuery,
): Promise<PageRows<HolidayRow>> {
  let select = db.selectFrom('holidays').selectAll().where('tenant_id', '=', tenantId);
  if (query.year !== undefined) {
    select = select.where('date', '>=', `${query.year}-01-01`).where('date', '<=', `${query.year}-12-31`);
  }
  const branchId = query.branchId;
  if (branchId !== undefined) {
    select = select.where((eb) => eb.or([eb('branch_id', 'is', null), eb('branch_id', '=', branchId)]));
  }
  if (query.q !== undefined) select = select.where(containsText('name', query.q));
  return fetchPage(orderForPage(select, SORT_COLUMNS[query.sort], query.dir, 'id'), query);
}

export async function findHoliday(db: Db, tenantId: string, id: string): Promise<HolidayRow | undefined> {
  return db
    .selectFrom('holidays')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The dates among `dates` that already are holidays of exactly this scope (a branch, or the tenant). */
export async function takenDates(
  db: Db,
  tenantId: string,
  branchId: string | null,
  dates: readonly string[],
  exceptId: string | null = null,
): Promise<Set<string>> {
  if (dates.length === 0) return new Set();
  let select = db
    .selectFrom('holidays')
    .select('date')
    .where('tenant_id', '=', tenantId)
    .where('date', 'in', dates)
    .where('branch_id', branchId === null ? 'is' : '=', branchId);
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  return new Set((await select.execute()).map((r) => r.date));
}

export async function insertHolidays(trx: Transaction<DB>, rows: readonly HolidayRow[]): Promise<void> {
  if (rows.length > 0) {
    await trx
      .insertInto('holidays')
      .values([...rows])
      .execute();
  }
}

export async function updateHoliday(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Updateable<HolidaysTable>,
): Promise<void> {
  await trx
    .updateTable('holidays')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteHoliday(trx: Transaction<DB>, tenantId: string, id: string): Promise<void> {
  await trx.deleteFrom('holidays').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
