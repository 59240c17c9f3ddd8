#!/usr/bin/env node
// Runs test tiers with the machine's clock and time zone faked, to prove that no test depends on
// the date, the hour or the machine's zone (every such test takes an injected clock and the
// branch's zone). The clock is faked with libfaketime (Debian: `apt-get install -y faketime`),
// which Node, better-sqlite3 and the vitest workers all read through libc; each process starts
// at the given instant and its clock then runs normally. Timers (the monotonic clock) are real.
//
//   node scripts/test-at.mjs saturday-night             one scenario (see SCENARIOS)
//   node scripts/test-at.mjs all                         every scenario, one after the other
//   node scripts/test-at.mjs --at 2026-12-31T23:59:59+07:00 --tz Asia/Jakarta
//   … --only shared,web                                 tiers (default: shared,server-sqlite,web)
//   … --only e2e                                         the e2e tier: servers faked, browsers follow
//                                                        with Playwright's clock (see e2eEnv)
//
// Each run ends with test-all's line `N passed, N failed`; `all` ends with one line per scenario.
// The server-postgres tier can be asked for, but the PostgreSQL server's own clock is not faked.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_TIERS = 'shared,server-sqlite,web';

/** Instants are written with their offset; `tz` is the machine zone the tests run in. */
const SCENARIOS = {
  'saturday-night': {
    at: '2026-11-28T23:30:00+07:00',
    tz: 'Asia/Jakarta',
    what: 'Saturday 23:30 in Jakarta, machine in Jakarta',
  },
  'monday-before-opening': {
    at: '2026-11-30T07:59:00+07:00',
    tz: 'Asia/Jakarta',
    what: 'Monday 07:59 in Jakarta, a minute before office hours open',
  },
  'new-year-eve': {
    at: '2026-12-31T23:59:59+07:00',
    tz: 'Asia/Jakarta',
    what: '31 December 23:59:59 in Jakarta: the year (and every day sequence) rolls over a second later',
  },
  'los-angeles': {
    at: '2026-11-29T16:30:00-08:00',
    tz: 'America/Los_Angeles',
    what: 'machine in Los Angeles on Sunday 16:30, which is already Monday 07:30 in Jakarta',
  },
  jayapura: {
    at: '2026-11-30T06:30:00+09:00',
    tz: 'Asia/Jayapura',
    what: 'machine in Jayapura on Monday 06:30, which is still Monday 04:30 in Jakarta',
  },
};

function fail(message) {
  console.error(`test-at: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { only: DEFAULT_TIERS, runs: [] };
  let at;
  let tz;
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i] ?? fail(`${flag} needs a value`);
    if (flag === '--at') {
      at = value();
    } else if (flag === '--tz') {
      tz = value();
    } else if (flag === '--only') {
      options.only = value();
    } else if (flag === 'all') {
      options.runs.push(...Object.keys(SCENARIOS).map((name) => ({ name, ...SCENARIOS[name] })));
    } else if (flag in SCENARIOS) {
      options.runs.push({ name: flag, ...SCENARIOS[flag] });
    } else {
      fail(`unknown argument ${argv[i]}; scenarios: all, ${Object.keys(SCENARIOS).join(', ')}`);
    }
  }
  if (at || tz) {
    if (!at || !tz) fail('--at and --tz go together');
    options.runs.push({ name: 'custom', at, tz, what: `${at}, machine in ${tz}` });
  }
  if (options.runs.length === 0) {
    fail(`say which scenario: all, ${Object.keys(SCENARIOS).join(', ')}, or --at … --tz …`);
  }
  return options;
}

/** libfaketime's thread-safe build (Node runs threads), wherever the distribution put it. */
function findLibfaketime() {
  const candidates = [];
  for (const dir of ['/usr/lib', '/usr/local/lib']) {
    if (!fs.existsSync(dir)) continue;
    candidates.push(path.join(dir, 'faketime/libfaketimeMT.so.1'));
    for (const entry of fs.readdirSync(dir)) {
      candidates.push(path.join(dir, entry, 'faketime/libfaketimeMT.so.1'));
    }
  }
  return (
    candidates.find((file) => fs.existsSync(file)) ??
    fail('libfaketime is not installed (Debian: apt-get update && apt-get install -y faketime)')
  );
}

function fakeEnv(run, library) {
  const epochMs = Date.parse(run.at);
  if (!/[zZ]|[+-]\d\d:\d\d$/.test(run.at) || Number.isNaN(epochMs)) {
    fail(`--at needs an ISO instant with its offset, e.g. 2026-11-28T23:30:00+07:00 (got ${run.at})`);
  }
  return {
    ...process.env,
    LD_PRELOAD: [library, process.env.LD_PRELOAD].filter(Boolean).join(' '),
    // `@` = start at this instant and run on; `%s` = seconds since the epoch, so the machine zone
    // plays no part in reading it.
    FAKETIME: `@${Math.floor(epochMs / 1000)}`,
    FAKETIME_FMT: '%s',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    TZ: run.tz,
    ANTREAN_TEST_TZ: run.tz,
  };
}

/**
 * The e2e tier: Chromium hangs under libfaketime, so the runner and the browser keep the real
 * clock. The servers the tests start get libfaketime with a relative offset (e2e/clock.ts puts
 * it in their environment) and every browser context installs Playwright's clock at the same
 * offset, so servers and pages agree on the faked instant while the runner's timeouts stay real.
 */
function e2eEnv(run, library) {
  const offsetSeconds = Math.round((Date.parse(run.at) - Date.now()) / 1000);
  return {
    ...process.env,
    ANTREAN_E2E_FAKETIME_LIB: library,
    ANTREAN_E2E_FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
    ANTREAN_E2E_CLOCK_OFFSET_MS: String(offsetSeconds * 1000),
    ANTREAN_E2E_TZ: run.tz,
  };
}

function spawnWith(env, command, args, stdio = 'inherit') {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', stdio, 'inherit'] });
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (stdio === 'pipe') process.stdout.write(chunk);
    });
    child.on('error', (error) => fail(`could not start ${command}: ${error.message}`));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

/** Asks a Node process under the fake clock what time it is, and refuses to go on if it is not faked. */
async function checkFaked(run, env) {
  const probe = await spawnWith(
    env,
    process.execPath,
    ['-e', 'process.stdout.write(JSON.stringify({ now: Date.now(), local: new Date().toString() }))'],
    'pipe',
  );
  process.stdout.write('\n');
  const { now, local } = JSON.parse(probe.out);
  if (Math.abs(now - Date.parse(run.at)) > 60_000) {
    fail(`the clock is not faked: a child process reads ${new Date(now).toISOString()} instead of ${run.at}`);
  }
  return local;
}

async function main() {
  const { only, runs } = parseArgs(process.argv.slice(2));
  const library = findLibfaketime();
  const results = [];
  for (const run of runs) {
    const env = fakeEnv(run, library);
    console.log(`\n╔═ test-at ${run.name}: ${run.what}`);
    console.log(`║  FAKETIME=${env.FAKETIME} (${run.at}) TZ=${run.tz}, tiers ${only}`);
    const local = await checkFaked(run, env);
    console.log(`╚═ a Node process here reads: ${local}`);
    const tiers = only.split(',');
    const faked = tiers.filter((tier) => tier !== 'e2e');
    if (faked.length > 0) {
      const { code, out } = await spawnWith(
        env,
        process.execPath,
        ['scripts/test-all.mjs', `--only=${faked.join(',')}`],
        'pipe',
      );
      results.push({ run, tiers: faked.join(','), code, summary: out.trim().split('\n').at(-1) ?? '' });
    }
    if (tiers.includes('e2e')) {
      const { code, out } = await spawnWith(
        e2eEnv(run, library),
        process.execPath,
        ['scripts/test-all.mjs', '--only=e2e'],
        'pipe',
      );
      results.push({ run, tiers: 'e2e', code, summary: out.trim().split('\n').at(-1) ?? '' });
    }
  }
  console.log('\n━━━ test-at summary ━━━');
  for (const { run, tiers, code, summary } of results) {
    console.log(`${code === 0 ? '✓' : '✗'} ${run.name} (${run.at}, TZ=${run.tz}) ${tiers}: ${summary}`);
  }
  process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
}

await main();
