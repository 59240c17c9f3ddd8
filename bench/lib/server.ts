/**
 * The server under test, in its own process (the load generators run in others):
 *
 *   node --import tsx bench/lib/server.ts        (options as JSON in env BENCH_SERVER_OPTS)
 *
 * Same as apps/server/src/main.ts, i.e. loadConfig → createSqliteDatabase (WAL +
 * synchronous=FULL) / createPostgresDatabase (pool 10, DATABASE_POOL_SIZE) → migrateToLatest → seedDemo →
 * buildApp → listen, plus the bench branches of setup.ts, with these differences:
 * NODE_ENV=production (logger on at LOG_LEVEL=warn, JSON to stdout, no pino-pretty), the queue
 * timers are off (no announce/auto-serve events interfering), TRUST_PROXY=true so the load
 * generator can present many kiosk addresses through X-Forwarded-For (the issuance route is rate
 * limited to 120/min per address). Reports { type: 'ready', port, pid, setup } over IPC.
 */
import { loadConfig } from '../../apps/server/src/config/env';
import { openDatabase } from '../../apps/server/src/db/open';
import { seedDemo } from '../../apps/server/src/db/seed/demo';
import { systemClock } from '../../apps/server/src/lib/clock';
import { buildApp } from '../../apps/server/src/app';
import { setupBench } from './setup';
import { withStatementCache } from './stmt-cache';

interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  branches: number;
  counters: number;
  waiting: number;
  /** Bench experiment: Kysely over a statement-caching better-sqlite3 handle (stmt-cache.ts). */
  stmtCache: boolean;
}

function readOptions(): ServerOptions {
  const raw = process.env.BENCH_SERVER_OPTS;
  if (!raw) throw new Error('BENCH_SERVER_OPTS is not set');
  const parsed: unknown = JSON.parse(raw);
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('dataDir' in parsed) ||
    typeof parsed.dataDir !== 'string'
  ) {
    throw new Error('BENCH_SERVER_OPTS needs dataDir');
  }
  const num = (key: string, fallback: number): number => {
    const value: unknown = key in parsed ? Reflect.get(parsed, key) : undefined;
    return typeof value === 'number' ? value : fallback;
  };
  const url: unknown = 'databaseUrl' in parsed ? parsed.databaseUrl : undefined;
  return {
    dataDir: parsed.dataDir,
    ...(typeof url === 'string' ? { databaseUrl: url } : {}),
    branches: num('branches', 0),
    counters: num('counters', 1),
    waiting: num('waiting', 0),
    stmtCache: Reflect.get(parsed, 'stmtCache') === true,
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    // Thousands of simulated displays come from this one address.
    LIVE_MAX_SOCKETS_PER_ADDRESS: '0',
    HTTP_MAX_REQUESTS_PER_ADDRESS: '0',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const database = await openDatabase(config);
  const now = systemClock.now();
  await seedDemo(database, now);
  const setup = await setupBench(database, {
    branches: options.branches,
    counters: options.counters,
    waiting: options.waiting,
    now,
  });
  const served = options.stmtCache ? withStatementCache(database) : database;
  const app = await buildApp(
    { config, database: served, clock: systemClock },
    { logger: true, timers: false },
  );
  const shutdown = async () => {
    await app.close();
    await served.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  process.on('disconnect', () => void shutdown());
  await app.listen({ host: config.host, port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port, pid: process.pid, setup });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
