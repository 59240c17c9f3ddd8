#!/usr/bin/env node
// `npm test`: every test tier, in order, with one summary line at the end:
//
//   N passed, N failed[, N skipped]
//
// Tiers: typecheck, lint (ESLint, then knip for unused files and exports) and format (Prettier)
// as one check each, shared unit tests, server tests on SQLite, server tests on PostgreSQL, web
// component tests, e2e in Chromium. Counts come from the runners' JSON reports in
// .test-reports/. A tier whose runner crashes or finds no tests counts as failed.
//
// Two tiers run with a machine time zone other than UTC, so that a test reading the machine's
// clock or zone instead of an injected one fails here and not only on someone's laptop: shared
// unit tests with TZ=America/Los_Angeles (behind UTC), web component tests with TZ=Asia/Jayapura
// (ahead of the branches' Asia/Jakarta). `scripts/test-at.mjs` also fakes the date and hour.
//
// `--only=key,key` runs a subset (keys: typecheck, lint, format, shared, server-sqlite,
// server-postgres, web, e2e); the summary line stays the same.
//
// PostgreSQL (127.0.0.1:5432, or ANTREAN_TEST_PG_URL) and Chromium (/usr/bin/chromium) are
// detected. When one is missing the tier is skipped with a loud warning, except with CI=true:
// there both are required and a missing one fails its tier.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = path.join(root, '.test-reports');
const isCI = process.env.CI === 'true';
const PG_URL = process.env.ANTREAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = '/usr/bin/chromium';
const TIER_TIMEOUT_MS = 15 * 60_000;
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** @typedef {{ passed: number, failed: number, skipped: number, note?: string }} Counts */

// ── process helpers ─────────────────────────────────────────────────────────────────────────

let current; // the running child, so Ctrl+C can stop its whole process group
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current?.pid) killGroup(current.pid, signal);
    console.error(`\ntest-all: ${signal}, stopping.`);
    process.exit(130);
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Runs a command with inherited output; resolves with its exit code (or -1 on timeout/spawn error). */
function run(command, args, { cwd = root, env = {}, timeoutMs = TIER_TIMEOUT_MS } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true, // own process group, so a timeout or Ctrl+C stops grandchildren too
    });
    current = child;
    const timer = setTimeout(() => {
      console.error(
        `\ntest-all: ${path.basename(command)} ${args.join(' ')} timed out after ${timeoutMs / 1000} s`,
      );
      killGroup(child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      console.error(`test-all: could not start ${command}: ${error.message}`);
      resolve(-1);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      resolve(code ?? (signal ? -1 : 0));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// ── detection ───────────────────────────────────────────────────────────────────────────────

/** Connects with the server's own `pg` package and runs `select 1`. */
async function detectPostgres() {
  let pg;
  try {
    pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  } catch (error) {
    return { ok: false, reason: `the pg package is not installed (${error.message})` };
  }
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined); // a dropped connection is reported by connect()/query()
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error.message || error.code || String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function loudWarning(lines) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width + 2);
  console.error(`\n${bar}\n${lines.map((l) => `! ${l.padEnd(width - 2)} !`).join('\n')}\n${bar}\n`);
}

// ── tier runners ────────────────────────────────────────────────────────────────────────────

/** A command that passes or fails as a whole (typecheck, lint): one check. */
async function commandCheck(args) {
  const code = await run('npm', args);
  return code === 0
    ? { passed: 1, failed: 0, skipped: 0 }
    : { passed: 0, failed: 1, skipped: 0, note: `exit code ${code}` };
}

/** `vitest run` in a workspace, counted from its JSON report. */
async function vitest(tier, cwd, env = {}) {
  const outputFile = path.join(reportsDir, `${tier}.json`);
  const code = await run(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`],
    { cwd: path.join(root, cwd), env },
  );
  return countVitest(readJson(outputFile), code);
}

/** @returns {Counts} */
function countVitest(report, code) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: `no report (runner exit code ${code})` };
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const notes = [];
  // A file that fails to load (syntax/import error, failing hook) has no failed test in it.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  if (brokenFiles > 0) {
    failed += brokenFiles;
    notes.push(`${brokenFiles} test file(s) failed outside a test`);
  }
  if ((report.numTotalTests ?? 0) === 0) {
    failed += 1;
    notes.push('no tests found');
  }
  if (code !== 0 && failed === 0) {
    failed = 1; // e.g. unhandled errors: vitest fails the run while every test passed
    notes.push(`runner exit code ${code}`);
  }
  return { passed, failed, skipped, ...(notes.length ? { note: notes.join('; ') } : {}) };
}

/** Builds web + server, then runs Playwright; counted from its JSON report. */
async function playwright() {
  const buildCode = await run('npm', ['run', 'build']);
  if (buildCode !== 0) {
    return { passed: 0, failed: 1, skipped: 0, note: `npm run build failed (exit code ${buildCode})` };
  }
  const outputFile = path.join(reportsDir, 'e2e.json');
  const code = await run(bin('playwright'), ['test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  return countPlaywright(readJson(outputFile), code);
}

/** @returns {Counts} */
function countPlaywright(report, code) {
  if (!report?.stats) {
    return { passed: 0, failed: 1, skipped: 0, note: `no report (runner exit code ${code})` };
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  let failed = unexpected;
  const notes = [];
  if (flaky > 0) notes.push(`${flaky} flaky (passed on retry)`);
  const globalErrors = (report.errors ?? []).length;
  if (globalErrors > 0 && failed === 0) {
    failed = 1;
    notes.push(`${globalErrors} error(s) outside tests: ${report.errors[0]?.message?.split('\n')[0] ?? ''}`);
  }
  if (expected + unexpected + flaky + skipped === 0) {
    failed = Math.max(failed, 1);
    notes.push('no tests found');
  }
  if (code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`runner exit code ${code}`);
  }
  return { passed: expected + flaky, failed, skipped, ...(notes.length ? { note: notes.join('; ') } : {}) };
}

// ── main ────────────────────────────────────────────────────────────────────────────────────

/** The tier keys given with `--only=a,b` (or `--only a,b`), or undefined for every tier. */
function onlyTiers(argv) {
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index === -1) return undefined;
  const value = argv[index].startsWith('--only=') ? argv[index].slice('--only='.length) : argv[index + 1];
  return new Set(
    (value ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
  );
}

async function main() {
  const only = onlyTiers(process.argv.slice(2));
  fs.rmSync(reportsDir, { recursive: true, force: true });
  fs.mkdirSync(reportsDir, { recursive: true });

  const wanted = (key) => !only || only.has(key);
  // ANTREAN_TEST_TZ (set by scripts/test-at.mjs) puts these tiers in the same zone as the rest.
  const sharedTz = process.env.ANTREAN_TEST_TZ ?? 'America/Los_Angeles';
  const webTz = process.env.ANTREAN_TEST_TZ ?? 'Asia/Jayapura';
  const postgres = wanted('server-postgres') ? await detectPostgres() : { ok: false, reason: 'not run' };
  const chromium = fs.existsSync(CHROMIUM);

  /** @type {{ key: string, name: string, requires?: { what: string, ok: boolean, reason?: string, hint: string }, run: () => Promise<Counts> }[]} */
  const tiers = [
    { key: 'typecheck', name: 'typecheck', run: () => commandCheck(['run', 'typecheck']) },
    { key: 'lint', name: 'lint', run: () => commandCheck(['run', 'lint']) },
    { key: 'format', name: 'format', run: () => commandCheck(['run', 'format:check']) },
    {
      key: 'shared',
      name: `shared unit (TZ=${sharedTz})`,
      run: () => vitest('shared', 'packages/shared', { TZ: sharedTz }),
    },
    {
      key: 'server-sqlite',
      name: 'server on SQLite',
      run: () => vitest('server-sqlite', 'apps/server', { ANTREAN_TEST_DB: 'sqlite' }),
    },
    {
      key: 'server-postgres',
      name: 'server on PostgreSQL',
      requires: {
        what: `PostgreSQL at ${PG_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`,
        ok: postgres.ok,
        reason: postgres.reason,
        hint: 'Start it (pg_ctlcluster 15 main start) or set ANTREAN_TEST_PG_URL; `bash .ci/run` does this.',
      },
      run: () =>
        vitest('server-postgres', 'apps/server', {
          ANTREAN_TEST_DB: 'postgres',
          ANTREAN_TEST_PG_URL: PG_URL,
        }),
    },
    {
      key: 'web',
      name: `web components (TZ=${webTz})`,
      run: () => vitest('web', 'apps/web', { TZ: webTz }),
    },
    {
      key: 'e2e',
      name: 'e2e (Chromium)',
      requires: {
        what: `Chromium at ${CHROMIUM}`,
        ok: chromium,
        reason: 'not installed',
        hint: "Install Debian's package: apt-get install -y chromium (Playwright never downloads a browser).",
      },
      run: playwright,
    },
  ];

  const totals = { passed: 0, failed: 0, skipped: 0 };
  const results = [];
  const started = Date.now();

  const unknown = only ? [...only].filter((key) => !tiers.some((tier) => tier.key === key)) : [];
  if (unknown.length > 0) {
    console.error(
      `test-all: unknown tier(s) ${unknown.join(', ')}; known: ${tiers.map((t) => t.key).join(', ')}`,
    );
    process.exitCode = 2;
    return;
  }

  for (const tier of tiers.filter((t) => wanted(t.key))) {
    const t0 = Date.now();
    console.log(`\n━━━ ${tier.name} ${'━'.repeat(Math.max(0, 70 - tier.name.length))}`);
    /** @type {Counts} */
    let counts;
    if (tier.requires && !tier.requires.ok) {
      const { what, reason, hint } = tier.requires;
      if (isCI) {
        loudWarning([
          `CI=true: ${what} is required, but it is unavailable (${reason}).`,
          `The "${tier.name}" tier FAILS.`,
          hint,
        ]);
        counts = { passed: 0, failed: 1, skipped: 0, note: `${what} unavailable (required with CI=true)` };
      } else {
        loudWarning([
          `${what} is unavailable (${reason}).`,
          `SKIPPING the "${tier.name}" tier: these tests did NOT run.`,
          hint,
          'With CI=true this tier is required and fails instead.',
        ]);
        counts = { passed: 0, failed: 0, skipped: 1, note: 'tier skipped' };
      }
    } else {
      try {
        counts = await tier.run();
      } catch (error) {
        counts = { passed: 0, failed: 1, skipped: 0, note: `runner crashed: ${error?.message ?? error}` };
      }
    }
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    const line = `${tier.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds} s)${counts.note ? ` — ${counts.note}` : ''}`;
    results.push({ line, failed: counts.failed > 0 });
    console.log(`\n${counts.failed > 0 ? '✗' : '✓'} ${line}`);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }

  console.log(`\n━━━ summary (${((Date.now() - started) / 1000).toFixed(0)} s) ${'━'.repeat(52)}`);
  for (const r of results) console.log(`${r.failed ? '✗' : '✓'} ${r.line}`);
  const skippedPart = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
  console.log(`${totals.passed} passed, ${totals.failed} failed${skippedPart}`);
  process.exitCode = totals.failed > 0 ? 1 : 0;
}

await main();
