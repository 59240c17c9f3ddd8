#!/usr/bin/env node
// Summarises a V8 .cpuprofile (node --cpu-prof): self time by package/area and the top
// functions, plus inclusive time of a few functions of interest.
//
//   node bench/lib/cpuprofile-summary.mjs <file.cpuprofile> [--top 30] [--json] [--from-us N --to-us N]
import fs from 'node:fs';
import { parseArgs } from './common.mjs';

/** Where a frame's code lives: a package, our code, Node internals, or a V8 pseudo-frame. */
function areaOf(callFrame) {
  const url = callFrame.url ?? '';
  const fn = callFrame.functionName;
  if (!url) {
    if (fn === '(garbage collector)') return 'GC';
    if (fn === '(idle)') return 'idle';
    if (fn === '(program)') return 'V8/native (program)';
    if (fn.startsWith('RegExp:')) return 'native: RegExp';
    return `native: ${(fn || '(anonymous)').slice(0, 40)}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] === 'tsx' || pkg[1] === 'esbuild' ? `loader (${pkg[1]})` : pkg[1];
  if (url.includes('/apps/server/src/')) return `server: ${url.split('/apps/server/src/')[1].split('/')[0]}`;
  if (url.includes('/packages/shared/')) return 'shared';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url;
}

/**
 * `window` (optional): { fromUs, toUs } on the profile's clock, which is CLOCK_MONOTONIC like
 * process.hrtime.bigint() / 1000n in any process of the machine: only samples inside count.
 */
export function summarise(profile, top = 30, window = undefined) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += deltas[i] ?? 0;
    if (window && (t < window.fromUs || t > window.toUs)) continue;
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idleIds = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  const idle = [...idleIds].reduce((a, id) => a + (self.get(id) ?? 0), 0);
  const busy = total - idle;

  const byArea = new Map();
  const byFn = new Map();
  for (const [id, us] of self) {
    if (idleIds.has(id)) continue;
    const n = nodes.get(id);
    const area = areaOf(n.callFrame);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    const key = `${(n.callFrame.functionName || '(anonymous)').slice(0, 60)}  ${(n.callFrame.url ?? '').replace(/^.*node_modules\//, '').replace(/^.*\/work\/main\//, '')}:${n.callFrame.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  const pct = (us) => Math.round((us / busy) * 1000) / 10;
  const sorted = (m) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return {
    wallMs: Math.round(total / 1000),
    busyMs: Math.round(busy / 1000),
    idleMs: Math.round(idle / 1000),
    areas: sorted(byArea)
      .slice(0, top)
      .map(([area, us]) => ({ area, ms: Math.round(us / 1000), pctOfBusy: pct(us) })),
    functions: sorted(byFn)
      .slice(0, top)
      .map(([fn, us]) => ({ fn, ms: Math.round(us / 1000), pctOfBusy: pct(us) })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs();
  const file = process.argv[2];
  const window = args['from-us']
    ? { fromUs: Number(args['from-us']), toUs: Number(args['to-us'] ?? Infinity) }
    : undefined;
  const summary = summarise(JSON.parse(fs.readFileSync(file, 'utf8')), Number(args.top ?? 30), window);
  if (args.json) {
    console.log(JSON.stringify(summary, null, 2));
  } else {
    console.log(`wall ${summary.wallMs} ms, busy ${summary.busyMs} ms, idle ${summary.idleMs} ms`);
    console.log('\nself time by area (% of busy):');
    for (const a of summary.areas) {
      console.log(`  ${String(a.pctOfBusy).padStart(5)}%  ${String(a.ms).padStart(6)} ms  ${a.area}`);
    }
    console.log('\ntop functions (self):');
    for (const f of summary.functions) {
      console.log(`  ${String(f.pctOfBusy).padStart(5)}%  ${String(f.ms).padStart(6)} ms  ${f.fn}`);
    }
  }
}
