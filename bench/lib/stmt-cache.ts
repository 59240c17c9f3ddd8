/**
 * Bench-only experiment, NOT product code: Kysely's SqliteDialect calls better-sqlite3
 * `prepare(sql)` for every query it runs (no statement cache). Handing the dialect a database
 * whose prepare() memoises statements by SQL text shows what a statement cache would buy without
 * touching the server: `withStatementCache(database)` returns the same Database with such a
 * Kysely. (Statements are reused synchronously only, which better-sqlite3 allows.)
 */
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database } from '../../apps/server/src/db/database';
import type { DB } from '../../apps/server/src/db/schema';

function cachingSqlite(sqlite: SqliteDatabase, maxEntries = 1000): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      sqlite.close();
    },
    prepare: (sql) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= maxEntries) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

export function withStatementCache(database: Database): Database {
  if (database.kind !== 'sqlite' || !database.sqlite) return database;
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingSqlite(database.sqlite) }) });
  return { ...database, db, close: () => db.destroy() };
}
