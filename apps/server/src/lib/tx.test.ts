import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDatabase, type Database } from '../db/database';
import { createTestDatabase } from '../test/db';
import { groupCommitStats, inTransaction } from './tx';

/**
 * `inTransaction` on both databases, and the SQLite group commit: work queued at the same moment
 * shares one transaction, each item atomic on its own, nothing acknowledged or published before
 * the commit.
 */
describe('inTransaction', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
    await sql`create table probe (id integer primary key, label text not null unique)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
  });

  async function labels(): Promise<string[]> {
    const rows = await sql<{ label: string }>`select label from probe order by id`.execute(database.db);
    return rows.rows.map((r) => r.label);
  }

  it('commits concurrent work; a failing item is rolled back alone and publishes nothing', async () => {
    const published: string[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        inTransaction(database, async (trx, tx) => {
          await sql`insert into probe (id, label) values (${i + 1}, ${`a${i}`})`.execute(trx);
          await sql`insert into probe (id, label) values (${i + 1001}, ${`b${i}`})`.execute(trx);
          tx.afterCommit(() => published.push(`a${i}`));
          // Every seventh item fails after writing: none of its rows may stay.
          if (i % 7 === 3) throw new Error(`boom ${i}`);
          return i;
        }),
      ),
    );
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
    expect(failed).toEqual([3, 10, 17, 24]);
    for (const [i, r] of results.entries()) {
      if (r.status === 'fulfilled') expect(r.value).toBe(i);
      else expect(String(r.reason)).toContain(`boom ${i}`);
    }
    const ok = Array.from({ length: 30 }, (_, i) => i).filter((i) => !failed.includes(i));
    expect(await labels()).toEqual([...ok.map((i) => `a${i}`), ...ok.map((i) => `b${i}`)]);
    // Concurrent transactions on PostgreSQL commit in any order; SQLite keeps submission order.
    if (database.kind === 'sqlite') expect(published).toEqual(ok.map((i) => `a${i}`));
    else expect([...published].sort()).toEqual(ok.map((i) => `a${i}`).sort());
  });

  it('a constraint error inside an item fails only that item', async () => {
    const results = await Promise.allSettled(
      ['x', 'y', 'x', 'z'].map((label, i) =>
        inTransaction(database, async (trx) => {
          await sql`insert into probe (id, label) values (${i + 1}, ${label})`.execute(trx);
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    // SQLite runs them in submission order (the second 'x' fails); on PostgreSQL either 'x' may win.
    if (database.kind === 'sqlite') {
      expect(statuses).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    } else {
      expect([statuses[0], statuses[2]].sort()).toEqual(['fulfilled', 'rejected']);
    }
    expect((await labels()).sort()).toEqual(['x', 'y', 'z']);
  });

  it('publishes after the commit: a callback sees the committed rows from another connection', async () => {
    if (database.kind !== 'sqlite') return; // the PostgreSQL path is the plain Kysely transaction
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antrean-tx-'));
    const file = path.join(dir, 'tx.sqlite');
    const writer = createSqliteDatabase(file);
    const reader = createSqliteDatabase(file);
    try {
      await sql`create table probe (id integer primary key, label text not null)`.execute(writer.db);
      const seen: number[] = [];
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          inTransaction(writer, async (trx, tx) => {
            await sql`insert into probe (id, label) values (${i + 1}, 'v')`.execute(trx);
            tx.afterCommit(() => {
              const row = reader.sqlite?.prepare('select count(*) as n from probe').get() as { n: number };
              seen.push(row.n);
            });
          }),
        ),
      );
      // Each callback ran after its batch committed: the other connection already saw every row
      // of the batch, never fewer than the callback's own.
      expect(seen).toHaveLength(10);
      for (const [i, n] of seen.entries()) expect(n).toBeGreaterThanOrEqual(i + 1);
    } finally {
      await writer.close();
      await reader.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('SQLite: work queued at the same moment shares one commit', async () => {
    if (database.kind !== 'sqlite') return;
    const before = { batches: 0, committed: 0, failed: 0, ...groupCommitStats(database) };
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        inTransaction(database, async (trx) => {
          await sql`insert into probe (id, label) values (${i + 1}, ${`c${i}`})`.execute(trx);
        }),
      ),
    );
    const after = { batches: 0, committed: 0, failed: 0, ...groupCommitStats(database) };
    expect(after.committed).toBe(before.committed + 40);
    // 40 items queued in one tick: one batch (the cap is 64 items / 25 ms; allow a split).
    expect(after.batches - before.batches).toBeLessThanOrEqual(2);
    // One at a time, each is its own batch.
    for (let i = 0; i < 3; i++) {
      await inTransaction(database, async (trx) => {
        await sql`insert into probe (id, label) values (${100 + i}, ${`d${i}`})`.execute(trx);
      });
    }
    expect((groupCommitStats(database)?.batches ?? 0) - after.batches).toBe(3);
  });
});

describe('SQLite statement cache', () => {
  it('reuses statements by SQL text and still sees schema changes', async () => {
    const database = createSqliteDatabase(':memory:');
    try {
      await sql`create table t (a integer)`.execute(database.db);
      await sql`insert into t (a) values (1)`.execute(database.db);
      const read = () => sql<Record<string, unknown>>`select * from t`.execute(database.db);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      await sql`alter table t add column b text`.execute(database.db);
      // The cached `select *` is re-prepared by SQLite after the schema change.
      expect((await read()).rows).toEqual([{ a: 1, b: null }]);
      for (let i = 0; i < 600; i++) await sql`select ${i} as n`.execute(database.db);
      expect((await sql<{ n: number }>`select 7 as n`.execute(database.db)).rows).toEqual([{ n: 7 }]);
    } finally {
      await database.close();
    }
  });
});
