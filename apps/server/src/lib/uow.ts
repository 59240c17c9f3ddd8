import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, DbKind } from '../db/database';
import type { DB } from '../db/schema';
import { committerFor, runCallbacks, type TxContext, type Work } from './group-commit';

export type { TxContext } from './group-commit';

/** What a repository function takes: the plain handle or a transaction. */
export type Db = Kysely<DB> | Transaction<DB>;

/**
 * The only way services reach the database. It carries the transaction with the call
 * (AsyncLocalStorage), so that whatever runs inside `transaction()` — the work itself, a service
 * function it calls, a read — uses that transaction:
 *
 * - `transaction(work)` inside another one joins it as a savepoint: an error in the inner work
 *   rolls back the inner work only (and reaches the outer work, which may catch it); its
 *   after-commit callbacks run when the OUTER transaction commits. Outside any transaction it
 *   starts one (on SQLite it joins the group commit, lib/group-commit.ts).
 * - `read(work)` inside a transaction reads in it (it sees the transaction's own writes, and on
 *   SQLite it cannot wait for the connection the transaction holds: that would never return);
 *   outside one it reads through the main handle.
 * - `longRead(work)` is the separate read-only path for reports, exports, backups and history:
 *   worker threads on a SQLite file, the pool on PostgreSQL. It never sees uncommitted writes.
 *
 * Services are given a UnitOfWork and never the Database (lint forbids the rest), so they cannot
 * slip out of the transaction they are in.
 */
export interface UnitOfWork {
  readonly kind: DbKind;
  read<T>(work: (db: Db) => Promise<T>): Promise<T>;
  transaction<T>(work: Work<T>): Promise<T>;
  longRead<T>(work: (db: Db) => Promise<T>): Promise<T>;
}

interface Scope {
  database: Database;
  trx: Transaction<DB>;
  tx: TxContext;
  /** False once the work returned: a promise it left running must not use the finished trx. */
  open: boolean;
  /** Names the savepoints of nested work (one counter per top-level transaction). */
  savepoints: { next: number };
  /** Nested transactions of one scope run one after another (savepoints are a stack). */
  queue: Promise<unknown>;
}

const storage = new AsyncLocalStorage<Scope>();

function currentScope(database: Database): Scope | undefined {
  const scope = storage.getStore();
  return scope?.open === true && scope.database === database ? scope : undefined;
}

/** Runs `work` with `scope` as the current transaction, and closes the scope when it is done. */
async function runInScope<T>(scope: Scope, work: Work<T>): Promise<T> {
  try {
    return await storage.run(scope, () => work(scope.trx, scope.tx));
  } finally {
    scope.open = false;
  }
}

async function nested<T>(parent: Scope, work: Work<T>): Promise<T> {
  const run = async (): Promise<T> => {
    const name = `antrean_sp_${parent.savepoints.next++}`;
    const callbacks: (() => void)[] = [];
    const child: Scope = {
      database: parent.database,
      trx: parent.trx,
      tx: { afterCommit: (callback) => callbacks.push(callback) },
      open: true,
      savepoints: parent.savepoints,
      queue: Promise.resolve(),
    };
    await sql`savepoint ${sql.raw(name)}`.execute(parent.trx);
    let result: T;
    try {
      result = await runInScope(child, work);
    } catch (error) {
      await sql`rollback to savepoint ${sql.raw(name)}`.execute(parent.trx);
      await sql`release savepoint ${sql.raw(name)}`.execute(parent.trx);
      throw error;
    }
    await sql`release savepoint ${sql.raw(name)}`.execute(parent.trx);
    // Published only if the enclosing transaction commits.
    for (const callback of callbacks) parent.tx.afterCommit(callback);
    return result;
  };
  const result = parent.queue.then(run, run);
  parent.queue = result.catch(() => undefined);
  return result;
}

function newScope(database: Database, trx: Transaction<DB>, tx: TxContext): Scope {
  return { database, trx, tx, open: true, savepoints: { next: 1 }, queue: Promise.resolve() };
}

async function topLevel<T>(database: Database, work: Work<T>): Promise<T> {
  if (database.kind === 'sqlite') {
    return committerFor(database).submit((trx, tx) => runInScope(newScope(database, trx, tx), work));
  }
  const callbacks: (() => void)[] = [];
  const result = await database.db
    .transaction()
    .execute((trx) =>
      runInScope(newScope(database, trx, { afterCommit: (callback) => callbacks.push(callback) }), work),
    );
  runCallbacks(callbacks);
  return result;
}

const units = new WeakMap<Database, UnitOfWork>();

/** The unit of work of a database (one per database, so they share the SQLite group commit). */
export function unitOfWork(database: Database): UnitOfWork {
  let unit = units.get(database);
  if (!unit) {
    unit = {
      kind: database.kind,
      read: (work) => work(currentScope(database)?.trx ?? database.db),
      transaction: (work) => {
        const scope = currentScope(database);
        return scope ? nested(scope, work) : topLevel(database, work);
      },
      longRead: (work) => {
        // In-memory SQLite (tests) has no second connection: read as `read` does.
        if (database.kind === 'sqlite' && database.reader === database.db) {
          return work(currentScope(database)?.trx ?? database.db);
        }
        // One read-only transaction: every query of the work sees the same snapshot.
        const transaction = database.reader.transaction().setAccessMode('read only');
        return (
          database.kind === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction
        ).execute(work);
      },
    };
    units.set(database, unit);
  }
  return unit;
}
