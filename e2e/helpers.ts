import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  request,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { fakeClockServerEnv } from './clock';

export const DEMO_PASSWORD = 'antrean123';

/** The sign-in form's labels in each language (what the web app shows). */
export const LOGIN_TEXT = {
  id: { username: 'Nama pengguna', password: 'Kata sandi', submit: 'Masuk', language: 'Bahasa' },
  en: { username: 'Username', password: 'Password', submit: 'Sign in', language: 'Language' },
} as const;

/** Fills and submits a sign-in form (/login or /login-caller) in the given language. */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  lang: 'id' | 'en' = 'id',
): Promise<void> {
  const text = LOGIN_TEXT[lang];
  await page.getByLabel(text.username, { exact: true }).fill(username);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.submit, exact: true }).click();
}

/**
 * Picks `option` in the control labelled `label`, whatever kind of control it is: a native
 * <select>, a combobox with a listbox (Mantine Select / MultiSelect), or a radio group.
 */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  const control: Locator = page.getByLabel(label, { exact: typeof label === 'string' }).first();
  await expect(control).toBeVisible();
  const kind = await control.evaluate((el) => ({
    tag: el.tagName.toLowerCase(),
    role: el.getAttribute('role') ?? '',
  }));
  const exact = typeof option === 'string';
  if (kind.tag === 'select') {
    const text = await control.locator('option').filter({ hasText: option }).first().textContent();
    await control.selectOption({ label: text ?? '' });
  } else if (kind.role === 'radiogroup') {
    await control.getByRole('radio', { name: option, exact }).check();
  } else {
    await control.click();
    await page.getByRole('option', { name: option, exact }).click();
    // A multi-select keeps its list open; close it so it does not cover the next control.
    await page.keyboard.press('Escape');
  }
}

// ── live-flow helpers: the real server and its HTTP API ─────────────────────────────────────

/** The repository root (e2e/..). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** An API client signed in as a staff member (the session cookie stays in its jar). */
export async function apiAs(baseURL: string, username: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/v1/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.status(), `sign-in of ${username}`).toBe(200);
  return api;
}

/** What the kiosk reads at start: its branch and services (public with the kiosk code). */
export async function kioskConfig(
  api: APIRequestContext,
  kioskCode: string,
): Promise<{ branch: { id: string; code: string }; services: { id: string; name: string; code: string }[] }> {
  const response = await api.get('/api/v1/kiosk/config', { headers: { 'X-Kiosk-Code': kioskCode } });
  expect(response.status(), `kiosk config of ${kioskCode}`).toBe(200);
  return response.json();
}

/** All of today's tickets of a branch that are not cancelled (every count of the live queue). */
export async function countBranchTickets(api: APIRequestContext, branchId: string): Promise<number> {
  const response = await api.get(`/api/v1/branches/${branchId}/queue`);
  expect(response.status(), 'branch queue').toBe(200);
  const queue = (await response.json()) as { services: { counts: Record<string, number> }[] };
  return queue.services.reduce(
    (sum, service) => sum + Object.values(service.counts).reduce((a, b) => a + b, 0),
    0,
  );
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A server process of the test's own (apps/server/dist/main.js, as playwright.config.ts starts
 * the shared one), for tests that stop and restart it. The data stays in `dataDir`.
 */
export class OwnServer {
  private child: ChildProcess | null = null;
  private stderr = '';

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until /api/health answers 200. */
  async start(timeoutMs = 30_000): Promise<void> {
    if (this.child) throw new Error('server already running');
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        ANTREAN_SEED: 'demo',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: this.baseURL,
        ...fakeClockServerEnv(),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) break;
      try {
        const response = await fetch(`${this.baseURL}/api/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const exit = child.exitCode;
    await this.kill();
    throw new Error(`server on ${this.port} did not become healthy (exit ${exit}): ${this.stderr}`);
  }

  /** Kills the process without warning (SIGKILL, as a power cut would) and waits for its end. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child?.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Headless Chromium lets any page play sound (its AudioContext starts `running`, whatever
 * `--autoplay-policy` says), while the browser of a real display needs one tap first. This
 * restores that rule in a context: an AudioContext reads `suspended` and does not resume until
 * the page has had a real (trusted) pointer or key event, as Chrome's default policy requires.
 * (`navigator.userActivation` cannot tell: Playwright's own evaluations count as gestures.)
 */
export async function requireGestureForAudio(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    let gestured = false;
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'keydown', 'touchend']) {
      window.addEventListener(
        type,
        (event) => {
          if (event.isTrusted) gestured = true;
        },
        { capture: true },
      );
    }
    const Native = window.AudioContext;
    class GestureGatedAudioContext extends Native {
      override get state(): AudioContextState {
        return gestured ? super.state : 'suspended';
      }
      override resume(): Promise<void> {
        return gestured ? super.resume() : Promise.resolve();
      }
    }
    window.AudioContext = GestureGatedAudioContext;
  });
}
