/**
 * Test databases: `ANTREAN_TEST_DB=sqlite` (default) gives an in-memory SQLite database per call;
 * `ANTREAN_TEST_DB=postgres` gives a fresh PostgreSQL database per call, cloned from the run's
 * migrated template and dropped again by `close()`. Either way the schema is current.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, inject } from 'vitest';
import { createPostgresDatabase, createSqliteDatabase, migrateToLatest, type Database } from '../db/database';
import type { TestDbContext, TestDbKind } from './context';
import { TEST_DB_PREFIX, createDatabase, dropDatabase, pgUrlFor, randomSuffix, redactUrl } from './pg-admin';

export type { TestDbKind } from './context';

export function testDbContext(): TestDbContext {
  return inject('antreanTestDb');
}

/** The database kind this run's DB tier uses. */
export const TEST_DB_KIND: TestDbKind = testDbContext().kind;

/** False only when postgres mode was asked for and PostgreSQL did not answer (outside CI). */
export function isTestDbAvailable(kind: TestDbKind = TEST_DB_KIND): boolean {
  return kind === 'sqlite' || testDbContext().pgAvailable;
}

/** `describe` for suites that need the test database; skipped (visibly) when it is unavailable. */
export const describeWithDb = describe.skipIf(!isTestDbAvailable());

export interface TestDatabaseOptions {
  /** Defaults to the run's kind; the schema-parity test asks for both. */
  kind?: TestDbKind;
  /** SQLite only: a temporary file instead of `:memory:` (WAL, multiple connections). */
  sqliteFile?: boolean;
}

/** A migrated database of its own; `close()` releases it (and drops it on PostgreSQL). */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const kind = options.kind ?? TEST_DB_KIND;
  return kind === 'postgres'
    ? createPostgresTestDatabase()
    : createSqliteTestDatabase(options.sqliteFile ?? false);
}

async function createSqliteTestDatabase(useFile: boolean): Promise<Database> {
  if (!useFile) {
    const database = createSqliteDatabase(':memory:');
    await migrateToLatest(database);
    return database;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antrean-test-'));
  const database = createSqliteDatabase(path.join(dir, 'antrean.sqlite'));
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(database);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...database, close };
}

async function createPostgresTestDatabase(): Promise<Database> {
  const context = testDbContext();
  if (!context.pgAvailable) throw new Error(`PostgreSQL is not available at ${redactUrl(context.adminUrl)}`);
  const name = `${TEST_DB_PREFIX}${context.runId}_${randomSuffix()}`;
  // The template exists in postgres mode; in SQLite mode (schema parity) migrate from scratch.
  await createDatabase(name, context.template ?? undefined);
  // A small pool: the server is shared with other runs and each test file has its own database.
  const database = createPostgresDatabase(pgUrlFor(name, context.adminUrl), 4);
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    try {
      await database.close();
    } finally {
      await dropDatabase(name);
    }
  };
  try {
    if (!context.template) await migrateToLatest(database);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...database, close };
}
