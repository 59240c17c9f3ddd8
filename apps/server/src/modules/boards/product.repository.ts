import type { Selectable, Transaction, Updateable } from 'kysely';
import type { ProductListQuery, ProductSortField } from '@antrean/shared/contracts/products.contract';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { DB, ProductItemsTable, ProductsTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type ProductRow = Selectable<ProductsTable>;
export type ProductItemRow = Selectable<ProductItemsTable>;

const SORT_COLUMNS: Record<ProductSortField, string> = { order: 'sort_order', name: 'name' };

/** One page of the tenant's products (search in the name, one sort). */
export async function listProductPage(
  db: Db,
  tenantId: string,
  query: ProductListQuery,
): Promise<PageRows<ProductRow>> {
  let select = db.selectFrom('products').selectAll().where('tenant_id', '=', tenantId);
  const q = query.q;
  if (q !== undefined) select = select.where(containsText('name', q));
  return fetchPage(orderForPage(select, SORT_COLUMNS[query.sort], query.dir, 'id'), query);
}

/** How many items each of these products has. */
export async function itemCounts(
  db: Db,
  tenantId: string,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>(productIds.map((id) => [id, 0]));
  if (productIds.length === 0) return out;
  const rows = await db
    .selectFrom('product_items')
    .select(['product_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('product_id', 'in', productIds)
    .groupBy('product_id')
    .execute();
  for (const row of rows) out.set(row.product_id, Number(row.n));
  return out;
}

export async function findProduct(db: Db, tenantId: string, id: string): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A product's items, in board order. */
export async function listItems(db: Db, tenantId: string, productId: string): Promise<ProductItemRow[]> {
  return db
    .selectFrom('product_items')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

export async function findItem(
  db: Db,
  tenantId: string,
  productId: string,
  itemId: string,
): Promise<ProductItemRow | undefined> {
  return db
    .selectFrom('product_items')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/** Whether another product of the tenant has this name (ignoring case). */
export async function productNameTaken(
  db: Db,
  tenantId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  let select = db
    .selectFrom('products')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  return (await select.executeTakeFirst()) !== undefined;
}

/** Whether another item of the product has this name (ignoring case). */
export async function itemNameTaken(
  db: Db,
  tenantId: string,
  productId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  let select = db
    .selectFrom('product_items')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  return (await select.executeTakeFirst()) !== undefined;
}

export async function insertProduct(trx: Transaction<DB>, row: ProductRow): Promise<void> {
  await trx.insertInto('products').values(row).execute();
}

export async function updateProduct(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Pick<Updateable<ProductsTable>, 'name' | 'is_active' | 'sort_order' | 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('products')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Deletes a product and its items. */
export async function deleteProduct(trx: Transaction<DB>, tenantId: string, id: string): Promise<void> {
  await trx
    .deleteFrom('product_items')
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', id)
    .execute();
  await trx.deleteFrom('products').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function insertItem(trx: Transaction<DB>, row: ProductItemRow): Promise<void> {
  await trx.insertInto('product_items').values(row).execute();
}

export async function updateItem(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Pick<Updateable<ProductItemsTable>, 'name' | 'percentage' | 'sort_order' | 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('product_items')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteItem(trx: Transaction<DB>, tenantId: string, id: string): Promise<void> {
  await trx.deleteFrom('product_items').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** The tenant's active products and all their items, in board order (the displays' rates board). */
export async function readActiveProducts(
  db: Db,
  tenantId: string,
): Promise<{ products: ProductRow[]; items: ProductItemRow[] }> {
  const [products, items] = await Promise.all([
    db
      .selectFrom('products')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('product_items')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('sort_order')
      .orderBy('name')
      .execute(),
  ]);
  return { products, items };
}
