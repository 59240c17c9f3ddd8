import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { fakeClockServerEnv } from './clock';

/**
 * End-to-end tests against the BUILT app (`npm run build` first; `npm test` does it): the
 * server from apps/server/dist serves the web app from apps/web/dist on a fresh temporary
 * SQLite database with the demo data. The browser is Debian's Chromium; Playwright never
 * downloads one.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

// The config is evaluated in the runner and again in every worker; workers inherit the
// runner's environment, so the temporary directory is made once.
process.env.ANTREAN_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'antrean-e2e-'));
const dataDir = process.env.ANTREAN_E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: false,
  workers: 1,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ANTREAN_SEED: 'demo',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      ...fakeClockServerEnv(),
    },
  },
});
