/**
 * The whole application on a test database, driven with `app.inject()` and a manual clock.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config/env';
import type { Database } from '../db/database';
import { ManualClock } from '../lib/clock';
import { createTestDatabase } from './db';
import { createFactories, type Factories } from './factories';

/** Monday 5 January 2026, 09:00 in Jakarta (02:00 UTC): inside the demo opening hours. */
export const TEST_NOW = Date.UTC(2026, 0, 5, 2, 0, 0);

export interface TestAppOptions {
  /** Use this database (the caller closes it); by default a fresh one is created and closed. */
  database?: Database;
  /** Extra environment for loadConfig (NODE_ENV is always `test`). */
  env?: Record<string, string>;
  /** Start instant of the manual clock. */
  now?: number;
  /** Sees every route as it is registered. */
  onRoute?: (route: RouteOptions) => void;
  /** Run the background timers (default off: tests run them by hand against the manual clock). */
  timers?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** Factories bound to this app's database and clock. */
  f: Factories;
  close(): Promise<void>;
}

/** Where tests keep uploaded files: a folder of this test process under the system temp dir. */
const TEST_DATA_DIR = path.join(os.tmpdir(), `antrean-test-${process.pid}`);

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    ANTREAN_SEED: 'none',
    LOG_LEVEL: 'silent',
    DATA_DIR: TEST_DATA_DIR,
    ...env,
    NODE_ENV: 'test',
  });
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const clock = new ManualClock(options.now ?? TEST_NOW);
  const config = testConfig(options.env);
  let app: FastifyInstance;
  try {
    app = await buildApp(
      { config, database, clock },
      { timers: options.timers ?? false, ...(options.onRoute ? { onRoute: options.onRoute } : {}) },
    );
    await app.ready();
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  return {
    app,
    database,
    clock,
    config,
    f: createFactories(database, clock, config.dataDir),
    close: async () => {
      try {
        await app.close();
      } finally {
        if (ownsDatabase) await database.close();
      }
    },
  };
}
