/**
 * One migration set runs on SQLite and on PostgreSQL; this test proves both end up with the same
 * schema, and that the tenancy rule of the data model holds: every tenant's row carries its
 * tenant_id, NOT NULL and leading every unique key, except the tables listed below on purpose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase, testDbContext } from '../test/db';
import { redactUrl } from '../test/pg-admin';
import { describeSchema, type SchemaInfo, type TableInfo } from '../test/schema-introspection';

/**
 * Tables that carry a *nullable* tenant_id on purpose: their rows may belong to the platform
 * rather than to a tenant, so tenant_id cannot be NOT NULL nor lead their unique keys.
 */
const PLATFORM_TABLES_WITH_TENANT: Record<string, string> = {
  message_outbox: 'messages sent on the platform’s behalf (visitor registration codes) have no tenant',
  audit_log: 'platform actions (tenant created, superadmin sign-in) have no tenant',
  sessions: 'superadmin and visitor sessions have no tenant; the token hash is globally unique',
  global_names: 'the cross-tenant directory of names that must be unique installation-wide',
};

/** Tables with no tenant_id at all: platform-level data. A new table must be added here consciously. */
const TABLES_WITHOUT_TENANT = [
  'applications',
  'login_throttle',
  'platform_users',
  'tenant_categories',
  'tenants',
  'verification_codes',
  'visitors',
];

/** Every table with tenant_id: NOT NULL, and every unique key starts with it (or is the `id` PK). */
export function tenancyViolations(schema: SchemaInfo): string[] {
  const problems: string[] = [];
  for (const table of Object.values(schema)) {
    const tenantColumn = table.columns.find((c) => c.name === 'tenant_id');
    if (!tenantColumn) {
      if (!TABLES_WITHOUT_TENANT.includes(table.name)) {
        problems.push(`${table.name}: has no tenant_id and is not a listed platform table`);
      }
      continue;
    }
    if (Object.hasOwn(PLATFORM_TABLES_WITH_TENANT, table.name)) continue;
    if (!tenantColumn.notNull) problems.push(`${table.name}: tenant_id is nullable`);
    for (const key of table.uniqueKeys) {
      const isIdPk = key.length === 1 && key[0] === 'id';
      if (!isIdPk && key[0] !== 'tenant_id') {
        problems.push(`${table.name}: unique key (${key.join(', ')}) does not start with tenant_id`);
      }
    }
  }
  return problems;
}

function columnsOf(table: TableInfo | undefined) {
  return table?.columns.map((c) => `${c.name} ${c.type}${c.notNull ? ' not null' : ''}`);
}

describe('schema rules (SQLite)', () => {
  let sqlite: Database;
  let schema: SchemaInfo;
  beforeAll(async () => {
    sqlite = await createTestDatabase({ kind: 'sqlite' });
    schema = await describeSchema(sqlite);
  });
  afterAll(async () => {
    await sqlite.close();
  });

  it('every tenant-owned table has tenant_id NOT NULL leading each unique key', () => {
    expect(Object.keys(schema).length).toBeGreaterThan(30);
    expect(tenancyViolations(schema)).toEqual([]);
  });

  it('the exception lists name real tables', () => {
    for (const name of [...Object.keys(PLATFORM_TABLES_WITH_TENANT), ...TABLES_WITHOUT_TENANT]) {
      expect(schema[name], name).toBeDefined();
    }
  });

  it('the rule check catches violations', () => {
    const bad: SchemaInfo = {
      widgets: {
        name: 'widgets',
        columns: [
          { name: 'id', type: 'text', notNull: true },
          { name: 'tenant_id', type: 'text', notNull: false },
          { name: 'code', type: 'text', notNull: true },
        ],
        primaryKey: ['id'],
        uniqueKeys: [['code'], ['id']],
        indexes: {},
      },
      gadgets: {
        name: 'gadgets',
        columns: [{ name: 'id', type: 'text', notNull: true }],
        primaryKey: ['id'],
        uniqueKeys: [['id']],
        indexes: {},
      },
    };
    expect(tenancyViolations(bad)).toEqual([
      'widgets: tenant_id is nullable',
      'widgets: unique key (code) does not start with tenant_id',
      'gadgets: has no tenant_id and is not a listed platform table',
    ]);
  });
});

const { pgAvailable, adminUrl } = testDbContext();
if (!pgAvailable) {
  process.stderr.write(`schema parity SKIPPED: PostgreSQL is not available at ${redactUrl(adminUrl)}\n`);
}

describe.skipIf(!pgAvailable)('schema parity SQLite ↔ PostgreSQL', () => {
  let sqlite: Database;
  let postgres: Database;
  let lite: SchemaInfo;
  let pg: SchemaInfo;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([
      createTestDatabase({ kind: 'sqlite' }),
      createTestDatabase({ kind: 'postgres' }),
    ]);
    [lite, pg] = await Promise.all([describeSchema(sqlite), describeSchema(postgres)]);
  });
  afterAll(async () => {
    await Promise.all([sqlite.close(), postgres.close()]);
  });

  it('has the same tables', () => {
    expect(Object.keys(pg)).toEqual(Object.keys(lite));
  });

  it('has the same columns, types and nullability', () => {
    for (const name of Object.keys(lite)) {
      expect(columnsOf(pg[name]), name).toEqual(columnsOf(lite[name]));
    }
  });

  it('has the same primary and unique keys', () => {
    for (const name of Object.keys(lite)) {
      expect({ pk: pg[name]?.primaryKey, unique: pg[name]?.uniqueKeys }, name).toEqual({
        pk: lite[name]?.primaryKey,
        unique: lite[name]?.uniqueKeys,
      });
    }
  });

  it('has the same (non-unique) indexes', () => {
    for (const name of Object.keys(lite)) {
      expect(pg[name]?.indexes, name).toEqual(lite[name]?.indexes);
    }
  });

  it('the tenancy rule holds on PostgreSQL too', () => {
    expect(tenancyViolations(pg)).toEqual([]);
  });
});
