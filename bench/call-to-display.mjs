#!/usr/bin/env node
// Benchmark 2: call-to-display latency. "call next" on a counter (HTTP) → the LAST display client
// subscribed to that branch's display topic has received the `ticket.called` event.
//
//   node bench/call-to-display.mjs [--clients 1000,10000] [--topics 400] [--rates 25,50,100]
//                                  [--duration 20] [--warmup 3] [--shards auto|1|2] [--cycle]
//                                  [--waiting 40] [--db sqlite|postgres] [--out name]
//
// Setup: a fresh database with `topics` bench branches (bench/lib/setup.ts), each with a display
// DSP-Bnnnn, counters, waiting tickets and a caller whose session cookie the driver uses. The
// server runs in its own process; the display clients in 1–2 shard processes
// (bench/lib/ws-shard.mjs), client j subscribing to topic j mod `topics` (10,000 clients over
// 400 topics = 25 per display topic).
//
// Load: once all clients hold their snapshot, one phase per rate (the same sockets stay
// connected): open loop at `rate` calls/s for warmup + duration s (warm-up calls discarded); each
// call is POST /api/v1/counters/:id/call-next on a random free counter of a random branch. By
// default each counter is called once (enough counters are created), so one call = one write; with
// --cycle a called ticket is served and finished 200–600 ms later (two more writes whose events
// also reach the displays) and the counter is reused.
//
// Latency per call = last receive (max over the topic's clients, all shards) − the stamp taken
// just before the request was written. All stamps are process.hrtime (CLOCK_MONOTONIC: one clock
// for every process on the machine).
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import {
  BENCH_DIR,
  RESULTS_DIR,
  coresBusy,
  cpuMsOf,
  createPgDatabase,
  installSignalCleanup,
  list,
  machineCpu,
  machineInfo,
  memoryOf,
  otherLoad,
  parseArgs,
  percentile,
  round,
  sleep,
  startServer,
  tempDir,
  waitForMessage,
  waitForQuiet,
  writeResult,
} from './lib/common.mjs';

const args = parseArgs();
const CLIENTS = list(args.clients, ['1000', '10000']).map(Number);
const TOPICS = Number(args.topics ?? 400);
const RATES = list(args.rates ?? args.rate, ['25', '50', '100']).map(Number);
const DURATION = Number(args.duration ?? 20);
const WARMUP = Number(args.warmup ?? 3);
const CYCLE = Boolean(args.cycle);
/** Counters per branch: each is called once without --cycle, so enough for every phase (+30 %). */
const TOTAL_CALLS = RATES.reduce((a, r) => a + r * (WARMUP + DURATION), 0);
const COUNTERS = Number(args.counters ?? (CYCLE ? 2 : Math.ceil((TOTAL_CALLS * 1.3) / TOPICS) + 1));
const WAITING = Number(args.waiting ?? (CYCLE ? 60 : COUNTERS + 10));
const DB = args.db === 'postgres' ? 'postgres' : 'sqlite';
const SHARDS = args.shards && args.shards !== 'auto' ? Number(args.shards) : undefined;
const GATE = { maxBusyCores: Number(args['gate-cores'] ?? 0.6), maxWaitS: Number(args['gate-wait'] ?? 20) };

const log = (...a) => console.log('[call-to-display]', ...a);
const nowNs = () => process.hrtime.bigint();
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(url, pathName, cookie) {
  return new Promise((resolve) => {
    const req = http.request(
      `${url}${pathName}`,
      { method: 'POST', agent, headers: { cookie, 'content-length': 0 } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let body;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString());
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode, body });
        });
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: { error: error.message } }));
    req.end();
  });
}

function startShard() {
  const child = fork(path.join(BENCH_DIR, 'lib/ws-shard.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return { child, ready: waitForMessage(child, 'ready') };
}

async function runScenario(clients) {
  const shardCount = SHARDS ?? (clients > 2000 ? 2 : 1);
  const dataDir = tempDir('c2d');
  const pgDb = DB === 'postgres' ? await createPgDatabase() : undefined;
  log(
    `— ${clients} clients over ${TOPICS} topics, ${shardCount} client process(es), ${RATES.join('/')} calls/s for ${DURATION} s each (+${WARMUP} s warm-up), ${COUNTERS} counters per branch, ${DB}`,
  );
  const server = await startServer({
    dataDir,
    ...(pgDb ? { databaseUrl: pgDb.url } : {}),
    branches: TOPICS,
    counters: COUNTERS,
    waiting: WAITING,
    logFile: path.join(RESULTS_DIR, 'server-call-to-display.log'),
  });
  const shards = [];
  try {
    const memBaseline = memoryOf(server.pid);
    const branches = server.setup.branches;
    const wsUrl = `ws://127.0.0.1:${server.port}/api/v1/live`;

    // topic → clients per shard (client j → topic j mod T, shard j mod S)
    const assignment = Array.from({ length: shardCount }, () => []);
    const expectedShards = new Map(); // topic → Set(shard index)
    for (let j = 0; j < clients; j++) {
      const topic = `display:${branches[j % TOPICS].displayCode}`;
      const s = j % shardCount;
      assignment[s].push(topic);
      if (!expectedShards.has(topic)) expectedShards.set(topic, new Set());
      expectedShards.get(topic).add(s);
    }

    // Connect all clients.
    const recvReports = new Map(); // key → [{ shard, lastNs, n }]
    const connectStart = performance.now();
    const cpuConnect0 = cpuMsOf(server.pid);
    for (let s = 0; s < shardCount; s++) {
      const shard = startShard();
      await shard.ready;
      shard.child.on('message', (m) => {
        if (m.type !== 'recv') return;
        const list_ = recvReports.get(m.key) ?? [];
        list_.push({ shard: s, lastNs: BigInt(m.lastNs), n: m.n });
        recvReports.set(m.key, list_);
      });
      shards.push(shard);
    }
    const connected = await Promise.all(
      shards.map((shard, s) => {
        shard.child.send({ type: 'connect', url: wsUrl, topics: assignment[s], concurrency: 64 });
        return waitForMessage(shard.child, 'connected', 600_000);
      }),
    );
    const connectMs = performance.now() - connectStart;
    const connectCpuMs = cpuMsOf(server.pid) - cpuConnect0;
    const subscribed = connected.reduce((a, c) => a + c.clients, 0);
    const failed = connected.reduce((a, c) => a + c.failed, 0);
    await sleep(2000);
    const memIdle = memoryOf(server.pid);
    log(
      `connected ${subscribed}/${clients} (failed ${failed}) in ${round(connectMs / 1000)} s; server RSS ${round(memBaseline.rssMB)} → ${round(memIdle.rssMB)} MB`,
    );
    if (failed > 0) log(`connect failures: ${JSON.stringify(connected.map((c) => c.failures))}`);

    // Calls: one phase per rate, same connected clients.
    const counters = branches.flatMap((b) =>
      b.counterIds.map((id) => ({
        id,
        branch: b,
        busy: false,
        empty: false,
        cookie: `antrean_session=${b.callerToken}`,
      })),
    );
    const pickCounter = () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const c = counters[Math.floor(Math.random() * counters.length)];
        if (!c.busy && !c.empty) return c;
      }
      return counters.find((c) => !c.busy && !c.empty);
    };

    const runPhase = async (rate) => {
      const calls = []; // { key, sendNs, respNs, measured }
      const outcomes = { ok: 0, queueEmpty: 0, counterBusy: 0, noFreeCounter: 0, other: {} };
      const cycleErrors = { serve: 0, finish: 0 };
      const callOnce = async (measured) => {
        const counter = pickCounter();
        if (!counter) {
          outcomes.noFreeCounter++;
          return;
        }
        counter.busy = true;
        const sendNs = nowNs();
        const res = await post(server.url, `/api/v1/counters/${counter.id}/call-next`, counter.cookie);
        const respNs = nowNs();
        if (res.status === 200) {
          outcomes.ok++;
          calls.push({
            key: `display:${counter.branch.displayCode}|${res.body.id}`,
            sendNs,
            respNs,
            measured,
          });
          if (!CYCLE) return; // the counter keeps its ticket: every call uses a fresh counter
          await sleep(200 + Math.random() * 400);
          const served = await post(server.url, `/api/v1/tickets/${res.body.id}/serve`, counter.cookie);
          if (served.status !== 200) cycleErrors.serve++;
          const finished = await post(server.url, `/api/v1/tickets/${res.body.id}/finish`, counter.cookie);
          if (finished.status !== 200) cycleErrors.finish++;
          counter.busy = false;
        } else if (res.body?.code === 'QUEUE_EMPTY') {
          outcomes.queueEmpty++;
          counter.empty = true;
        } else if (res.body?.code === 'COUNTER_BUSY') {
          outcomes.counterBusy++;
        } else {
          const k = `${res.status} ${res.body?.code ?? ''}`;
          outcomes.other[k] = (outcomes.other[k] ?? 0) + 1;
          counter.busy = false;
        }
      };

      const gate = await waitForQuiet(GATE);
      const pending = new Set();
      let measureStart;
      const start = performance.now();
      const total = (WARMUP + DURATION) * rate;
      let issued = 0;
      while (issued < total) {
        const elapsed = (performance.now() - start) / 1000;
        const due = Math.min(total, Math.floor(elapsed * rate));
        while (issued < due) {
          const measured = issued >= WARMUP * rate;
          if (measured && !measureStart) {
            measureStart = {
              server: cpuMsOf(server.pid),
              machine: machineCpu(),
              own: process.cpuUsage(),
              at: performance.now(),
            };
          }
          const p = callOnce(measured);
          pending.add(p);
          void p.finally(() => pending.delete(p));
          issued++;
        }
        await sleep(2);
      }
      const end = {
        server: cpuMsOf(server.pid),
        machine: machineCpu(),
        own: process.cpuUsage(measureStart.own),
        at: performance.now(),
      };
      const memPeak = memoryOf(server.pid);
      await Promise.all([...pending]);
      await sleep(3000); // late receives

      const flushed = await Promise.all(
        shards.map((shard) => {
          shard.child.send({ type: 'flush' });
          return waitForMessage(shard.child, 'flushed');
        }),
      );

      const latencies = [];
      const httpMs = [];
      const afterResponseMs = []; // last receive − HTTP response (negative: the displays were first)
      let incomplete = 0;
      for (const call of calls.filter((c) => c.measured)) {
        httpMs.push(Number(call.respNs - call.sendNs) / 1e6);
        const topic = call.key.split('|')[0];
        const reports = recvReports.get(call.key) ?? [];
        const need = expectedShards.get(topic)?.size ?? 0;
        if (reports.length < need) {
          incomplete++;
          continue;
        }
        const last = reports.reduce((a, r) => (r.lastNs > a ? r.lastNs : a), 0n);
        latencies.push(Number(last - call.sendNs) / 1e6);
        afterResponseMs.push(Number(last - call.respNs) / 1e6);
      }
      const secs = (end.at - measureStart.at) / 1000;
      const serverCores = (end.server - measureStart.server) / 1000 / secs;
      const machineCores = coresBusy(measureStart.machine, end.machine);
      const ownCores = (end.own.user + end.own.system) / 1e6 / secs;
      const measuredCalls = calls.filter((c) => c.measured).length;
      const phase = {
        rate,
        durationSeconds: DURATION,
        callsMeasured: measuredCalls,
        achievedCallsPerSec: measuredCalls / secs,
        outcomes,
        cycleErrors,
        latencyMs: {
          p50: percentile(latencies, 50),
          p90: percentile(latencies, 90),
          p99: percentile(latencies, 99),
          max: Math.max(...latencies),
          samples: latencies.length,
          incomplete,
        },
        callNextHttpMs: {
          p50: percentile(httpMs, 50),
          p99: percentile(httpMs, 99),
          max: Math.max(...httpMs),
        },
        lastReceiveMinusResponseMs: {
          p50: percentile(afterResponseMs, 50),
          p99: percentile(afterResponseMs, 99),
          max: Math.max(...afterResponseMs),
        },
        serverPeakRssMB: memPeak.peakRssMB,
        serverRssMB: memPeak.rssMB,
        load: {
          serverCores,
          driverCores: ownCores,
          machineCoresBusy: machineCores,
          otherCoresInclShards: Math.max(0, machineCores - serverCores - ownCores),
        },
        shardStats: flushed.map((f) => ({
          ...f.stats,
          byType: { ...f.stats.byType },
          memoryMB: round(f.memoryMB),
          incompleteKeys: f.incomplete.length,
        })),
        gate,
      };
      log(
        `${clients} clients, ${rate} calls/s: call→last display p50 ${round(phase.latencyMs.p50, 2)} / p90 ${round(phase.latencyMs.p90, 2)} / p99 ${round(phase.latencyMs.p99, 2)} / max ${round(phase.latencyMs.max, 2)} ms over ${latencies.length} calls (incomplete ${incomplete}); call-next HTTP p50 ${round(phase.callNextHttpMs.p50, 2)} ms; server ${round(serverCores, 2)} cores, others ${round(phase.load.otherCoresInclShards, 2)}; RSS ${round(memPeak.rssMB)} MB; ${JSON.stringify(outcomes)}`,
      );
      return phase;
    };

    const phases = [];
    for (const rate of RATES) phases.push(await runPhase(rate));
    const memEnd = memoryOf(server.pid);
    const result = {
      clients,
      subscribed,
      connectFailed: failed,
      topics: TOPICS,
      clientsPerTopic: clients / TOPICS,
      countersPerBranch: COUNTERS,
      shards: shardCount,
      cycle: CYCLE,
      connect: { seconds: connectMs / 1000, serverCpuMsPerClient: connectCpuMs / Math.max(1, subscribed) },
      serverMemoryMB: {
        baselineRss: memBaseline.rssMB,
        idleRssWithClients: memIdle.rssMB,
        peakRss: memEnd.peakRssMB,
        kbPerClient: ((memIdle.rssMB - memBaseline.rssMB) * 1024) / Math.max(1, subscribed),
      },
      phases,
    };
    return result;
  } finally {
    for (const shard of shards) {
      shard.child.send({ type: 'close' });
    }
    await sleep(500);
    for (const shard of shards) if (shard.child.exitCode === null) shard.child.kill('SIGTERM');
    await server.stop();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  installSignalCleanup();
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const machine = machineInfo();
  log(
    `machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.node}, load ${machine.loadavg.join(' ')}`,
  );
  const scenarios = [];
  for (const clients of CLIENTS) scenarios.push(await runScenario(clients));
  const name = args.out ?? `call-to-display-${DB}`;
  const file = await writeResult(name, {
    benchmark: 'call-to-display',
    machine,
    otherLoad: await otherLoad(),
    settings: {
      clients: CLIENTS,
      topics: TOPICS,
      rates: RATES,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      counters: COUNTERS,
      waiting: WAITING,
      cycle: CYCLE,
      db: DB,
    },
    scenarios,
  });
  log(`written ${file}`);
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
