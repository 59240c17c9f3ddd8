/**
 * The raw same-transaction ceiling of ticket issuance (and in-process service loops), in its own
 * process, driven window by window over IPC so the driver can interleave it with the HTTP runs:
 *
 *   node --import tsx bench/lib/raw-issue.ts        (options as JSON in env BENCH_RAW_OPTS)
 *
 * 1. Opens a fresh database exactly as the server does (createSqliteDatabase: WAL +
 *    synchronous=FULL + foreign_keys + busy_timeout; or createPostgresDatabase: pg pool of 10),
 *    migrates, seeds the demo and the same bench branches as the HTTP run.
 * 2. Captures the SQL of the real handler (capture.ts) and checks that the statement list of
 *    issue-tx.ts produces the SAME statement texts with the SAME parameters for the captured
 *    request: the run stops if the handler's SQL has drifted.
 * 3. Sends { type: 'prepared', modes }, then answers { type: 'window', id, mode, seconds } with
 *    { type: 'window-done', id, mode, count, seconds, cpuMs, latencyMs } (the mode's closed loop
 *    run for that long), and { type: 'finish' } with { type: 'result', … } before exiting.
 *    Without IPC it runs every mode for warmup + duration seconds and prints the result.
 *
 * Modes: `prepared`  — SQLite: better-sqlite3 statements prepared once, synchronous loop;
 *                      PostgreSQL: `pg` parameterised queries (as Kysely sends them), 50 async
 *                      workers on the pool of 10.
 *        `prepare-each` — SQLite: same loop, but `db.prepare(sql)` for every statement of every
 *                      transaction (what Kysely's SqliteConnection does).
 *        `service`  — the real ticket service `issue()` (Kysely, validation of actor, live publish
 *                      to a hub without subscribers) in-process, 50 async callers, no HTTP.
 *        `service+auth` — as `service` plus the kiosk lookup the auth hook does per request.
 *        `service+auth+cache` — as `service+auth` with Kysely over a statement-caching handle
 *                      (stmt-cache.ts; SQLite only): what a statement cache would buy.
 */
import type { PoolClient } from 'pg';
import {
  createPostgresDatabase,
  createSqliteDatabase,
  migrateToLatest,
  type Database,
} from '../../apps/server/src/db/database';
import { seedDemo } from '../../apps/server/src/db/seed/demo';
import { systemClock } from '../../apps/server/src/lib/clock';
import { loadConfig } from '../../apps/server/src/config/env';
import { createTicketService } from '../../apps/server/src/modules/tickets/ticket.service';
import { serviceDeps } from '../../apps/server/src/lib/deps';
import { findDeviceByCode } from '../../apps/server/src/modules/devices/device-auth.repository';
import { LiveHub } from '../../apps/server/src/live/hub';
import { createLocalBus } from '../../apps/server/src/live/bus';
import { setupBench } from './setup';
import { withStatementCache } from './stmt-cache';
import {
  STEPS,
  freshCtx,
  loadTargets,
  num,
  runTxSync,
  verifyAgainstCapture,
  type Row,
  type Target,
} from './issue-tx';

type Mode =
  'prepared' | 'prepared-grouped' | 'prepare-each' | 'service' | 'service+auth' | 'service+auth+cache';
const SQLITE_MODES: readonly Mode[] = [
  'prepared',
  'prepared-grouped',
  'prepare-each',
  'service',
  'service+auth',
  'service+auth+cache',
];
const PG_MODES: readonly Mode[] = ['prepared', 'service', 'service+auth'];

interface RawOptions {
  db: 'sqlite' | 'postgres';
  file?: string;
  databaseUrl?: string;
  variant: 'hot' | 'spread';
  branches: number;
  warmupSeconds: number;
  durationSeconds: number;
  concurrency: number;
}

interface WindowResult {
  count: number;
  seconds: number;
  cpuMs: number;
  latencyMs: { p50: number; p99: number; max: number };
}

type Runner = (seconds: number) => Promise<WindowResult>;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function windowResult(latencies: number[], seconds: number, cpu: NodeJS.CpuUsage): WindowResult {
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    seconds,
    cpuMs: (cpu.user + cpu.system) / 1000,
    latencyMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? 0,
    },
  };
}

/**
 * `workers` async callers of `once` for `seconds`. The clock is checked in the loop (a
 * synchronous database resolves every await at once, so timers would starve); transactions
 * still running at the end are waited for but not counted.
 */
function asyncRunner(once: () => Promise<void>, workers: number): Runner {
  return async (seconds) => {
    const latencies: number[] = [];
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    const end = start + seconds * 1000;
    let n = 0;
    const worker = async () => {
      for (;;) {
        const t0 = performance.now();
        if (t0 >= end) return;
        await once();
        const t1 = performance.now();
        if (t1 <= end) latencies.push(t1 - t0);
        // Let I/O and timers in now and then.
        if (++n % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    return windowResult(latencies, seconds, process.cpuUsage(cpu0));
  };
}

/** A synchronous loop (better-sqlite3) that checks the clock itself. */
/** `once` runs one transaction and returns how many tickets it issued. */
function syncRunner(once: () => number): Runner {
  return (seconds) => {
    const latencies: number[] = [];
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    const end = start + seconds * 1000;
    let t = start;
    while (t < end) {
      const tickets = once();
      const t1 = performance.now();
      for (let i = 0; i < tickets; i++) latencies.push(t1 - t);
      t = t1;
    }
    return Promise.resolve(windowResult(latencies, (t - start) / 1000, process.cpuUsage(cpu0)));
  };
}

function readOptions(): RawOptions {
  const raw = process.env.BENCH_RAW_OPTS;
  if (!raw) throw new Error('BENCH_RAW_OPTS is not set');
  const o: unknown = JSON.parse(raw);
  if (typeof o !== 'object' || o === null) throw new Error('bad BENCH_RAW_OPTS');
  const get = (k: string): unknown => Reflect.get(o, k);
  const file = get('file');
  const url = get('databaseUrl');
  return {
    db: get('db') === 'postgres' ? 'postgres' : 'sqlite',
    ...(typeof file === 'string' ? { file } : {}),
    ...(typeof url === 'string' ? { databaseUrl: url } : {}),
    variant: get('variant') === 'hot' ? 'hot' : 'spread',
    branches: num(get('branches') ?? 400),
    warmupSeconds: num(get('warmupSeconds') ?? 3),
    durationSeconds: num(get('durationSeconds') ?? 10),
    concurrency: num(get('concurrency') ?? 50),
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  let database: Database;
  if (options.db === 'sqlite') {
    if (!options.file) throw new Error('file is required for sqlite');
    database = createSqliteDatabase(options.file);
  } else {
    if (!options.databaseUrl) throw new Error('databaseUrl is required for postgres');
    database = createPostgresDatabase(options.databaseUrl);
  }
  await migrateToLatest(database);
  const now = systemClock.now();
  await seedDemo(database, now);
  const setup = await setupBench(database, { branches: options.branches, counters: 1, waiting: 0, now });
  const targets = await loadTargets(database, options.variant, setup);
  const first = targets[0];
  if (!first) throw new Error('no targets');
  const verified = await verifyAgainstCapture(database, first);

  // Every transaction of every mode gets the next target and a fresh Idempotency-Key.
  const runId = `${process.pid}-${Date.now()}`;
  let seqNo = 0;
  const next = (): { t: Target; key: string } => {
    const i = seqNo++;
    const t = targets[i % targets.length];
    if (!t) throw new Error('unreachable');
    return { t, key: `raw-${runId}-${i}` };
  };

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: '/tmp/antrean-bench-unused',
    LOG_LEVEL: 'warn',
  });
  const serviceRunner = (withAuth: boolean, cached: boolean): Runner => {
    const served = cached ? withStatementCache(database) : database;
    const service = createTicketService(
      serviceDeps({ config, database: served, clock: systemClock }),
      createLocalBus(new LiveHub()),
    );
    return asyncRunner(async () => {
      const { t, key } = next();
      let deviceId = t.kioskId;
      if (withAuth) {
        const device = await findDeviceByCode(served.db, 'kiosk', t.kioskCode);
        if (!device?.isActive) throw new Error('kiosk not found');
        deviceId = device.id;
      }
      await service.issue(
        { kind: 'kiosk', tenantId: t.tenantId, branchId: t.branchId, deviceId, code: t.kioskCode },
        t.branchId,
        { serviceId: t.serviceId, channel: 'kiosk' },
        key,
      );
    }, options.concurrency);
  };

  const runners = new Map<Mode, Runner>();
  runners.set('service', serviceRunner(false, false));
  runners.set('service+auth', serviceRunner(true, false));
  const sqlite = database.sqlite;
  if (options.db === 'sqlite' && sqlite) {
    runners.set('service+auth+cache', serviceRunner(true, true));
    const prepared = verified.sql.map((sql) => sqlite.prepare(sql));
    const once = (prepareEach: boolean) => () => {
      const { t, key } = next();
      runTxSync(
        sqlite,
        (k) => {
          const s = prepareEach ? sqlite.prepare(verified.sql[k] ?? '') : prepared[k];
          if (!s) throw new Error('unreachable');
          return s;
        },
        freshCtx(t, key, Date.now()),
      );
      return 1;
    };
    // The server's SQLite group commit (apps/server/src/lib/tx.ts) done raw: `concurrency` tickets
    // per transaction, each after the first in its own savepoint, one commit (one fsync) for all.
    const savepoint = sqlite.prepare('savepoint member');
    const release = sqlite.prepare('release member');
    const inner = STEPS.slice(1, -1);
    const grouped = (): number => {
      const begin = prepared[0];
      const commit = prepared[prepared.length - 1];
      if (!begin || !commit) throw new Error('unreachable');
      begin.run();
      try {
        for (let g = 0; g < options.concurrency; g++) {
          const { t, key } = next();
          const c = freshCtx(t, key, Date.now());
          if (g > 0) savepoint.run();
          inner.forEach((step, i) => {
            const s = prepared[i + 1];
            if (!s) throw new Error('unreachable');
            const params = step.params(c);
            if (s.reader) {
              step.after?.(
                c,
                s.all(params).filter((r): r is Row => typeof r === 'object' && r !== null),
              );
            } else {
              s.run(params);
            }
          });
          if (g > 0) release.run();
        }
        commit.run();
      } catch (error) {
        if (sqlite.inTransaction) sqlite.prepare('rollback').run();
        throw error;
      }
      return options.concurrency;
    };
    runners.set('prepared', syncRunner(once(false)));
    runners.set('prepared-grouped', syncRunner(grouped));
    runners.set('prepare-each', syncRunner(once(true)));
  } else {
    const pool = database.pool;
    if (!pool) throw new Error('no pg pool');
    runners.set(
      'prepared',
      asyncRunner(async () => {
        const { t, key } = next();
        const c = freshCtx(t, key, Date.now());
        const client: PoolClient = await pool.connect();
        try {
          for (const [k, step] of STEPS.entries()) {
            const res = await client.query<Row>(verified.sql[k] ?? '', step.params(c));
            step.after?.(c, res.rows);
          }
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }, options.concurrency),
    );
  }
  const modes = (options.db === 'sqlite' ? SQLITE_MODES : PG_MODES).filter((m) => runners.has(m));

  const finish = async () => {
    const tickets = await database.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await database.close();
    return {
      type: 'result',
      db: options.db,
      variant: options.variant,
      modes,
      ticketsInDb: tickets.n,
      transactions: seqNo,
      statementsInTransaction: verified.sql.length,
      statementsPerRequest: verified.statementsPerRequest,
      authQueries: verified.authQueries.map((q) => q.sql),
      transactionSql: verified.sql,
    };
  };

  const send = process.send?.bind(process);
  if (!send) {
    // Stand-alone: every mode, warm-up then measured, one after the other.
    const results: Record<string, WindowResult & { txPerSecond: number }> = {};
    for (const mode of modes) {
      const run = runners.get(mode);
      if (!run) continue;
      await run(options.warmupSeconds);
      const r = await run(options.durationSeconds);
      results[mode] = { ...r, txPerSecond: r.count / r.seconds };
    }
    console.log(JSON.stringify({ ...(await finish()), results }, null, 2));
    return;
  }

  // Driven: one window at a time, in the order the driver asks.
  let queue = Promise.resolve();
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  process.on('message', (m: unknown) => {
    if (typeof m !== 'object' || m === null) return;
    const type: unknown = Reflect.get(m, 'type');
    if (type === 'window') {
      const id: unknown = Reflect.get(m, 'id');
      const mode: unknown = Reflect.get(m, 'mode');
      const seconds = num(Reflect.get(m, 'seconds'));
      const run = modes.find((x) => x === mode);
      queue = queue.then(async () => {
        const runner = run ? runners.get(run) : undefined;
        if (!runner) throw new Error(`unknown mode ${String(mode)}`);
        send({ type: 'window-done', id, mode, ...(await runner(seconds)) });
      });
    } else if (type === 'finish') {
      queue = queue.then(async () => {
        send(await finish());
        done();
      });
    }
  });
  send({ type: 'prepared', modes });
  await finished;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
