#!/usr/bin/env node
// Refreshes docs/screenshot.png (the README's picture): starts the BUILT app (`npm run build`
// first) on a temporary demo database, signs in as admin.nusantara in Debian's Chromium and
// captures the dashboard.  Usage: node scripts/screenshot.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('@playwright/test');
const port = 3211;
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antrean-shot-'));

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ANTREAN_SEED: 'demo',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 }, locale: 'id-ID', baseURL });
  await page.goto('/login');
  await page.getByLabel('Nama pengguna', { exact: true }).fill('admin.nusantara');
  await page.getByLabel('Kata sandi', { exact: true }).fill('antrean123');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.getByRole('heading', { name: /Dasbor/ }).waitFor();
  await page.waitForLoadState('networkidle');
  const file = path.join(root, 'docs/screenshot.png');
  await page.screenshot({ path: file });
  await browser.close();
  console.log(`wrote ${path.relative(root, file)}`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
