// Shared helpers for the benchmark drivers: child processes (server under test, raw ceilings,
// client shards), /proc readings, PostgreSQL scratch databases, statistics, machine info.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(BENCH_DIR, '..');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

// ── arguments ────────────────────────────────────────────────────────────────────────────────

/** `--name value` / `--flag` → { name: 'value', flag: true } */
export function parseArgs(argv = process.argv.slice(2)) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) out[name] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) out[name] = argv[++i];
    else out[name] = true;
  }
  return out;
}

export const list = (value, fallback) =>
  value === undefined || value === true
    ? fallback
    : String(value)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

// ── cleanup on Ctrl+C / SIGTERM ─────────────────────────────────────────────────────────────

const cleanups = new Set();

/** Registers work to undo if the driver is interrupted (stop our children, drop our databases). */
function onCleanup(fn) {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

let cleanupInstalled = false;
export function installSignalCleanup() {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      console.error(`\n${signal}: cleaning up`);
      for (const fn of [...cleanups].reverse()) {
        try {
          await fn();
        } catch {
          // best effort
        }
      }
      process.exit(130);
    });
  }
}

// ── processes ────────────────────────────────────────────────────────────────────────────────

/** Starts a TS entry with the tsx loader and an IPC channel; `env` is merged into process.env. */
export function spawnTs(script, env = {}, { logFile, nodeArgs = [] } = {}) {
  const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out, 'ipc'],
  });
  if (typeof out === 'number') child.once('exit', () => fs.closeSync(out));
  const forget = onCleanup(() => stopChild(child, 'SIGTERM', 3000));
  child.once('exit', forget);
  return child;
}

/** Resolves with the first IPC message of `type`; rejects if the child exits first. */
export function waitForMessage(child, type, timeoutMs = 300_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${type}`)), timeoutMs);
    const onMessage = (message) => {
      if (message?.type !== type) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code, signal) => {
      cleanup();
      reject(new Error(`child exited (${code ?? signal}) before sending ${type}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Stops a child we started (by its pid) and waits for it to exit. */
function stopChild(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * The server under test (bench/lib/server.ts) in its own process.
 * options: { dataDir, databaseUrl?, branches, counters, waiting, logFile?, nodeArgs? }
 */
export async function startServer(options) {
  const { logFile, nodeArgs, ...serverOptions } = options;
  const child = spawnTs(
    path.join(BENCH_DIR, 'lib/server.ts'),
    { BENCH_SERVER_OPTS: JSON.stringify(serverOptions) },
    { logFile, nodeArgs },
  );
  const ready = await waitForMessage(child, 'ready');
  return {
    child,
    pid: ready.pid,
    port: ready.port,
    url: `http://127.0.0.1:${ready.port}`,
    setup: ready.setup,
    stop: () => stopChild(child),
  };
}

// ── /proc ────────────────────────────────────────────────────────────────────────────────────

/** VmRSS and VmHWM (peak) of a process, in MB. */
export function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: kb('VmRSS') / 1024, peakRssMB: kb('VmHWM') / 1024 };
}

const CLK_TCK = 100; // getconf CLK_TCK on Linux x86-64

/** User + system CPU time of a process so far, in ms. */
export function cpuMsOf(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/** Sum of user + system CPU (ms) of every process whose name is `comm` (e.g. the PostgreSQL backends). */
export function cpuMsOfComm(comm) {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== comm) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Machine-wide CPU counters (/proc/stat, all cores). */
export function machineCpu() {
  const [, ...nums] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const v = nums.map(Number);
  return { idle: v[3] + v[4], total: v.slice(0, 8).reduce((a, b) => a + b, 0), at: performance.now() };
}

/** Cores busy on average between two machineCpu() snapshots (0 … number of cores). */
export function coresBusy(a, b) {
  const busyFraction = 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
  return busyFraction * os.cpus().length;
}

/** Busy fraction of all CPUs over `ms`: how loaded the machine is. */
export async function machineBusy(ms = 1000) {
  const a = machineCpu();
  await sleep(ms);
  return coresBusy(a, machineCpu()) / os.cpus().length;
}

/**
 * Waits (up to maxWaitS) until the machine has been quiet — at most `maxBusyCores` cores busy —
 * for two consecutive seconds, so runs land in the quieter moments of a shared machine. Returns
 * what it saw; the run goes ahead either way. BENCH_GATE=0 turns it off.
 */
export async function waitForQuiet({ maxBusyCores = 0.5, maxWaitS = 120 } = {}) {
  if (process.env.BENCH_GATE === '0') return { gated: false };
  const started = performance.now();
  let quietSeconds = 0;
  let last = NaN;
  while ((performance.now() - started) / 1000 < maxWaitS) {
    const a = machineCpu();
    await sleep(1000);
    last = coresBusy(a, machineCpu());
    quietSeconds = last <= maxBusyCores ? quietSeconds + 1 : 0;
    if (quietSeconds >= 2) {
      return {
        gated: true,
        quiet: true,
        waitedS: Math.round((performance.now() - started) / 1000),
        busyCores: last,
      };
    }
  }
  return {
    gated: true,
    quiet: false,
    waitedS: Math.round((performance.now() - started) / 1000),
    busyCores: last,
  };
}

/** Top CPU users other than us (ps), to note the concurrent load in the results. */
export async function otherLoad() {
  const { execFileSync } = await import('node:child_process');
  try {
    const out = execFileSync('ps', ['-eo', 'pid,pcpu,comm,args', '--sort=-pcpu'], { encoding: 'utf8' });
    return out
      .split('\n')
      .slice(1, 8)
      .map((l) => l.trim().slice(0, 140))
      .filter(Boolean);
  } catch {
    return [];
  }
}

// ── machine ──────────────────────────────────────────────────────────────────────────────────

export function machineInfo() {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? 'unknown';
  return {
    date: new Date().toISOString(),
    cpuModel: model,
    cores: os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    kernel: os.release(),
    loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

// ── scratch space ────────────────────────────────────────────────────────────────────────────

export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `antrean-bench-${prefix}-`));
  if (!prefix.startsWith('cpuprof')) onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates a throwaway database antrean_bench_<random>; returns its URL and a drop(). */
export async function createPgDatabase() {
  const { default: pg } = await import('pg');
  const name = `antrean_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    forget();
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
  const forget = onCleanup(drop);
  return { name, url: url.toString(), drop };
}

export async function pgQuery(url, sql, params = []) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

export async function sqliteQuery(file, sql, params = []) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(params);
  } finally {
    db.close();
  }
}

// ── statistics ───────────────────────────────────────────────────────────────────────────────

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Nearest-rank percentile of an unsorted array. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))];
}

export const round = (x, digits = 1) =>
  Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : x;

/** Writes bench/results/<name>.json, formatted like the repo's other files (prettier). */
export async function writeResult(name, data) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  let text = `${JSON.stringify(data, null, 2)}\n`;
  try {
    const { default: prettier } = await import('prettier');
    text = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  } catch {
    // prettier is a dev tool of the repo; plain JSON is fine without it
  }
  fs.writeFileSync(file, text);
  return file;
}
