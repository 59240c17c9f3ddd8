import type { ControlledTransaction, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';

export interface TxContext {
  /** Runs after the transaction committed (never when it rolled back): live events, jobs. */
  afterCommit(callback: () => void): void;
}

export type Work<T> = (trx: Transaction<DB>, tx: TxContext) => Promise<T>;

/** Runs after-commit callbacks; one that throws does not stop the others. */
export function runCallbacks(callbacks: readonly (() => void)[]): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      // The transaction committed: the caller gets its answer even if a publication failed.
      process.emitWarning(
        `after-commit callback failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** Most work items per shared transaction, and how long a batch keeps taking new ones. */
const GROUP_COMMIT_MAX_MEMBERS = 64;
const GROUP_COMMIT_MAX_MS = 25;

interface Member {
  /** Runs the work; its result is kept by the member until `resolve`. */
  run: (trx: Transaction<DB>, tx: TxContext) => Promise<void>;
  /** Settles the caller's promise with the result (after the commit). */
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Done {
  member: Member;
  callbacks: (() => void)[];
}

const committers = new WeakMap<Database, GroupCommitter>();

/** How the SQLite group commit has batched so far (undefined on PostgreSQL or before any work). */
export function groupCommitStats(database: Database): Readonly<GroupCommitter['stats']> | undefined {
  return committers.get(database)?.stats;
}

export function committerFor(database: Database): GroupCommitter {
  let committer = committers.get(database);
  if (!committer) {
    committer = new GroupCommitter(database);
    committers.set(database, committer);
  }
  return committer;
}

/**
 * SQLite group commit. SQLite has one writer and, with `synchronous=FULL`, every commit waits for
 * an fsync of the WAL (~1 ms here) during which the single Node thread can do nothing else. The
 * committer queues transaction work; a batch starts on `setImmediate`, i.e. after the requests
 * whose bytes arrived meanwhile have been parsed and queued their work too, and runs the queued
 * items one after the other inside ONE transaction — each in its own savepoint (the first one
 * directly), released on success and rolled back alone on failure — then commits once, runs the
 * after-commit callbacks in order and settles the promises. Nothing is acknowledged before the
 * commit that makes it durable; if the commit fails, every member of the batch fails and nothing
 * of it happened.
 */
class GroupCommitter {
  private readonly queue: Member[] = [];
  private scheduled = false;
  /** Committed batches and the work items they carried (tests, benchmarks). */
  readonly stats = { batches: 0, committed: 0, failed: 0 };

  constructor(private readonly database: Database) {}

  submit<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let result: { value: T } | undefined;
      this.queue.push({
        run: async (trx, tx) => {
          result = { value: await work(trx, tx) };
        },
        resolve: () => {
          if (result) resolve(result.value);
          else reject(new Error('group commit: settled before the work ran'));
        },
        reject,
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch();
    } finally {
      this.scheduled = false;
      // Work queued while the last batch committed (its callbacks may queue more).
      if (this.queue.length > 0) this.schedule();
    }
  }

  private async runBatch(): Promise<void> {
    let trx: ControlledTransaction<DB>;
    try {
      trx = await this.database.db.startTransaction().execute();
    } catch (error) {
      for (const member of this.queue.splice(0)) member.reject(error);
      return;
    }
    const done: Done[] = [];
    const started = performance.now();
    try {
      while (
        this.queue.length > 0 &&
        done.length < GROUP_COMMIT_MAX_MEMBERS &&
        (done.length === 0 || performance.now() - started < GROUP_COMMIT_MAX_MS)
      ) {
        const member = this.queue.shift();
        if (!member) break;
        const callbacks: (() => void)[] = [];
        const context: TxContext = { afterCommit: (cb) => callbacks.push(cb) };
        if (done.length === 0) {
          // Alone so far: no savepoint needed, a failure rolls back the whole (empty) batch.
          try {
            await member.run(trx, context);
            done.push({ member, callbacks });
          } catch (error) {
            this.stats.failed += 1;
            member.reject(error);
            await trx.rollback().execute();
            return;
          }
        } else {
          const savepoint = await trx.savepoint('member').execute();
          try {
            await member.run(savepoint, context);
            await savepoint.releaseSavepoint('member').execute();
            done.push({ member, callbacks });
          } catch (error) {
            this.stats.failed += 1;
            member.reject(error);
            await savepoint.rollbackToSavepoint('member').execute();
            await savepoint.releaseSavepoint('member').execute();
          }
        }
      }
      await trx.commit().execute();
      this.stats.batches += 1;
      this.stats.committed += done.length;
    } catch (error) {
      // The commit failed, or a savepoint could not be rolled back: nothing of this batch counts.
      try {
        await trx.rollback().execute();
      } catch {
        // already rolled back by SQLite
      }
      this.stats.failed += done.length;
      for (const item of done) item.member.reject(error);
      return;
    }
    for (const item of done) runCallbacks(item.callbacks);
    for (const item of done) item.member.resolve();
  }
}
