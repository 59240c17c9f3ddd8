#!/usr/bin/env node
// Bundle budget (issue 4): the JavaScript each device route really loads, gzipped.
//
//   npm run build && node bench/bundle-budget.mjs [--budget-kib 150] [--out bundle-budget]
//
// Starts the BUILT server (apps/server/dist/main.js, fresh temporary SQLite with the demo data),
// opens every device route in Debian's Chromium and records each JavaScript response the page
// fetched until the network went idle (entry, static imports, the route's lazy chunk, the pdf/QR
// helpers it pulls in). Sizes are the bytes served and their gzip (level 9, as a CDN or
// `gzip_static` would serve them). The budget is per route: ≤ 150 KiB gzip. Exit code 1 when a
// route is over it. Results go to bench/results/<out>.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { BENCH_DIR, RESULTS_DIR, parseArgs } from './lib/common.mjs';

const args = parseArgs();
const BUDGET_KIB = Number(args['budget-kib'] ?? 150);
const OUT = String(args.out ?? 'bundle-budget');
const ROOT = path.resolve(BENCH_DIR, '..');

const ROUTES = [
  { name: 'kiosk', path: '/mkios/KIOS-JKT01' },
  { name: 'display (classic)', path: '/display/DSP-JKT01' },
  { name: 'display (modern)', path: '/new-display/DSP-JKT01' },
  { name: 'display (videowall)', path: '/big-display/DSP-JKT01' },
  { name: 'display (counter)', path: '/pos-display/DSP-JKT01' },
  { name: 'on-site services', path: '/layanan-on-site/{branchId}' },
  { name: 'staff sign-in (for comparison, not budgeted)', path: '/login', budgeted: false },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

const main = async () => {
  const serverEntry = path.join(ROOT, 'apps/server/dist/main.js');
  const devicesHtml = path.join(ROOT, 'apps/web/dist/devices.html');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(devicesHtml)) {
    throw new Error('build first: npm run build');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antrean-bench-bundle-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverEntry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ANTREAN_SEED: 'demo',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await waitForHealth(url, server);
    const kiosk = await (
      await fetch(`${url}/api/v1/kiosk/config`, { headers: { 'X-Kiosk-Code': 'KIOS-JKT01' } })
    ).json();
    const branchId = kiosk?.branch?.id;
    if (typeof branchId !== 'string') throw new Error('could not read the demo branch id');

    const routes = [];
    for (const route of ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        try {
          const body = await response.body();
          scripts.set(new URL(response.url()).pathname, {
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          });
        } catch {
          // a response without a body (redirect): nothing loaded
        }
      });
      await page.goto(`${url}${route.path.replace('{branchId}', branchId)}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      await context.close();
      const files = [...scripts.entries()]
        .map(([file, size]) => ({ file, ...size }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
      const gzipKiB = files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024;
      const rawKiB = files.reduce((sum, f) => sum + f.bytes, 0) / 1024;
      const budgeted = route.budgeted !== false;
      routes.push({
        name: route.name,
        path: route.path,
        scripts: files.length,
        rawKiB: Math.round(rawKiB * 10) / 10,
        gzipKiB: Math.round(gzipKiB * 10) / 10,
        budgetKiB: budgeted ? BUDGET_KIB : null,
        withinBudget: budgeted ? gzipKiB <= BUDGET_KIB : null,
        files,
      });
      console.log(
        `[bundle] ${route.name.padEnd(46)} ${String(files.length).padStart(2)} scripts  ${rawKiB.toFixed(1).padStart(7)} KiB  gzip ${gzipKiB.toFixed(1).padStart(6)} KiB${budgeted ? (gzipKiB <= BUDGET_KIB ? '  ok' : '  OVER BUDGET') : ''}`,
      );
    }
    const result = { date: new Date().toISOString(), budgetKiB: BUDGET_KIB, routes };
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(RESULTS_DIR, `${OUT}.json`), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`[bundle] written ${path.join(RESULTS_DIR, `${OUT}.json`)}`);
    if (routes.some((r) => r.withinBudget === false)) process.exitCode = 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
