/**
 * Vitest global setup (runs once, in the main process, before any test file).
 *
 * - Probes PostgreSQL (`ANTREAN_TEST_PG_URL`). The schema-parity test needs it in every mode;
 *   `ANTREAN_TEST_DB=postgres` runs the whole DB tier on it.
 * - In postgres mode it creates one migrated template database for this run; every
 *   `createTestDatabase()` clones it (CREATE DATABASE … TEMPLATE), which is far faster than
 *   migrating per test file. The teardown drops the template and anything else of this run;
 *   databases of runs on this host that were killed before their teardown are dropped at start.
 * - PostgreSQL missing: with CI=true the run fails here; otherwise a loud warning is printed and
 *   the suites that need it are skipped (they show up as skipped, never as passed).
 */
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase, migrateToLatest } from '../db/database';
import {
  TEST_DB_PREFIX,
  createDatabase,
  dropRunDatabases,
  dropStaleRunDatabases,
  newRunId,
  pgAdminUrl,
  pgUrlFor,
  probePostgres,
  redactUrl,
} from './pg-admin';
import { testDbKindFromEnv, type TestDbContext } from './context';

function warn(lines: string[]): void {
  const bar = '!'.repeat(78);
  process.stderr.write(`\n${bar}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${bar}\n\n`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = testDbKindFromEnv();
  const adminUrl = pgAdminUrl();
  const runId = newRunId();
  const ci = process.env.CI === 'true';
  const probe = await probePostgres(adminUrl);

  const context: TestDbContext = { kind, adminUrl, runId, pgAvailable: probe.ok, template: null };

  if (!probe.ok) {
    const problem = `PostgreSQL does not answer at ${redactUrl(adminUrl)}: ${probe.reason}`;
    const fix = 'Start PostgreSQL or point ANTREAN_TEST_PG_URL at an admin URL.';
    if (ci) throw new Error(`${problem}\nCI=true: the PostgreSQL tests must run. ${fix}`);
    warn([
      problem,
      kind === 'postgres'
        ? 'ANTREAN_TEST_DB=postgres: every database suite is SKIPPED in this run.'
        : 'The SQLite/PostgreSQL schema-parity test is SKIPPED in this run.',
      `${fix} (With CI=true this fails the run.)`,
    ]);
  }

  if (probe.ok) {
    // Leftovers of runs on this machine that were killed before their teardown.
    const stale = await dropStaleRunDatabases().catch(() => []);
    if (stale.length > 0) {
      process.stderr.write(`dropped ${stale.length} database(s) left by killed test runs\n`);
    }
  }

  if (kind === 'postgres' && probe.ok) {
    const template = `${TEST_DB_PREFIX}${runId}_tpl`;
    try {
      await createDatabase(template);
      const database = createPostgresDatabase(pgUrlFor(template, adminUrl), 1);
      try {
        await migrateToLatest(database);
      } finally {
        await database.close();
      }
    } catch (error) {
      await dropRunDatabases(runId);
      throw error;
    }
    context.template = template;
  }

  project.provide('antreanTestDb', context);

  // A run killed before this teardown (Ctrl-C, a timeout) leaves its databases behind; the next
  // run on this host drops them (dropStaleRunDatabases above).
  return async () => {
    if (probe.ok) await dropRunDatabases(runId);
  };
}
