/**
 * The long-read path keeps the live path free: while a deliberately slow report-like read runs
 * through `uow.longRead` (a worker thread's own connection on a SQLite file, the pool on
 * PostgreSQL), a ticket is issued and called over HTTP, and both answers come back before the
 * slow read ends.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeWithDb } from '../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  issueOk,
  ticketApi,
  type EngineApp,
  type QueueScenario,
} from '../test/engine-helpers';
import type { Database } from '../db/database';
import { unitOfWork, type Db } from './uow';

/** About a second of work on either database, and a value to prove it really ran. */
async function slowRead(db: Db, kind: Database['kind']): Promise<number> {
  if (kind === 'postgres') {
    const result = await sql<{ n: number }>`select 1 as n from pg_sleep(1.0)`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  }
  const result = await sql<{ n: number }>`
    with recursive c(x) as (select 1 union all select x + 1 from c where x < 5000000)
    select count(*) as n from c`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

describeWithDb('long reads and the live path', () => {
  let database: Database;
  let t: EngineApp;
  let s: QueueScenario;

  beforeAll(async () => {
    database = await createTestDatabase({ sqliteFile: true });
    t = await buildEngineApp({ database });
    s = await buildQueueScenario(t, { serviceCodes: ['A'] });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('a ticket is issued and called while a slow long read runs', async () => {
    const uow = unitOfWork(database);
    let readEndedAt = 0;
    const slow = uow
      .longRead((db) => slowRead(db, database.kind))
      .then((n) => {
        readEndedAt = performance.now();
        return n;
      });
    // Let the read get going before the live work starts.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const issued = await issueOk(t.app, s, 0);
    const called = await ticketApi(t.app).callNext(s.counters[0]?.id ?? '', s.cookies.caller);
    const liveDoneAt = performance.now();

    expect(called.statusCode, called.body).toBe(200);
    expect(called.json()).toMatchObject({ id: issued.id, status: 'calling' });
    expect(readEndedAt).toBe(0); // the slow read was still running when the ticket was called
    expect(await slow).toBeGreaterThan(0);
    expect(liveDoneAt).toBeLessThan(readEndedAt);
  });
});
