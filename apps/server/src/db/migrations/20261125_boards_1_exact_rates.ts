/**
 * Exchange rates and interest percentages become exact decimals stored as text (`"16150.5"`,
 * `"3.25"`) instead of `double precision`: what the admin typed is what every display shows, on
 * SQLite and PostgreSQL alike (decisions: currencies). Currencies also get `flag`, the ISO 3166
 * country code whose flag the FX board shows.
 *
 * Neither database changes a column's type portably, so each table is read, dropped and created
 * again with its rows (a handful per tenant), numbers written as their decimal text.
 */
import type { Kysely } from 'kysely';

type Row = Record<string, unknown>;

/** A stored double as canonical decimal text (6 decimals at most, no trailing zeros). */
function decimalText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return '0';
  const [whole = '0', fraction = ''] = n.toFixed(6).split('.');
  const frac = fraction.replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

async function createCurrencies(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('flag', 'text')
    .addColumn('buy', 'text', (c) => c.notNull())
    .addColumn('sell', 'text', (c) => c.notNull())
    .addColumn('bank_note_buy', 'text')
    .addColumn('bank_note_sell', 'text')
    .addColumn('tt_counter_buy', 'text')
    .addColumn('tt_counter_sell', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('currencies_tenant_code_uq', ['tenant_id', 'code'])
    .execute();
}

async function createProductItems(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_items')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('percentage', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('product_items_tenant_product_name_uq', ['tenant_id', 'product_id', 'name'])
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  const currencies: Row[] = await db.selectFrom('currencies').selectAll().execute();
  const items: Row[] = await db.selectFrom('product_items').selectAll().execute();
  await db.schema.dropTable('currencies').execute();
  await db.schema.dropTable('product_items').execute();
  await createCurrencies(db);
  await createProductItems(db);
  for (const row of currencies) {
    await db
      .insertInto('currencies')
      .values({
        ...row,
        flag: null,
        buy: decimalText(row.buy),
        sell: decimalText(row.sell),
        bank_note_buy: decimalText(row.bank_note_buy),
        bank_note_sell: decimalText(row.bank_note_sell),
        tt_counter_buy: decimalText(row.tt_counter_buy),
        tt_counter_sell: decimalText(row.tt_counter_sell),
      })
      .execute();
  }
  for (const row of items) {
    await db
      .insertInto('product_items')
      .values({ ...row, percentage: decimalText(row.percentage) })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to doubles: read, drop, create with the initial migration's types, write back.
  const currencies: Row[] = await db.selectFrom('currencies').selectAll().execute();
  const items: Row[] = await db.selectFrom('product_items').selectAll().execute();
  await db.schema.dropTable('currencies').execute();
  await db.schema.dropTable('product_items').execute();
  await db.schema
    .createTable('currencies')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('buy', 'double precision', (c) => c.notNull())
    .addColumn('sell', 'double precision', (c) => c.notNull())
    .addColumn('bank_note_buy', 'double precision')
    .addColumn('bank_note_sell', 'double precision')
    .addColumn('tt_counter_buy', 'double precision')
    .addColumn('tt_counter_sell', 'double precision')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('currencies_tenant_code_uq', ['tenant_id', 'code'])
    .execute();
  await db.schema
    .createTable('product_items')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('percentage', 'double precision', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('product_items_tenant_product_name_uq', ['tenant_id', 'product_id', 'name'])
    .execute();
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  for (const row of currencies) {
    const { flag: _flag, ...rest } = row;
    await db
      .insertInto('currencies')
      .values({
        ...rest,
        buy: num(row.buy),
        sell: num(row.sell),
        bank_note_buy: num(row.bank_note_buy),
        bank_note_sell: num(row.bank_note_sell),
        tt_counter_buy: num(row.tt_counter_buy),
        tt_counter_sell: num(row.tt_counter_sell),
      })
      .execute();
  }
  for (const row of items) {
    await db
      .insertInto('product_items')
      .values({ ...row, percentage: num(row.percentage) })
      .execute();
  }
}
