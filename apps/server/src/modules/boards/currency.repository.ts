import type { Selectable, Transaction, Updateable } from 'kysely';
import type { CurrencyListQuery, CurrencySortField } from '@antrean/shared/contracts/currencies.contract';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { CurrenciesTable, DB } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type CurrencyRow = Selectable<CurrenciesTable>;

const SORT_COLUMNS: Record<CurrencySortField, string> = {
  order: 'sort_order',
  code: 'code',
  name: 'name',
  updatedAt: 'updated_at',
};

/** One page of the tenant's currencies: search in the code and the name, one sort. */
export async function listCurrencyPage(
  db: Db,
  tenantId: string,
  query: CurrencyListQuery,
): Promise<PageRows<CurrencyRow>> {
  let select = db.selectFrom('currencies').selectAll().where('tenant_id', '=', tenantId);
  const q = query.q;
  if (q !== undefined) {
    select = select.where((eb) => eb.or([containsText('code', q), containsText('name', q)]));
  }
  return fetchPage(orderForPage(select, SORT_COLUMNS[query.sort], query.dir, 'id'), query);
}

/** Every currency of the tenant in board order (the displays' FX board, the rates form). */
export async function listCurrencies(db: Db, tenantId: string): Promise<CurrencyRow[]> {
  return db
    .selectFrom('currencies')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

export async function findCurrency(db: Db, tenantId: string, id: string): Promise<CurrencyRow | undefined> {
  return db
    .selectFrom('currencies')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether another currency of the tenant has this code. */
export async function codeTaken(
  db: Db,
  tenantId: string,
  code: string,
  exceptId: string | null,
): Promise<boolean> {
  let select = db
    .selectFrom('currencies')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code);
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  return (await select.executeTakeFirst()) !== undefined;
}

export async function insertCurrency(trx: Transaction<DB>, row: CurrencyRow): Promise<void> {
  await trx.insertInto('currencies').values(row).execute();
}

export async function updateCurrency(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Omit<Updateable<CurrenciesTable>, 'id' | 'tenant_id' | 'created_at'>,
): Promise<void> {
  await trx
    .updateTable('currencies')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteCurrency(trx: Transaction<DB>, tenantId: string, id: string): Promise<void> {
  await trx.deleteFrom('currencies').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
