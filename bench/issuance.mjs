#!/usr/bin/env node
// Benchmarks 1 and 3: ticket issuance over HTTP through the full handler vs the raw
// same-transaction ceiling, on SQLite (WAL + synchronous=FULL) or PostgreSQL.
//
//   node bench/issuance.mjs [--db sqlite|postgres] [--variant spread|hot|spread,hot] [--rounds 3]
//                           [--connections 50] [--warmup 3] [--duration 10] [--windows 5]
//                           [--branches 400] [--raw prepared,prepare-each,service,service+auth]
//                           [--with-stmt-cache] [--cpu-prof] [--breakdown]
//                           [--gate-cores 0.6] [--gate-wait 20] [--window-gate 60] [--out name]
//
// One round (per variant) = the participants below, each on its OWN fresh database, all started
// first, then measured in INTERLEAVED windows so that the background load of the shared machine
// hits them alike: each participant gets `warmup` s (discarded), then `windows` windows of
// duration/windows s each (10 s in total), in a rotating order. Participants:
//   http         the server (bench/lib/server.ts, own process) driven by autocannon -c 50 from this
//                process: POST /api/v1/branches/:id/tickets, X-Kiosk-Code, a new Idempotency-Key and
//                another X-Forwarded-For per request; tickets in its database are checked against
//                the 2xx answers afterwards;
//   http+cache   (--with-stmt-cache, SQLite) the same server with Kysely over a statement-caching
//                handle (bench experiment, lib/stmt-cache.ts);
//   raw modes    one process (bench/lib/raw-issue.ts) with every raw mode: `prepared` (the ceiling:
//                the handler's exact SQL, verified against a capture), `prepare-each`, `service`,
//                `service+auth`, `service+auth+cache`.
// Ratio of the round = HTTP req/s ÷ raw `prepared` tx/s over the same interleaved windows; the
// summary gives medians over rounds.
//
// Variants: `spread` = requests rotate over the 400 bench branches, each with its own kiosk
// (queues stay tens of tickets long); `hot` = every request to the demo kiosk KIOS-JKT01 / JKT01 /
// Teller (one queue that grows by thousands during the run).
import path from 'node:path';
import fs from 'node:fs';
import autocannon from 'autocannon';
import {
  BENCH_DIR,
  RESULTS_DIR,
  coresBusy,
  cpuMsOf,
  cpuMsOfComm,
  createPgDatabase,
  list,
  installSignalCleanup,
  machineBusy,
  machineCpu,
  machineInfo,
  median,
  memoryOf,
  otherLoad,
  parseArgs,
  pgQuery,
  round,
  spawnTs,
  sqliteQuery,
  startServer,
  tempDir,
  waitForMessage,
  waitForQuiet,
  writeResult,
} from './lib/common.mjs';
import { summarise } from './lib/cpuprofile-summary.mjs';

const args = parseArgs();
const DB = args.db === 'postgres' ? 'postgres' : 'sqlite';
const VARIANTS = list(args.variant, ['spread']);
const ROUNDS = Number(args.rounds ?? 3);
const CONNECTIONS = Number(args.connections ?? 50);
const WARMUP = Number(args.warmup ?? 3);
const DURATION = Number(args.duration ?? 10);
const WINDOWS = Number(args.windows ?? 5);
const WINDOW_S = DURATION / WINDOWS;
const BRANCHES = Number(args.branches ?? 400);
const WITH_CACHE = Boolean(args['with-stmt-cache']) && DB === 'sqlite';
const RAW_MODES = list(
  args.raw,
  DB === 'sqlite'
    ? ['prepared', 'prepare-each', 'service', 'service+auth', ...(WITH_CACHE ? ['service+auth+cache'] : [])]
    : ['prepared', 'service', 'service+auth'],
);
const CPU_PROF = Boolean(args['cpu-prof']);
const BREAKDOWN = Boolean(args.breakdown) && DB === 'sqlite';
/** Distinct client addresses (X-Forwarded-For): the issuance route allows 120/min per address. */
const ADDRESSES = 4096;
/** Quiet gate before each round's measured windows (see waitForQuiet). */
const GATE = { maxBusyCores: Number(args['gate-cores'] ?? 0.6), maxWaitS: Number(args['gate-wait'] ?? 20) };
/** --window-gate S: also wait up to S s for a quiet machine before EVERY measured window. */
const WINDOW_GATE = args['window-gate']
  ? { maxBusyCores: GATE.maxBusyCores, maxWaitS: Number(args['window-gate']) }
  : undefined;

const log = (...a) => console.log(`[issuance ${DB}]`, ...a);

function targetsOf(setup, variant) {
  if (variant === 'hot') {
    const d = setup.demo;
    return d.kiosks.map((k) => ({ branchId: d.branchId, serviceId: d.serviceId, kioskCode: k.code }));
  }
  return setup.branches.map((b) => ({
    branchId: b.branchId,
    serviceId: b.serviceId,
    kioskCode: b.kioskCode,
  }));
}

/** autocannon setupRequest: every request a new Idempotency-Key, the next kiosk, another address. */
function requestFactory(targets, runId) {
  let n = 0;
  const bodies = targets.map((t) => JSON.stringify({ serviceId: t.serviceId, channel: 'kiosk' }));
  return (req) => {
    const i = n++;
    const t = targets[i % targets.length];
    const a = i % ADDRESSES;
    return {
      ...req,
      method: 'POST',
      path: `/api/v1/branches/${t.branchId}/tickets`,
      headers: {
        'content-type': 'application/json',
        'x-kiosk-code': t.kioskCode,
        'idempotency-key': `bench-${runId}-${i}`,
        'x-forwarded-for': `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`,
      },
      body: bodies[i % targets.length],
    };
  };
}

// ── participants ─────────────────────────────────────────────────────────────────────────────

/** An HTTP participant: a server process on its own fresh database + an autocannon request factory. */
async function httpParticipant(name, variant, { stmtCache = false, nodeArgs = [] } = {}) {
  const dataDir = tempDir(`issue-${DB}`);
  const pgDb = DB === 'postgres' ? await createPgDatabase() : undefined;
  const server = await startServer({
    dataDir,
    ...(pgDb ? { databaseUrl: pgDb.url } : {}),
    branches: BRANCHES,
    counters: 1,
    waiting: 0,
    stmtCache,
    nodeArgs,
    logFile: path.join(RESULTS_DIR, `server-issuance-${DB}.log`),
  });
  const setupRequest = requestFactory(targetsOf(server.setup, variant), `${name}-${Date.now()}`);
  let acknowledged = 0;
  let timedOut = 0;
  let windows = 0;
  let rate; // req/s seen so far, to size the next window
  return {
    name,
    kind: 'http',
    pid: server.pid,
    /**
     * About `seconds` of load. The first (warm-up) window runs for a duration; later windows send a
     * fixed number of requests sized from the rate seen so far and end when the last answer is
     * in, so no work of this window spills, unanswered, into the next participant's window.
     */
    async window(seconds) {
      const cpu0 = cpuMsOf(server.pid);
      const pg0 = pgDb ? cpuMsOfComm('postgres') : 0;
      const t0 = performance.now();
      const amount = rate ? Math.max(CONNECTIONS, Math.round(rate * seconds)) : undefined;
      const r = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        ...(amount ? { amount } : { duration: seconds }),
        requests: [{ method: 'POST', setupRequest }],
      });
      const elapsed = amount ? (performance.now() - t0) / 1000 : seconds;
      const windowRate = r['2xx'] / elapsed;
      rate = rate ? 0.5 * rate + 0.5 * windowRate : windowRate;
      acknowledged += r['2xx'];
      timedOut += r.timeouts;
      windows++;
      return {
        count: r['2xx'],
        seconds: elapsed,
        cpuMs: cpuMsOf(server.pid) - cpu0,
        postgresCpuMs: pgDb ? cpuMsOfComm('postgres') - pg0 : 0,
        latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
      };
    },
    memory: () => memoryOf(server.pid),
    /** Stops the server and checks its tickets against the acknowledged issuances. */
    async close() {
      await server.stop();
      try {
        const sql = 'select count(*) as n from tickets where channel = $1';
        const tickets = pgDb
          ? Number((await pgQuery(pgDb.url, sql, ['kiosk']))[0].n)
          : Number(
              (await sqliteQuery(path.join(dataDir, 'antrean.sqlite'), sql.replace('$1', '?'), ['kiosk']))[0]
                .n,
            );
        // Unseen commits: requests in flight when the first (duration) window ended, and requests
        // autocannon gave up on (10 s timeout) that the server still finished.
        return {
          ticketsInDb: tickets,
          acknowledged,
          timedOut,
          windows,
          ok: tickets >= acknowledged && tickets <= acknowledged + CONNECTIONS + timedOut,
        };
      } finally {
        await pgDb?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The raw process: one participant per mode, sharing one fresh database. */
async function rawParticipants(variant) {
  const dataDir = tempDir(`raw-${DB}`);
  const pgDb = DB === 'postgres' ? await createPgDatabase() : undefined;
  const child = spawnTs(
    path.join(BENCH_DIR, 'lib/raw-issue.ts'),
    {
      BENCH_RAW_OPTS: JSON.stringify({
        db: DB,
        file: path.join(dataDir, 'antrean.sqlite'),
        ...(pgDb ? { databaseUrl: pgDb.url } : {}),
        variant,
        branches: BRANCHES,
        concurrency: CONNECTIONS,
      }),
    },
    { logFile: path.join(RESULTS_DIR, `raw-issuance-${DB}.log`) },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.on('error', () => undefined); // a send after the child is gone (interrupted run)
  const prepared = await waitForMessage(child, 'prepared');
  let nextId = 0;
  const pending = new Map(); // window id → { resolve, reject }
  child.on('message', (m) => {
    if (m?.type !== 'window-done') return;
    pending.get(m.id)?.resolve(m);
    pending.delete(m.id);
  });
  child.once('exit', (code) => {
    for (const p of pending.values()) p.reject(new Error(`raw process exited (${code})`));
    pending.clear();
  });
  const participants = RAW_MODES.filter((m) => prepared.modes.includes(m)).map((mode) => ({
    name: `raw:${mode}`,
    kind: 'raw',
    mode,
    pid: child.pid,
    async window(seconds) {
      const id = nextId++;
      const pg0 = pgDb ? cpuMsOfComm('postgres') : 0;
      const done = new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
      child.send({ type: 'window', id, mode, seconds });
      const m = await done;
      return {
        count: m.count,
        seconds: m.seconds,
        cpuMs: m.cpuMs,
        postgresCpuMs: pgDb ? cpuMsOfComm('postgres') - pg0 : 0,
        latencyMs: m.latencyMs,
      };
    },
  }));
  return {
    participants,
    async close() {
      if (!child.connected) {
        await pgDb?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
        throw new Error('raw process is gone');
      }
      const resultP = waitForMessage(child, 'result');
      child.send({ type: 'finish' });
      const result = await resultP;
      await exited;
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return result;
    },
  };
}

// ── one round ────────────────────────────────────────────────────────────────────────────────

function total(windows) {
  const sum = (f) => windows.reduce((a, w) => a + f(w), 0);
  const count = sum((w) => w.count);
  const seconds = sum((w) => w.seconds);
  return {
    perSecond: count / seconds,
    count,
    seconds,
    cpuMsPerOp: sum((w) => w.cpuMs) / Math.max(1, count),
    postgresCpuMsPerOp: sum((w) => w.postgresCpuMs ?? 0) / Math.max(1, count),
    latencyMs: {
      p50: median(windows.map((w) => w.latencyMs.p50)),
      p99: median(windows.map((w) => w.latencyMs.p99)),
      max: Math.max(...windows.map((w) => w.latencyMs.max)),
    },
    otherLoadCores: median(windows.map((w) => w.otherCores)),
    perWindow: windows.map((w) => round(w.count / w.seconds, 1)),
    ...(windows[0]?.quiet !== undefined ? { quietWindows: windows.filter((w) => w.quiet).length } : {}),
    ...(windows[0]?.non2xx !== undefined
      ? { non2xx: sum((w) => w.non2xx), errors: sum((w) => w.errors), timeouts: sum((w) => w.timeouts) }
      : {}),
  };
}

async function runRound(variant, roundNo) {
  const http = await httpParticipant('http', variant);
  const httpCache = WITH_CACHE
    ? await httpParticipant('http+cache', variant, { stmtCache: true })
    : undefined;
  const raw = await rawParticipants(variant);
  const all = [http, ...(httpCache ? [httpCache] : []), ...raw.participants];
  const windows = Object.fromEntries(all.map((p) => [p.name, []]));
  let checks;
  let rawResult;
  try {
    for (const p of all) await p.window(WARMUP); // warm-up, discarded
    const gate = await waitForQuiet(GATE);
    for (let w = 0; w < WINDOWS; w++) {
      // Rotate the order so no participant always follows the same one.
      const order = all.map((_, i) => all[(i + w) % all.length]);
      for (const p of order) {
        const windowGate = WINDOW_GATE ? await waitForQuiet(WINDOW_GATE) : undefined;
        const m0 = machineCpu();
        const own0 = process.cpuUsage();
        const r = await p.window(WINDOW_S);
        const m1 = machineCpu();
        const own = process.cpuUsage(own0);
        const secs = (m1.at - m0.at) / 1000;
        const used =
          (r.cpuMs + (r.postgresCpuMs ?? 0)) / 1000 / secs +
          (p.kind === 'http' ? (own.user + own.system) / 1e6 / secs : 0);
        windows[p.name].push({
          ...r,
          otherCores: Math.max(0, coresBusy(m0, m1) - used),
          ...(windowGate ? { quiet: windowGate.quiet } : {}),
        });
      }
    }
    const memory = { http: http.memory(), ...(httpCache ? { httpCache: httpCache.memory() } : {}) };
    checks = { http: await http.close(), ...(httpCache ? { httpCache: await httpCache.close() } : {}) };
    rawResult = await raw.close();
    const totals = Object.fromEntries(Object.entries(windows).map(([name, ws]) => [name, total(ws)]));
    const ratio = totals.http.perSecond / totals['raw:prepared'].perSecond;
    const result = {
      round: roundNo,
      variant,
      gate,
      ratio,
      ratioCached: httpCache ? totals['http+cache'].perSecond / totals['raw:prepared'].perSecond : undefined,
      cpuRatio: totals.http.cpuMsPerOp / totals['raw:prepared'].cpuMsPerOp,
      // The same SQL with the server's group commit done raw (50 tickets per transaction).
      ratioGrouped: totals['raw:prepared-grouped']
        ? totals.http.perSecond / totals['raw:prepared-grouped'].perSecond
        : undefined,
      totals,
      memory,
      checks,
      rawTicketsInDb: rawResult.ticketsInDb,
      sql: {
        statementsInTransaction: rawResult.statementsInTransaction,
        statementsPerRequest: rawResult.statementsPerRequest,
        authQueries: rawResult.authQueries,
        transactionSql: rawResult.transactionSql,
      },
    };
    for (const [name, t] of Object.entries(totals)) {
      log(
        `round ${roundNo} ${variant} ${name.padEnd(24)} ${String(round(t.perSecond)).padStart(7)} /s  CPU ${round(t.cpuMsPerOp, 3)} ms/op${DB === 'postgres' ? ` + PG ${round(t.postgresCpuMsPerOp, 3)}` : ''}  p50 ${round(t.latencyMs.p50, 1)} p99 ${round(t.latencyMs.p99, 1)} ms  other load ${round(t.otherLoadCores, 2)} cores  windows ${t.perWindow.join(' ')}`,
      );
    }
    log(
      `round ${roundNo} ${variant} ratio HTTP/raw = ${round(ratio, 2)}${result.ratioGrouped !== undefined ? `, HTTP/raw-grouped = ${round(result.ratioGrouped, 2)}` : ''}${httpCache ? `, with statement cache ${round(result.ratioCached, 2)}` : ''}; checks ${JSON.stringify(checks)}`,
    );
    return result;
  } finally {
    if (!checks) {
      await http.close().catch(() => undefined);
      await httpCache?.close().catch(() => undefined);
    }
    if (!rawResult) await raw.close().catch(() => undefined);
  }
}

// ── profile: one HTTP run under node --cpu-prof ──────────────────────────────────────────────

async function profileRun(variant) {
  const dir = tempDir(`cpuprof-issuance-${DB}`);
  const p = await httpParticipant('http', variant, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  await p.window(WARMUP);
  const fromUs = Number(process.hrtime.bigint() / 1000n);
  const r = await p.window(DURATION);
  const toUs = Number(process.hrtime.bigint() / 1000n);
  await p.close();
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  // The main thread's profile is the biggest; only the measured window counts.
  const main = files
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  const summary = summarise(JSON.parse(fs.readFileSync(main, 'utf8')), 40, { fromUs, toUs });
  log(`profile (${round(r.count / r.seconds)} req/s under the profiler) kept in ${main}`);
  return {
    file: main,
    variant,
    reqPerSecUnderProfiler: r.count / r.seconds,
    serverCpuMsPerRequest: r.cpuMs / Math.max(1, r.count),
    summary,
  };
}

async function breakdownRun() {
  const dataDir = tempDir('breakdown');
  try {
    const child = spawnTs(
      path.join(BENCH_DIR, 'lib/breakdown.ts'),
      { BENCH_BREAKDOWN_OPTS: JSON.stringify({ dataDir, branches: BRANCHES, blocks: 5, opsPerBlock: 300 }) },
      { logFile: path.join(RESULTS_DIR, 'breakdown.log') },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const result = await waitForMessage(child, 'result', 30 * 60_000);
    await exited;
    for (const row of result.rows) {
      log(
        `breakdown ${row.layer.padEnd(48)} CPU ${String(row.cpuUsPerOp).padStart(6)} µs/op   wall ${String(row.wallUsPerOp).padStart(6)} µs/op`,
      );
    }
    return result;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────

async function main() {
  installSignalCleanup();
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const machine = machineInfo();
  const busyBefore = await machineBusy(2000);
  log(
    `machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.node}, load ${machine.loadavg.join(' ')}, busy ${round(busyBefore * 100)}%`,
  );
  log(
    `participants: http${WITH_CACHE ? ', http+cache' : ''}, ${RAW_MODES.map((m) => `raw:${m}`).join(', ')}; ${WARMUP} s warm-up each, then ${WINDOWS} interleaved windows of ${WINDOW_S} s each`,
  );
  const rounds = [];
  for (let r = 1; r <= ROUNDS; r++) {
    for (const variant of VARIANTS) rounds.push(await runRound(variant, r));
  }
  const profile = CPU_PROF ? await profileRun(VARIANTS[0]) : undefined;
  const breakdown = BREAKDOWN ? await breakdownRun() : undefined;

  const summary = {};
  for (const variant of VARIANTS) {
    const rs = rounds.filter((x) => x.variant === variant);
    const m = (f) => round(median(rs.map(f)), 3);
    const participant = (name) => ({
      perSecond: m((x) => x.totals[name].perSecond),
      cpuMsPerOp: m((x) => x.totals[name].cpuMsPerOp),
      ...(DB === 'postgres' ? { postgresCpuMsPerOp: m((x) => x.totals[name].postgresCpuMsPerOp) } : {}),
      p50Ms: m((x) => x.totals[name].latencyMs.p50),
      p99Ms: m((x) => x.totals[name].latencyMs.p99),
      otherLoadCores: m((x) => x.totals[name].otherLoadCores),
      perRound: rs.map((x) => round(x.totals[name].perSecond, 1)),
    });
    summary[variant] = {
      participants: Object.fromEntries(Object.keys(rs[0].totals).map((name) => [name, participant(name)])),
      ratioMedian: m((x) => x.ratio),
      ratios: rs.map((x) => round(x.ratio, 3)),
      cpuRatioMedian: m((x) => x.cpuRatio),
      ...(rs[0].ratioGrouped !== undefined
        ? {
            ratioGroupedMedian: m((x) => x.ratioGrouped),
            ratiosGrouped: rs.map((x) => round(x.ratioGrouped, 3)),
          }
        : {}),
      ...(WITH_CACHE
        ? { ratioCachedMedian: m((x) => x.ratioCached), ratiosCached: rs.map((x) => round(x.ratioCached, 3)) }
        : {}),
      serverRssMB: m((x) => x.memory.http.rssMB),
      // Correctness: every acknowledged ticket is in the database, no non-2xx answer. Timeouts
      // (autocannon gives up after 10 s; the server still commits those tickets) are reported apart.
      allChecksOk: rs.every((x) => Object.values(x.checks).every((c) => c.ok) && x.totals.http.non2xx === 0),
      httpTimeouts: rs.map((x) => x.totals.http.timeouts),
    };
  }
  const busyAfter = await machineBusy(2000);
  const file = await writeResult(args.out ?? `issuance-${DB}`, {
    benchmark: `issuance-${DB}`,
    method: 'interleaved',
    machine,
    machineBusyBefore: busyBefore,
    machineBusyAfter: busyAfter,
    otherLoad: await otherLoad(),
    settings: {
      gate: GATE,
      windowGate: WINDOW_GATE,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      durationSeconds: DURATION,
      windows: WINDOWS,
      branches: BRANCHES,
      variants: VARIANTS,
      rawModes: RAW_MODES,
      withStmtCache: WITH_CACHE,
    },
    sql: rounds[0]?.sql,
    summary,
    rounds: rounds.map(({ sql: _sql, ...rest }) => rest),
    profile,
    breakdown,
  });
  log(`summary: ${JSON.stringify(summary, null, 2)}`);
  log(`written ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
