/**
 * Probe: how the issuance transaction's cost grows with the history of a (branch, service) —
 * finished tickets of earlier days, and today's waiting queue. The estimate query
 * (recentServiceSeconds: status='finished' … order by finished_at desc limit 20, no day bound)
 * and the people-ahead count (every waiting ticket of the service) read more rows as these grow.
 *
 *   node --import tsx bench/lib/history-probe.ts [dataDir]
 *
 * Prints, per history size, the median CPU µs of the handler's transaction (prepared statements,
 * synchronous=OFF so only the statements' own work counts) and the query plans.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId, randomCode } from '@antrean/shared/common/ids';
import { createSqliteDatabase, migrateToLatest } from '../../apps/server/src/db/database';
import { seedDemo } from '../../apps/server/src/db/seed/demo';
import { setupBench } from './setup';
import { captureIssuance } from './capture';
import { freshCtx, loadTargets, runTxSync } from './issue-tx';

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  return v[Math.floor(v.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const dir = process.argv[2] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'antrean-bench-history-'));
  const database = createSqliteDatabase(path.join(dir, 'antrean.sqlite'));
  const sqlite = database.sqlite;
  if (!sqlite) throw new Error('no sqlite');
  await migrateToLatest(database);
  const now = Date.now();
  await seedDemo(database, now);
  const setup = await setupBench(database, { branches: 1, counters: 2, waiting: 0, now });
  const [target] = await loadTargets(database, 'spread', setup);
  if (!target) throw new Error('no target');
  const captured = await captureIssuance(database, target, 2);
  const last = captured[captured.length - 1];
  if (!last) throw new Error('no capture');
  const b = last.queries.findIndex((q) => q.sql === 'begin');
  const sql = last.queries.slice(b, last.queries.findIndex((q) => q.sql === 'commit') + 1).map((q) => q.sql);
  const statements = sql.map((s) => sqlite.prepare(s));
  sqlite.pragma('synchronous = OFF');

  const insert = sqlite.prepare(
    `insert into tickets (id, tenant_id, branch_id, service_id, sequence_service_id, service_day, seq, number, unique_code, channel, status,
       issued_at, checked_in_at, queued_at, finished_at, service_seconds, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'kiosk', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const addHistory = sqlite.transaction(
    (count: number, status: 'finished' | 'waiting', dayOffset: number) => {
      for (let i = 0; i < count; i++) {
        const at = now - dayOffset * 86_400_000 - i * 1000;
        const day = new Date(at).toISOString().slice(0, 10);
        insert.run(
          newId(at),
          target.tenantId,
          target.branchId,
          target.serviceId,
          target.serviceId,
          `H${dayOffset}-${day}`,
          i + 1,
          `A${i + 1}`,
          randomCode(22),
          status,
          at,
          at,
          at,
          status === 'finished' ? at + 300_000 : null,
          status === 'finished' ? 300 : null,
          at,
          at,
        );
      }
    },
  );

  const measure = (label: string) => {
    const cpu: number[] = [];
    for (let k = 0; k < 300; k++) {
      const c0 = process.cpuUsage();
      runTxSync(
        sqlite,
        (i) => statements[i] ?? sqlite.prepare('select 1'),
        freshCtx(target, `probe-${label}-${k}-${Math.random()}`, Date.now()),
      );
      const c = process.cpuUsage(c0);
      cpu.push(c.user + c.system);
    }
    return median(cpu);
  };

  const rows: { history: string; cpuUsPerTx: number }[] = [];
  rows.push({ history: 'empty', cpuUsPerTx: measure('empty') });
  let finished = 0;
  for (const target_ of [10_000, 100_000]) {
    addHistory(target_ - finished, 'finished', 1 + Math.floor(finished / 1000));
    finished = target_;
    rows.push({
      history: `${finished} finished tickets of earlier days`,
      cpuUsPerTx: measure(`f${finished}`),
    });
  }
  const plans = sql
    .filter((s) => s.startsWith('select'))
    .map((s) => ({
      sql: s.slice(0, 90),
      plan: sqlite
        .prepare(`explain query plan ${s}`)
        .all(Array.from({ length: (s.match(/\?/g) ?? []).length }, () => 'x'))
        .map((r: unknown) => (typeof r === 'object' && r !== null ? String(Reflect.get(r, 'detail')) : ''))
        .join(' | '),
    }));
  console.log(JSON.stringify({ rows, plans }, null, 2));
  await database.close();
  if (!process.argv[2]) fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
