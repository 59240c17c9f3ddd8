import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import Cursor from 'pg-cursor';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type { DB } from './schema';
import { migrationProvider } from './migrations/index';
import { readPoolDialect } from './read-pool';

export type DbKind = 'sqlite' | 'postgres';

/** The database handle every service receives: Kysely plus what the hot paths need raw. */
export interface Database {
  kind: DbKind;
  db: Kysely<DB>;
  /** The raw better-sqlite3 handle (SQLite mode only) for prepared-statement hot paths. */
  sqlite: SqliteDatabase.Database | undefined;
  /** The pg pool (PostgreSQL mode only), e.g. for LISTEN/NOTIFY. */
  pool: pg.Pool | undefined;
  /**
   * The long-read path (reports, exports, backups, history): on a SQLite file, worker threads with
   * read-only connections of their own (db/read-pool.ts), so a slow read never blocks the event
   * loop; on PostgreSQL the pool itself; on an in-memory SQLite database (tests) the main handle,
   * since no other connection can see it.
   */
  reader: Kysely<DB>;
  close(): Promise<void>;
}

// bigint (int8) and numeric come back from pg as strings; our bigints are epoch ms and counts.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export const MIN_SQLITE_VERSION = '3.51.3';

/**
 * Opens SQLite with the durability settings tickets need: WAL, synchronous=FULL (an
 * acknowledged ticket survives a power cut), foreign keys and a busy timeout.
 */
function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const version = String(sqlite.prepare('select sqlite_version()').pluck().get());
  if (compareVersions(version, MIN_SQLITE_VERSION) < 0) {
    sqlite.close();
    throw new Error(
      `SQLite ${version} is older than ${MIN_SQLITE_VERSION} (WAL-reset bug); upgrade better-sqlite3`,
    );
  }
  return sqlite;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query it runs; better-sqlite3 then
 * compiles the SQL again and finalises the statement later (≈ 20 % of the server's main thread
 * when issuing tickets, bench/RESULTS.md F2). This hands Kysely a database whose `prepare()`
 * reuses statements by SQL text (least recently used out first, since `in (?, ?, …)` lists make
 * the SQL vary). Safe because a statement is only ever run synchronously to completion: Kysely
 * uses `all`/`run`, and nothing here streams with `iterate`.
 */
function statementCachingSqlite(sqlite: SqliteDatabase.Database, maxEntries = 500): KyselySqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sqlText) => {
      let statement = cache.get(sqlText);
      if (statement) {
        // Most recently used last: Map keeps insertion order.
        cache.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= maxEntries) {
          const oldest = cache.keys().next();
          if (oldest.done !== true) cache.delete(oldest.value);
        }
      }
      cache.set(sqlText, statement);
      return statement;
    },
  };
}

export interface SqliteOptions {
  /** Worker threads for long reads (each one a read connection). */
  readWorkers?: number;
  /** A long read still running after this many ms is abandoned. */
  readTimeoutMs?: number;
}

export function createSqliteDatabase(file: string, options: SqliteOptions = {}): Database {
  const sqlite = openSqlite(file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statementCachingSqlite(sqlite) }) });
  const reader =
    file === ':memory:'
      ? db
      : new Kysely<DB>({
          dialect: readPoolDialect({
            file,
            size: options.readWorkers ?? 1,
            timeoutMs: options.readTimeoutMs ?? 120_000,
          }),
        });
  return {
    kind: 'sqlite',
    db,
    sqlite,
    pool: undefined,
    reader,
    close: async () => {
      if (reader !== db) await reader.destroy();
      await db.destroy();
    },
  };
}

export function createPostgresDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (e.g. PostgreSQL restarting) must not crash the process; the pool
  // discards that client and the next query opens a fresh one.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL pool: ${error.message}`);
  });
  // The cursor lets long reads (exports, backups) stream rows instead of loading them all.
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  return {
    kind: 'postgres',
    db,
    sqlite: undefined,
    pool,
    reader: db,
    close: async () => {
      await db.destroy();
      // Kysely ends the pool only if it ran a query itself; the live bus may have used it alone.
      if (!pool.ending && !pool.ended) await pool.end();
    },
  };
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  // Parallel areas add migrations of the same date (`20261125_<area>_<n>`): one that lands later
  // may sort before one already run, and must still run (decision 68).
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
