import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';

export interface TxContext {
  /** Runs after the transaction committed (never when it rolled back): live events, jobs. */
  afterCommit(callback: () => void): void;
}

/** One transaction with after-commit callbacks, so nothing is published that did not happen. */
export async function inTransaction<T>(
  database: Database,
  work: (trx: Transaction<DB>, tx: TxContext) => Promise<T>,
): Promise<T> {
  const callbacks: (() => void)[] = [];
  const result = await database.db
    .transaction()
    .execute((trx) => work(trx, { afterCommit: (cb) => callbacks.push(cb) }));
  for (const callback of callbacks) callback();
  return result;
}
