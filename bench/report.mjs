#!/usr/bin/env node
// Turns bench/results/*.json into markdown tables (stdout and bench/results/summary.md).
//
//   node bench/report.mjs
import fs from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, round } from './lib/common.mjs';

const read = (name) => {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
};
const out = [];
const p = (line = '') => out.push(line);
const r = (x, d = 1) => (x === undefined || x === null || Number.isNaN(x) ? '–' : round(x, d));

function machineLine(m, extra = '') {
  return `${m.date.slice(0, 16).replace('T', ' ')} UTC · ${m.cpuModel}, ${m.cores} cores, ${m.memoryGB} GB · Node ${m.node} · load avg at start ${m.loadavg.join(' / ')}${extra}`;
}

function breakdownAndProfile(d) {
  if (d.breakdown) {
    p('#### CPU attribution per issuance (one request at a time, interleaved blocks, medians)');
    p();
    p('| layer | CPU µs/op | wall µs/op |');
    p('|---|---|---|');
    for (const row of d.breakdown.rows) p(`| ${row.layer} | ${row.cpuUsPerOp} | ${row.wallUsPerOp} |`);
    p();
  }
  if (d.profile?.summary) {
    const s2 = d.profile.summary;
    p(
      `#### Server CPU profile of the measured window (main thread; ${r(d.profile.reqPerSecUnderProfiler)} req/s under the profiler)`,
    );
    p();
    p('| area (self time) | % of busy |');
    p('|---|---|');
    for (const a of s2.areas.slice(0, 14)) p(`| ${a.area} | ${a.pctOfBusy} |`);
    p();
    p('| function (self time) | % of busy |');
    p('|---|---|');
    for (const f of s2.functions.slice(0, 12)) p(`| \`${f.fn.replace(/\|/g, '\\|')}\` | ${f.pctOfBusy} |`);
    p();
  }
}

/** Interleaved rounds (issuance.mjs): every participant measured in alternating windows. */
function issuance(name, title) {
  const d = read(name);
  if (!d) return;
  if (d.method !== 'interleaved') return issuanceSequential(d, title);
  p(`## ${title}`);
  p();
  p(
    machineLine(
      d.machine,
      ` · machine busy before/after: ${r(d.machineBusyBefore * 100, 0)} % / ${r(d.machineBusyAfter * 100, 0)} %`,
    ),
  );
  p();
  const s = d.settings;
  p(
    `Interleaved: per round each participant on its own fresh database, ${s.warmupSeconds} s warm-up, then ${s.windows} rotating windows of ${s.durationSeconds / s.windows} s (${s.durationSeconds} s each in total); autocannon -c ${s.connections}; ${s.rounds} rounds; ${s.branches} bench branches; medians over rounds.`,
  );
  p();
  for (const [variant, v] of Object.entries(d.summary)) {
    const rounds = d.rounds.filter((x) => x.variant === variant);
    p(`### variant \`${variant}\``);
    p();
    p(
      `| participant | per second (median) | per round | CPU ms/op${d.benchmark.endsWith('postgres') ? ' (server + PostgreSQL)' : ''} | p50 / p99 ms | other load, cores |`,
    );
    p('|---|---|---|---|---|---|');
    for (const [pname, pv] of Object.entries(v.participants)) {
      const bold = pname === 'http' || pname === 'raw:prepared';
      const cpu =
        pv.postgresCpuMsPerOp !== undefined
          ? `${r(pv.cpuMsPerOp, 2)} + ${r(pv.postgresCpuMsPerOp, 2)}`
          : r(pv.cpuMsPerOp, 2);
      p(
        `| ${bold ? `**${pname}**` : pname} | ${bold ? `**${r(pv.perSecond)}**` : r(pv.perSecond)} | ${pv.perRound.join(' / ')} | ${cpu} | ${r(pv.p50Ms)} / ${r(pv.p99Ms)} | ${r(pv.otherLoadCores, 2)} |`,
      );
    }
    p();
    p(
      `- **ratio HTTP ÷ raw prepared: median ${r(v.ratioMedian, 2)}** (rounds: ${v.ratios.map((x) => r(x, 2)).join(', ')}); CPU-time ratio (server CPU per request ÷ raw CPU per tx): ${r(v.cpuRatioMedian, 2)}`,
    );
    if (v.ratioCachedMedian !== undefined) {
      p(
        `- experiment, server with a statement cache: ratio median ${r(v.ratioCachedMedian, 2)} (rounds: ${v.ratiosCached.map((x) => r(x, 2)).join(', ')})`,
      );
    }
    p(
      `- server RSS after the run: ${r(v.serverRssMB)} MB; checks (tickets in DB = acknowledged ± in flight; 0 non-2xx): ${v.allChecksOk ? 'ok' : '**FAILED**'}; HTTP requests over autocannon's 10 s timeout per round: ${v.httpTimeouts.join(' / ')}`,
    );
    p(
      `- gate: ${rounds.map((x) => (x.gate.quiet ? `quiet after ${x.gate.waitedS} s` : `not quiet (${r(x.gate.busyCores, 2)} cores busy)`)).join('; ')}`,
    );
    p();
  }
  if (d.sql) {
    p(
      `Statements per issuance request: ${d.sql.statementsPerRequest} (${d.sql.authQueries.length} kiosk-auth lookups + ${d.sql.statementsInTransaction} in the transaction incl. begin/commit).`,
    );
    p();
  }
  breakdownAndProfile(d);
}

/** Sequential rounds (the first, literal run: HTTP, then each raw mode, one after the other). */
function issuanceSequential(d, title) {
  p(`## ${title} — sequential runs`);
  p();
  p(
    machineLine(
      d.machine,
      ` · machine busy before/after: ${r(d.machineBusyBefore * 100, 0)} % / ${r(d.machineBusyAfter * 100, 0)} %`,
    ),
  );
  p();
  const s = d.settings;
  p(
    `autocannon -c ${s.connections}, ${s.warmupSeconds} s warm-up + ${s.durationSeconds} s measured, ${s.rounds} rounds, medians; ${s.branches} bench branches.`,
  );
  p();
  for (const [variant, v] of Object.entries(d.summary)) {
    p(`### variant \`${variant}\``);
    p();
    p('| measure | median | per round |');
    p('|---|---|---|');
    const rounds = d.rounds.filter((x) => x.variant === variant);
    const per = (f, dd = 1) => rounds.map((x) => r(f(x), dd)).join(' / ');
    p(`| HTTP full handler, req/s | **${r(v.httpReqPerSec)}** | ${per((x) => x.http.reqPerSec)} |`);
    p(
      `| HTTP latency p50 / p99, ms | ${r(v.httpP50Ms)} / ${r(v.httpP99Ms)} | ${per((x) => x.http.latencyMs.p99, 0)} (p99) |`,
    );
    p(
      `| server CPU per request, ms | ${r(v.serverCpuMsPerRequest, 2)} | ${per((x) => x.http.serverCpuMsPerRequest, 2)} |`,
    );
    p(`| server RSS after run, MB | ${r(v.serverRssMB)} | ${per((x) => x.http.serverMemory.rssMB)} |`);
    p(
      `| other load on the machine during HTTP run, cores (of ${d.machine.cores}) | ${r(v.otherLoadCores, 2)} | ${per((x) => x.http.load.otherCores, 2)} |`,
    );
    for (const [mode, m] of Object.entries(v.raw)) {
      p(
        `| raw \`${mode}\`, tx/s | ${mode === 'prepared' ? '**' : ''}${r(m.txPerSec)}${mode === 'prepared' ? '**' : ''} | ${per((x) => x.raw[mode].txPerSec)} |`,
      );
      p(
        `| raw \`${mode}\`, CPU per tx, ms | ${r(m.cpuMsPerTx, 2)} | ${per((x) => x.raw[mode].cpuMsPerTx, 2)} |`,
      );
    }
    p(
      `| **ratio HTTP req/s ÷ raw prepared tx/s** (same round) | **${r(v.ratioMedian, 2)}** | ${v.ratios.map((x) => r(x, 2)).join(' / ')} |`,
    );
    p(`| CPU ratio: server CPU/request ÷ raw CPU/tx | ${r(v.cpuRatioMedian, 2)} | |`);
    if (v.stmtCacheExperiment) {
      const e = v.stmtCacheExperiment;
      p(
        `| experiment: server with statement cache, req/s | ${r(e.httpReqPerSec)} | ${per((x) => x.httpCached?.reqPerSec)} |`,
      );
      p(
        `| experiment: server CPU per request, ms | ${r(e.serverCpuMsPerRequest, 2)} | ${per((x) => x.httpCached?.serverCpuMsPerRequest, 2)} |`,
      );
      p(
        `| experiment: ratio with statement cache | ${r(e.ratioMedian, 2)} | ${e.ratios.map((x) => r(x, 2)).join(' / ')} |`,
      );
    }
    const checksOk = rounds.every(
      (x) =>
        x.http.check.ok &&
        x.http.non2xx === 0 &&
        (!x.httpCached || (x.httpCached.check.ok && x.httpCached.non2xx === 0)),
    );
    p(
      `| checks (tickets in DB = acknowledged ± in flight, 0 non-2xx) | ${checksOk ? 'ok' : '**FAILED**'} | |`,
    );
    p(
      `| HTTP requests over autocannon's 10 s timeout (server still committed them) | | ${per((x) => x.http.timeouts, 0)} |`,
    );
    p();
  }
  if (d.sql) {
    p(
      `Statements per issuance request: ${d.sql.statementsPerRequest} (${d.sql.authQueries.length} kiosk-auth lookups + ${d.sql.statementsInTransaction} in the transaction incl. begin/commit).`,
    );
    p();
  }
  breakdownAndProfile(d);
}

function callToDisplay(name) {
  const d = read(name);
  if (!d) return;
  p(`## Call-to-display (${d.settings.db})`);
  p();
  p(machineLine(d.machine));
  p();
  p(
    `${d.settings.topics} display topics; rates ${d.settings.rates.join(', ')} calls/s, ${d.settings.durationSeconds} s each after ${d.settings.warmupSeconds} s warm-up; ${d.settings.cycle ? 'call → serve → finish cycles' : 'each counter called once (one write per call)'}.`,
  );
  p();
  p(
    '| clients (subscribed) | per topic | calls/s offered (achieved) | calls | call→last client p50 / p90 / p99 / max, ms | call-next HTTP p50 / p99, ms | server cores / other load | server RSS idle → peak, MB |',
  );
  p('|---|---|---|---|---|---|---|---|');
  for (const sc of d.scenarios) {
    for (const ph of sc.phases) {
      const l = ph.latencyMs;
      p(
        `| ${sc.clients} (${sc.subscribed}) | ${sc.clientsPerTopic} | ${ph.rate} (${r(ph.achievedCallsPerSec)}) | ${l.samples}${l.incomplete ? ` (+${l.incomplete} incomplete)` : ''} | ${r(l.p50)} / ${r(l.p90)} / **${r(l.p99)}** / ${r(l.max)} | ${r(ph.callNextHttpMs.p50)} / ${r(ph.callNextHttpMs.p99)} | ${r(ph.load.serverCores, 2)} / ${r(ph.load.otherCoresInclShards, 2)} | ${r(sc.serverMemoryMB.idleRssWithClients)} → ${r(ph.serverPeakRssMB)} |`,
      );
    }
  }
  p();
  p(
    '| clients | connect + subscribe all, s | server CPU per subscribe, ms | server RSS before clients → with clients idle, MB | KB per client |',
  );
  p('|---|---|---|---|---|');
  for (const sc of d.scenarios) {
    const m = sc.serverMemoryMB;
    p(
      `| ${sc.subscribed} | ${r(sc.connect.seconds)} | ${r(sc.connect.serverCpuMsPerClient, 2)} | ${r(m.baselineRss)} → ${r(m.idleRssWithClients)} | ${r(m.kbPerClient, 1)} |`,
    );
  }
  p();
}

issuance('issuance-sqlite-idle', 'Issuance — SQLite (WAL, synchronous=FULL), idle machine');
issuance('issuance-sqlite', 'Issuance — SQLite (WAL, synchronous=FULL)');
issuance('issuance-sqlite-quiet-windows', 'Issuance — SQLite, every window gated on a quiet machine');
issuance('issuance-sqlite-sequential', 'Issuance — SQLite (WAL, synchronous=FULL)');
callToDisplay('call-to-display-sqlite-idle');
callToDisplay('call-to-display-sqlite-run1');
callToDisplay('call-to-display-sqlite');
issuance('issuance-postgres-idle', 'Issuance — PostgreSQL, idle machine');
issuance('issuance-postgres', 'Issuance — PostgreSQL');
let text = `${out.join('\n')}\n`;
const file = path.join(RESULTS_DIR, 'summary.md');
try {
  // Formatted like the repo's other markdown (prettier is a dev tool of the repo).
  const { default: prettier } = await import('prettier');
  text = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
} catch {
  // plain markdown is fine without it
}
fs.writeFileSync(file, text);
process.stdout.write(text);
