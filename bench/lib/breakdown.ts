/**
 * Where an issuance's time goes (SQLite), measured so that a busy shared machine hurts it little:
 * one process, one request at a time, CPU time (process.cpuUsage) per operation, the layers run
 * in interleaved blocks (A B C … A B C …) so background load hits them alike; medians of blocks.
 *
 *   node --import tsx bench/lib/breakdown.ts     (options as JSON in env BENCH_BREAKDOWN_OPTS)
 *
 * Layers, each including the previous one's work:
 *   sql            the handler's 13 statements, better-sqlite3 statements prepared once
 *   sql+prepare    the same, prepare() per statement per transaction (as Kysely's driver does)
 *   service        ticket service issue() through Kysely (no HTTP)
 *   service+auth   + the kiosk lookup of the auth hook (2 more queries)
 *   service+auth, statement cache (experiment)   the same through a statement-caching handle
 *                  (stmt-cache.ts): what caching prepared statements would save
 *   http(inject)   the whole Fastify pipeline via app.inject (routing, hooks, helmet, rate limit,
 *                  zod validation + response serialisation, logger, error envelope; no socket)
 * first with synchronous=OFF (pure CPU, no fsync), then `sql` and `http(inject)` with
 * synchronous=FULL, whose difference to OFF is the commit's fsync.
 */
import path from 'node:path';
import { createSqliteDatabase, migrateToLatest } from '../../apps/server/src/db/database';
import { seedDemo } from '../../apps/server/src/db/seed/demo';
import { systemClock } from '../../apps/server/src/lib/clock';
import { loadConfig } from '../../apps/server/src/config/env';
import { buildApp } from '../../apps/server/src/app';
import { createTicketService } from '../../apps/server/src/modules/tickets/ticket.service';
import { serviceDeps } from '../../apps/server/src/lib/deps';
import { findDeviceByCode } from '../../apps/server/src/modules/devices/device-auth.repository';
import { LiveHub } from '../../apps/server/src/live/hub';
import { createLocalBus } from '../../apps/server/src/live/bus';
import { setupBench } from './setup';
import { freshCtx, loadTargets, runTxSync, verifyAgainstCapture, type Target } from './issue-tx';
import { withStatementCache } from './stmt-cache';

interface Options {
  dataDir: string;
  branches: number;
  blocks: number;
  opsPerBlock: number;
}

function readOptions(): Options {
  const o: unknown = JSON.parse(process.env.BENCH_BREAKDOWN_OPTS ?? '{}');
  const get = (k: string, fallback: number): number => {
    const v: unknown = typeof o === 'object' && o !== null ? Reflect.get(o, k) : undefined;
    return typeof v === 'number' ? v : fallback;
  };
  const dir: unknown = typeof o === 'object' && o !== null ? Reflect.get(o, 'dataDir') : undefined;
  if (typeof dir !== 'string') throw new Error('BENCH_BREAKDOWN_OPTS needs dataDir');
  return {
    dataDir: dir,
    branches: get('branches', 400),
    blocks: get('blocks', 5),
    opsPerBlock: get('opsPerBlock', 300),
  };
}

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? (v[mid] ?? 0) : ((v[mid - 1] ?? 0) + (v[mid] ?? 0)) / 2;
}

async function main(): Promise<void> {
  const options = readOptions();
  const database = createSqliteDatabase(path.join(options.dataDir, 'antrean.sqlite'));
  const sqlite = database.sqlite;
  if (!sqlite) throw new Error('no sqlite handle');
  await migrateToLatest(database);
  const now = systemClock.now();
  await seedDemo(database, now);
  const setup = await setupBench(database, { branches: options.branches, counters: 1, waiting: 0, now });
  const targets = await loadTargets(database, 'spread', setup);
  const first = targets[0];
  if (!first) throw new Error('no targets');
  const verified = await verifyAgainstCapture(database, first);
  const prepared = verified.sql.map((sql) => sqlite.prepare(sql));

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
  });
  const service = createTicketService(
    serviceDeps({ config, database, clock: systemClock }),
    createLocalBus(new LiveHub()),
  );
  const cached = withStatementCache(database);
  const cachedService = createTicketService(
    serviceDeps({ config, database: cached, clock: systemClock }),
    createLocalBus(new LiveHub()),
  );
  const app = await buildApp({ config, database, clock: systemClock }, { logger: true, timers: false });

  let n = 0;
  const next = (): { t: Target; key: string; i: number } => {
    const i = n++;
    const t = targets[i % targets.length];
    if (!t) throw new Error('unreachable');
    return { t, key: `breakdown-${process.pid}-${i}`, i };
  };
  const actor = (t: Target) => ({
    kind: 'kiosk' as const,
    tenantId: t.tenantId,
    branchId: t.branchId,
    deviceId: t.kioskId,
    code: t.kioskCode,
  });

  const layers: { name: string; sync: 'OFF' | 'FULL'; op: () => Promise<void> | void }[] = [
    {
      name: 'sql',
      sync: 'OFF',
      op: () => {
        const { t, key } = next();
        runTxSync(sqlite, (k) => prepared[k] ?? sqlite.prepare('select 1'), freshCtx(t, key, Date.now()));
      },
    },
    {
      name: 'sql+prepare',
      sync: 'OFF',
      op: () => {
        const { t, key } = next();
        runTxSync(sqlite, (k) => sqlite.prepare(verified.sql[k] ?? 'select 1'), freshCtx(t, key, Date.now()));
      },
    },
    {
      name: 'service',
      sync: 'OFF',
      op: async () => {
        const { t, key } = next();
        await service.issue(actor(t), t.branchId, { serviceId: t.serviceId, channel: 'kiosk' }, key);
      },
    },
    {
      name: 'service+auth',
      sync: 'OFF',
      op: async () => {
        const { t, key } = next();
        const device = await findDeviceByCode(database.db, 'kiosk', t.kioskCode);
        if (!device) throw new Error('no kiosk');
        await service.issue(actor(t), t.branchId, { serviceId: t.serviceId, channel: 'kiosk' }, key);
      },
    },
    {
      name: 'service+auth, statement cache (experiment)',
      sync: 'OFF',
      op: async () => {
        const { t, key } = next();
        const device = await findDeviceByCode(cached.db, 'kiosk', t.kioskCode);
        if (!device) throw new Error('no kiosk');
        await cachedService.issue(actor(t), t.branchId, { serviceId: t.serviceId, channel: 'kiosk' }, key);
      },
    },
    {
      name: 'http(inject)',
      sync: 'OFF',
      op: async () => {
        const { t, key, i } = next();
        const a = i % 4096;
        const res = await app.inject({
          method: 'POST',
          url: `/api/v1/branches/${t.branchId}/tickets`,
          headers: {
            'content-type': 'application/json',
            'x-kiosk-code': t.kioskCode,
            'idempotency-key': key,
            'x-forwarded-for': `10.9.${a >> 8}.${a & 255}`,
          },
          payload: JSON.stringify({ serviceId: t.serviceId, channel: 'kiosk' }),
        });
        if (res.statusCode !== 201) throw new Error(`inject answered ${res.statusCode} ${res.body}`);
      },
    },
  ];
  const fullLayers = layers
    .filter((l) => l.name === 'sql' || l.name === 'http(inject)')
    .map((l) => ({ ...l, sync: 'FULL' as const }));
  const all = [...layers, ...fullLayers];
  const label = (l: { name: string; sync: string }) => `${l.name} [synchronous=${l.sync}]`;
  const cpu: Record<string, number[]> = {};
  const wall: Record<string, number[]> = {};

  // One warm-up block (JIT), then the measured blocks.
  for (let block = 0; block <= options.blocks; block++) {
    for (const layer of all) {
      sqlite.pragma(`synchronous = ${layer.sync}`);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let k = 0; k < options.opsPerBlock; k++) await layer.op();
      const c = process.cpuUsage(c0);
      const w = performance.now() - t0;
      if (block === 0) continue;
      (cpu[label(layer)] ??= []).push(((c.user + c.system) / options.opsPerBlock) | 0);
      (wall[label(layer)] ??= []).push(((w * 1000) / options.opsPerBlock) | 0);
    }
  }
  sqlite.pragma('synchronous = FULL');
  await app.close();
  await database.close();

  const rows = all.map((l) => ({
    layer: label(l),
    cpuUsPerOp: median(cpu[label(l)] ?? []),
    wallUsPerOp: median(wall[label(l)] ?? []),
    cpuBlocks: cpu[label(l)] ?? [],
  }));
  const report = {
    type: 'result',
    blocks: options.blocks,
    opsPerBlock: options.opsPerBlock,
    statementsPerRequest: verified.statementsPerRequest,
    rows,
  };
  if (process.send) process.send(report);
  else console.log(JSON.stringify(report, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
