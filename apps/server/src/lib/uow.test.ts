import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDatabase, type Database } from '../db/database';
import { createTestDatabase } from '../test/db';
import { groupCommitStats } from './group-commit';
import { unitOfWork } from './uow';

/**
 * `unitOfWork().transaction` on both databases, and the SQLite group commit: work queued at the
 * same moment shares one transaction, each item atomic on its own, nothing acknowledged or
 * published before the commit.
 */
describe('unit of work: transactions', () => {
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
        unitOfWork(database).transaction(async (trx, tx) => {
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
        unitOfWork(database).transaction(async (trx) => {
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
          unitOfWork(writer).transaction(async (trx, tx) => {
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
        unitOfWork(database).transaction(async (trx) => {
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
      await unitOfWork(database).transaction(async (trx) => {
        await sql`insert into probe (id, label) values (${100 + i}, ${`d${i}`})`.execute(trx);
      });
    }
    expect((groupCommitStats(database)?.batches ?? 0) - after.batches).toBe(3);
  });
});

/** Fails the test instead of hanging it: the bug this guards against never returned. */
function within<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms),
    ),
  ]);
}

describe('unit of work: nesting and reads inside the work', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
    await sql`create table probe (id integer primary key, label text not null unique)`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
  });

  const insert = (
    db: Parameters<Parameters<ReturnType<typeof unitOfWork>['read']>[0]>[0],
    id: number,
    label: string,
  ) => sql`insert into probe (id, label) values (${id}, ${label})`.execute(db);
  async function labels(): Promise<string[]> {
    const rows = await sql<{ label: string }>`select label from probe order by id`.execute(database.db);
    return rows.rows.map((r) => r.label);
  }

  it('a transaction inside a transaction joins it and returns; both commit together', async () => {
    const uow = unitOfWork(database);
    const result = await within(
      uow.transaction(async (trx) => {
        await insert(trx, 1, 'outer');
        const inner = await uow.transaction(async (inner) => {
          // The inner work sees the outer work's uncommitted row: it is the same transaction.
          const seen = await sql<{ n: number }>`select count(*) as n from probe`.execute(inner);
          await insert(inner, 2, 'inner');
          return Number(seen.rows[0]?.n);
        });
        return inner;
      }),
    );
    expect(result).toBe(1);
    expect(await labels()).toEqual(['outer', 'inner']);
  });

  it('a read through the unit of work inside the work runs in the transaction (no hang)', async () => {
    const uow = unitOfWork(database);
    const seen = await within(
      uow.transaction(async (trx) => {
        await insert(trx, 1, 'a');
        return uow.read(
          async (db) => (await sql<{ label: string }>`select label from probe`.execute(db)).rows,
        );
      }),
    );
    expect(seen).toEqual([{ label: 'a' }]);
  });

  it('an error in an inner call rolls back the inner work only; the outer work goes on', async () => {
    const uow = unitOfWork(database);
    const published: string[] = [];
    await within(
      uow.transaction(async (trx, tx) => {
        await insert(trx, 1, 'kept');
        tx.afterCommit(() => published.push('outer'));
        await expect(
          uow.transaction(async (inner, innerTx) => {
            await insert(inner, 2, 'dropped');
            innerTx.afterCommit(() => published.push('failed inner'));
            throw new Error('inner fails');
          }),
        ).rejects.toThrow('inner fails');
        await uow.transaction(async (inner, innerTx) => {
          await insert(inner, 3, 'also kept');
          innerTx.afterCommit(() => published.push('inner'));
        });
      }),
    );
    expect(await labels()).toEqual(['kept', 'also kept']);
    expect(published).toEqual(['outer', 'inner']);
  });

  it('an inner error the outer work does not catch rolls back everything and publishes nothing', async () => {
    const uow = unitOfWork(database);
    const published: string[] = [];
    await expect(
      within(
        uow.transaction(async (trx) => {
          await insert(trx, 1, 'outer');
          await uow.transaction(async (inner, innerTx) => {
            await insert(inner, 2, 'inner');
            innerTx.afterCommit(() => published.push('inner'));
          });
          throw new Error('outer fails after the inner work succeeded');
        }),
      ),
    ).rejects.toThrow('outer fails');
    expect(await labels()).toEqual([]);
    expect(published).toEqual([]);
  });

  it('inner callbacks run only after the OUTER commit', async () => {
    const uow = unitOfWork(database);
    const events: string[] = [];
    await uow.transaction(async (trx) => {
      await uow.transaction(async (inner, innerTx) => {
        await insert(inner, 1, 'x');
        innerTx.afterCommit(() => events.push('inner published'));
      });
      events.push('inner returned');
      await insert(trx, 2, 'y');
    });
    expect(events).toEqual(['inner returned', 'inner published']);
  });

  it('nested calls started together run one after another (savepoints are a stack)', async () => {
    const uow = unitOfWork(database);
    await within(
      uow.transaction(async () => {
        const results = await Promise.allSettled(
          [1, 2, 3, 4].map((i) =>
            uow.transaction(async (inner) => {
              await insert(inner, i, `n${i}`);
              if (i === 2) throw new Error('two fails');
            }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      }),
    );
    expect(await labels()).toEqual(['n1', 'n3', 'n4']);
  });

  it('a group-commit batch whose members nest: one failing member leaves the others committed', async () => {
    const uow = unitOfWork(database);
    const results = await within(
      Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          uow.transaction(async (trx) => {
            await insert(trx, i * 10 + 1, `m${i}`);
            await uow.transaction(async (inner) => insert(inner, i * 10 + 2, `m${i}-inner`));
            if (i === 5) throw new Error('member five fails');
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const expected = Array.from({ length: 12 }, (_, i) => i)
      .filter((i) => i !== 5)
      .flatMap((i) => [`m${i}`, `m${i}-inner`]);
    expect(await labels()).toEqual(expected);
  });

  it('work left running after the transaction ended falls back to the main handle', async () => {
    const uow = unitOfWork(database);
    let later: Promise<unknown> = Promise.resolve();
    await uow.transaction(async (trx) => {
      await insert(trx, 1, 'a');
      later = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        // The transaction has committed by now: this must not use its finished handle.
        return uow.transaction(async (db) => insert(db, 2, 'b'));
      })();
    });
    await within(later);
    expect(await labels()).toEqual(['a', 'b']);
  });
});

describe('unit of work: long reads', () => {
  it('SQLite file: a slow long read runs off the main thread while writes commit', async () => {
    const database = await createTestDatabase({ sqliteFile: true });
    try {
      const uow = unitOfWork(database);
      await sql`create table probe (id integer primary key, label text not null)`.execute(database.db);
      let slowDone = 0;
      const slow = uow
        .longRead((db) => slowQuery(db, database.kind))
        .then((value) => {
          slowDone = performance.now();
          return value;
        });
      // Give the read time to start, then write and read on the main handle meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const wrote = await uow.transaction(async (trx) => {
        await sql`insert into probe (id, label) values (1, 'during')`.execute(trx);
        return performance.now();
      });
      expect(await labels(database)).toEqual(['during']);
      expect(slowDone).toBe(0); // the write did not wait for the read
      expect(await slow).toBeGreaterThan(0);
      expect(wrote).toBeLessThan(slowDone);
    } finally {
      await database.close();
    }
  });

  it('streams rows a chunk at a time and can stop early', async () => {
    const database = await createTestDatabase({ sqliteFile: true });
    try {
      await sql`create table probe (id integer primary key, label text not null)`.execute(database.db);
      await sql`insert into probe (id, label) select value, 'r' || value from generate_series(1, 2500)`
        .execute(database.db)
        .catch(async () => {
          // SQLite without generate_series: a recursive CTE.
          await sql`with recursive s(v) as (select 1 union all select v + 1 from s where v < 2500)
            insert into probe (id, label) select v, 'r' || v from s`.execute(database.db);
        });
      const uow = unitOfWork(database);
      const ids = await uow.longRead(async (db) => {
        const seen: number[] = [];
        for await (const row of db
          .selectFrom('probe' as never)
          .select(sql<number>`id`.as('id'))
          .orderBy(sql`id`)
          .stream(100)) {
          seen.push(row.id);
        }
        return seen;
      });
      expect(ids).toHaveLength(2500);
      expect(ids[2499]).toBe(2500);
      const firstFew = await uow.longRead(async (db) => {
        const seen: number[] = [];
        for await (const row of db
          .selectFrom('probe' as never)
          .select(sql<number>`id`.as('id'))
          .orderBy(sql`id`)
          .stream(10)) {
          seen.push(row.id);
          if (seen.length === 15) break;
        }
        return seen;
      });
      expect(firstFew).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      // The connection is usable after the early stop.
      const count = await uow.longRead(
        async (db) => (await sql<{ n: number }>`select count(*) as n from probe`.execute(db)).rows[0]?.n,
      );
      expect(Number(count)).toBe(2500);
      // The read path is read-only.
      await expect(
        uow.longRead((db) => sql`insert into probe (id, label) values (9999, 'x')`.execute(db)),
      ).rejects.toThrow(/readonly|read-only/i);
    } finally {
      await database.close();
    }
  });
});

/** A deliberately slow read (~0.3–1 s): a recursive count on SQLite, pg_sleep on PostgreSQL. */
async function slowQuery(
  db: Parameters<Parameters<ReturnType<typeof unitOfWork>['longRead']>[0]>[0],
  kind: string,
): Promise<number> {
  if (kind === 'postgres') {
    await sql`select pg_sleep(0.6)`.execute(db);
    return 1;
  }
  const result = await sql<{
    n: number;
  }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 4000000) select count(*) as n from c`.execute(
    db,
  );
  return Number(result.rows[0]?.n);
}

async function labels(database: Database): Promise<string[]> {
  const rows = await sql<{ label: string }>`select label from probe order by id`.execute(database.db);
  return rows.rows.map((r) => r.label);
}

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
