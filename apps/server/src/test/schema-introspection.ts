/**
 * A dialect-neutral description of a migrated schema (tables, columns with normalized types,
 * nullability, primary/unique keys and indexes), so SQLite and PostgreSQL can be compared.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';

type ColumnType = 'text' | 'int' | 'bigint' | 'double';

interface ColumnInfo {
  name: string;
  type: ColumnType;
  notNull: boolean;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** Primary key columns in key order (empty when the table has none). */
  primaryKey: string[];
  /** Every unique key (primary key, unique constraints, unique indexes) as column lists, sorted. */
  uniqueKeys: string[][];
  /** Non-unique indexes: name → columns. */
  indexes: Record<string, string[]>;
}

export type SchemaInfo = Record<string, TableInfo>;

function normalizeType(dataType: string): ColumnType {
  const t = dataType.toLowerCase().trim();
  if (t === 'text') return 'text';
  if (t === 'integer' || t === 'int' || t === 'int4') return 'int';
  if (t === 'bigint' || t === 'int8') return 'bigint';
  if (t === 'double precision' || t === 'real' || t === 'float8') return 'double';
  throw new Error(`schema: unmapped column type "${dataType}"`);
}

const keyOf = (columns: readonly string[]): string => columns.join(',');

function sortKeys(keys: string[][]): string[][] {
  const unique = new Map(keys.map((k) => [keyOf(k), k]));
  return [...unique.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

export async function describeSchema(database: Database): Promise<SchemaInfo> {
  const tables = await database.db.introspection.getTables();
  const keys =
    database.kind === 'sqlite'
      ? sqliteKeys(
          database,
          tables.map((t) => t.name),
        )
      : await postgresKeys(database);
  const schema: SchemaInfo = {};
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const k = keys.get(table.name) ?? { primaryKey: [], unique: [], indexes: {} };
    const pk = new Set(k.primaryKey);
    schema[table.name] = {
      name: table.name,
      columns: table.columns.map((c) => ({
        name: c.name,
        type: normalizeType(c.dataType),
        // SQLite lets a non-integer PRIMARY KEY column hold NULL unless declared NOT NULL;
        // the rule we care about is "a key column is never null", so PK columns count as not null.
        notNull: !c.isNullable || pk.has(c.name),
      })),
      primaryKey: k.primaryKey,
      uniqueKeys: sortKeys(k.primaryKey.length > 0 ? [k.primaryKey, ...k.unique] : k.unique),
      indexes: k.indexes,
    };
  }
  return schema;
}

interface TableKeys {
  primaryKey: string[];
  unique: string[][];
  indexes: Record<string, string[]>;
}

function sqliteKeys(database: Database, tableNames: string[]): Map<string, TableKeys> {
  const sqlite = database.sqlite;
  if (!sqlite) throw new Error('schema: no SQLite handle');
  const out = new Map<string, TableKeys>();
  for (const table of tableNames) {
    const quoted = JSON.stringify(table);
    const info = sqlite.prepare(`pragma table_info(${quoted})`).all() as { name: string; pk: number }[];
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const list = sqlite.prepare(`pragma index_list(${quoted})`).all() as {
      name: string;
      unique: number;
      origin: string;
    }[];
    const unique: string[][] = [];
    const indexes: Record<string, string[]> = {};
    for (const index of list) {
      const columns = (
        sqlite.prepare(`pragma index_info(${JSON.stringify(index.name)})`).all() as {
          seqno: number;
          name: string;
        }[]
      )
        .sort((a, b) => a.seqno - b.seqno)
        .map((c) => c.name);
      if (index.unique === 1) unique.push(columns);
      else indexes[index.name] = columns;
    }
    out.set(table, { primaryKey, unique, indexes });
  }
  return out;
}

async function postgresKeys(database: Database): Promise<Map<string, TableKeys>> {
  const { rows } = await sql<{
    table_name: string;
    index_name: string;
    is_primary: boolean;
    is_unique: boolean;
    columns: string;
  }>`
    select t.relname as table_name,
           i.relname as index_name,
           ix.indisprimary as is_primary,
           ix.indisunique as is_unique,
           string_agg(a.attname::text, ',' order by k.ord) as columns
      from pg_index ix
      join pg_class t on t.oid = ix.indrelid
      join pg_class i on i.oid = ix.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      cross join lateral unnest(ix.indkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
     where n.nspname = current_schema()
     group by t.relname, i.relname, ix.indisprimary, ix.indisunique
  `.execute(database.db);
  const out = new Map<string, TableKeys>();
  for (const row of rows) {
    let keys = out.get(row.table_name);
    if (!keys) {
      keys = { primaryKey: [], unique: [], indexes: {} };
      out.set(row.table_name, keys);
    }
    const columns = row.columns.split(',');
    if (row.is_primary) keys.primaryKey = columns;
    else if (row.is_unique) keys.unique.push(columns);
    else keys.indexes[row.index_name] = columns;
  }
  return out;
}
