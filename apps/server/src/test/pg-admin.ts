/**
 * Administrative PostgreSQL statements for the test tier (create/drop databases). The server
 * under test never sees the admin URL: it gets a URL to its own throwaway database.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

const DEFAULT_PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Every database a test run creates starts with this, followed by the run id. */
export const TEST_DB_PREFIX = 'antrean_t_';

export function pgAdminUrl(): string {
  const url = process.env.ANTREAN_TEST_PG_URL;
  return url !== undefined && url !== '' ? url : DEFAULT_PG_ADMIN_URL;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** The admin URL pointed at another database on the same server. */
export function pgUrlFor(database: string, adminUrl = pgAdminUrl()): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function randomSuffix(bytes = 6): string {
  return randomBytes(bytes).toString('hex');
}

function readOr(read: () => string): string {
  try {
    return read();
  } catch {
    return '';
  }
}

/**
 * This machine's process space, as 6 hex characters (host name, kernel boot and PID namespace):
 * within one tag a process id means the same process, so a dead pid means a dead run.
 */
export function hostTag(): string {
  const identity = [
    os.hostname(),
    readOr(() => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
    readOr(() => fs.readlinkSync('/proc/self/ns/pid')),
  ].join('|');
  return createHash('sha256').update(identity).digest('hex').slice(0, 6);
}

/** `<host>_<pid>_<random>`: unique per run, and says which process on which host owns it. */
export function newRunId(): string {
  return `${hostTag()}_${process.pid}_${randomSuffix()}`;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

function assertSafeName(name: string): void {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`unsafe database name ${name}`);
}

export async function withAdminClient<T>(
  fn: (client: pg.Client) => Promise<T>,
  adminUrl = pgAdminUrl(),
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Does the admin URL answer? (A short timeout: a missing server must not stall the run.) */
export async function probePostgres(
  adminUrl = pgAdminUrl(),
): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    await withAdminClient((client) => client.query('select 1'), adminUrl);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** PostgreSQL's object_in_use: a database still has connections (or is being cloned). */
const isInUse = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '55006';

export async function createDatabase(name: string, template?: string): Promise<void> {
  assertSafeName(name);
  if (template) assertSafeName(template);
  await withAdminClient(async (client) => {
    // Several workers may clone the template at once; PostgreSQL can refuse a clone while
    // another clone briefly holds the template ("being accessed by other users"): retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
        return;
      } catch (error) {
        if (!isInUse(error) || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 25));
      }
    }
  });
}

/**
 * Drops a test database once its connections are gone. A pg pool's end() resolves before its
 * sockets have closed; forcing the drop right away would kill those backends and surface a
 * FATAL 57P01 as an uncaught error in the test process. So: wait for them, force only as a
 * last resort.
 */
export async function dropDatabase(name: string, waitMs = 5000): Promise<void> {
  assertSafeName(name);
  await withAdminClient(async (client) => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        await client.query(`drop database if exists "${name}"`);
        return;
      } catch (error) {
        if (!isInUse(error)) throw error;
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    await client.query(`drop database if exists "${name}" with (force)`);
  });
}

/** Drops every database of one test run (its template and anything a crashed worker left). */
export async function dropRunDatabases(runId: string): Promise<string[]> {
  assertSafeName(runId);
  return withAdminClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${TEST_DB_PREFIX}${runId}_`.replaceAll('_', '\\_') + '%'],
    );
    for (const { datname } of rows) {
      assertSafeName(datname);
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
    return rows.map((r) => r.datname);
  });
}

/**
 * Drops databases left by runs on this host whose process is gone (a run killed before its
 * teardown). Runs on other hosts sharing the server are never touched.
 */
export async function dropStaleRunDatabases(): Promise<string[]> {
  const prefix = `${TEST_DB_PREFIX}${hostTag()}_`;
  return withAdminClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${prefix.replaceAll('_', '\\_')}%`],
    );
    const dropped: string[] = [];
    for (const { datname } of rows) {
      const pid = Number(/^(\d+)_/.exec(datname.slice(prefix.length))?.[1]);
      if (!Number.isInteger(pid) || isProcessAlive(pid)) continue;
      assertSafeName(datname);
      await client.query(`drop database if exists "${datname}" with (force)`);
      dropped.push(datname);
    }
    return dropped;
  });
}
