#!/usr/bin/env node
// Runs every benchmark of bench/ in sequence and writes bench/results/*.json plus the markdown
// summary bench/results/summary.md (bench/report.mjs).
//
//   node bench/run-all.mjs [--quick] [--skip issuance-sqlite,call-to-display,issuance-postgres]
//
// --quick: 1 round, shorter windows, 1,000 clients only (a smoke run, ~5 min); the default is
// the recorded configuration (~45–60 min on the 2-core machine).
// --with-quiet-windows: also the SQLite issuance run whose every window waits for a quiet machine
// (results/issuance-sqlite-quiet-windows.json; up to ~30 min more on a busy machine).
// PostgreSQL: BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) must be
// able to CREATE/DROP DATABASE; each run uses its own antrean_bench_<random> database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BENCH_DIR, list, parseArgs } from './lib/common.mjs';

const args = parseArgs();
const quick = Boolean(args.quick);
const skip = new Set(list(args.skip, []));

const quietWindows = {
  name: 'issuance-sqlite-quiet-windows',
  args: [
    'issuance.mjs',
    '--db',
    'sqlite',
    '--rounds',
    '3',
    '--variant',
    'spread',
    '--raw',
    'prepared',
    '--with-stmt-cache',
    '--window-gate',
    '30',
    '--gate-cores',
    '0.5',
    '--out',
    'issuance-sqlite-quiet-windows',
  ],
};

const steps = [
  {
    name: 'issuance-sqlite',
    args: quick
      ? [
          'issuance.mjs',
          '--db',
          'sqlite',
          '--rounds',
          '1',
          '--warmup',
          '2',
          '--duration',
          '5',
          '--variant',
          'spread',
        ]
      : [
          'issuance.mjs',
          '--db',
          'sqlite',
          '--rounds',
          '3',
          '--variant',
          'spread,hot',
          '--raw',
          'prepared,prepared-grouped,service,service+auth',
          '--cpu-prof',
        ],
  },
  {
    name: 'call-to-display',
    args: quick
      ? ['call-to-display.mjs', '--clients', '1000', '--rates', '50', '--duration', '10']
      : ['call-to-display.mjs', '--clients', '1000,10000', '--rates', '25,50,100,200', '--duration', '20'],
  },
  {
    name: 'issuance-postgres',
    args: quick
      ? [
          'issuance.mjs',
          '--db',
          'postgres',
          '--rounds',
          '1',
          '--warmup',
          '2',
          '--duration',
          '5',
          '--variant',
          'spread',
        ]
      : ['issuance.mjs', '--db', 'postgres', '--rounds', '3', '--variant', 'spread,hot', '--cpu-prof'],
  },
  // Needs the built app (`npm run build`): the JavaScript each device route loads, gzipped.
  { name: 'bundle-budget', args: ['bundle-budget.mjs'] },
];
if (args['with-quiet-windows'] && !quick) steps.splice(1, 0, quietWindows);

let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  // The step cleans up after itself (stops its server, drops its databases) on the signal.
  process.on(signal, () => {
    current?.kill(signal);
    setTimeout(() => process.exit(130), 15_000).unref();
    current?.once('exit', () => process.exit(130));
  });
}

function run(script, scriptArgs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(BENCH_DIR, script), ...scriptArgs], {
      stdio: 'inherit',
    });
    current = child;
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

let failed = 0;
for (const step of steps) {
  if (skip.has(step.name)) continue;
  console.log(`\n=== ${step.name}: node bench/${step.args.join(' ')}`);
  const code = await run(step.args[0], step.args.slice(1));
  if (code !== 0) {
    failed++;
    console.error(`=== ${step.name} failed (exit ${code})`);
  }
}
await run('report.mjs', []);
process.exit(failed ? 1 : 0);
