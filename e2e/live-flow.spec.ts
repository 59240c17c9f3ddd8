import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newContext as newClockedContext, pageClockOffset, test } from './clock';
import { announcementText } from '@antrean/shared/voice/announcement';
import {
  DEMO_PASSWORD,
  OwnServer,
  apiAs,
  choose,
  countBranchTickets,
  freePort,
  kioskConfig,
  requireGestureForAudio,
  signIn,
} from './helpers';

/**
 * The live flow against the real built server (SQLite, demo data): a kiosk ticket is called at
 * a counter and every live screen follows — the display (number, status, spoken sentence, in
 * ≤ 2 s), the e-ticket, the supervisor's monitor — plus a double tap at the kiosk and a display
 * that rides out a killed and restarted server without a reload.
 */

const BRANCH_CODE = 'JKT01';
const KIOSK_CODE = 'KIOS-JKT01';
const DISPLAY_CODE = 'DSP-JKT01';
const COUNTER = { name: 'Loket 1', number: 1 } as const;
/** A call must be on the display this fast: call → display ≤ 2 s, the product's promise. */
const CALL_TO_DISPLAY_MS = 2_000;

const KIOSK_TEXT = {
  service: 'Teller',
  deliveryTitle: 'Bagaimana Anda ingin menerima tiket?',
  print: 'Cetak tiket',
  resultTitle: 'Nomor antrean Anda',
  qr: 'Kode QR tiket elektronik',
  done: 'Selesai',
} as const;
const DISPLAY_TEXT = {
  soundTitle: 'Suara pengumuman belum aktif',
  soundUnlock: 'Ketuk untuk mengaktifkan suara',
  calling: 'Memanggil',
  offline: 'Offline',
} as const;

/** A ticket number as printed: service letter(s) then digits (A001). */
const TICKET_NUMBER = /^[A-Z]{1,3}\d{3,}$/;
const ISSUE_PATH = /^\/api\/v1\/branches\/[^/]+\/tickets$/;

interface SpokenEntry {
  lang: string;
  text: string;
}

/** What the display said so far (announcer.ts pushes every sentence to window.__antreanSpoken). */
async function spoken(display: Page): Promise<SpokenEntry[]> {
  return display.evaluate(
    () => (window as unknown as { __antreanSpoken?: SpokenEntry[] }).__antreanSpoken ?? [],
  );
}

/** The Indonesian sentence the display must speak, from the shared builder the display uses. */
function expectedSentence(ticketNumber: string, counter: { name: string; number: number }): string {
  const text = announcementText({
    ticketNumber,
    counterName: counter.name,
    counterNumber: counter.number,
    language: 'id',
  });
  // The builder itself, pinned: "Nomor antrian A <number words>, silakan menuju loket <words>".
  expect(text).toMatch(/^Nomor antrian [A-Z]( [A-Z])*( [a-z]+)+, silakan menuju loket [a-z ]+$/);
  return text;
}

/** The display's tile of one counter: a region named after it (parts.tsx CounterTile). */
function counterTile(display: Page, name: string) {
  return display.getByRole('region', { name, exact: true });
}

/** Opens a display and taps its "enable sound" overlay, as staff do once after switching it on. */
async function openDisplayWithSound(display: Page, url: string): Promise<void> {
  await display.goto(url);
  const overlay = display.getByRole('dialog', { name: DISPLAY_TEXT.soundTitle });
  await expect(overlay).toBeVisible();
  await overlay.getByRole('button', { name: DISPLAY_TEXT.soundUnlock }).click();
  await expect(overlay).toBeHidden();
  await expect(counterTile(display, COUNTER.name)).toBeVisible();
}

interface TileSeen {
  /** Date.now() in the page when the tile first showed the number (the servers' clock: subtract `pageClockOffset` for the runner's). */
  at: number;
  /** The tile's text at that moment. */
  text: string;
}

/**
 * Starts watching a counter tile for `number`, inside the page: a MutationObserver records the
 * moment the number lands in the tile and the tile's text then (so the status shown with the
 * number is the one checked, before the display's ack turns "Memanggil" into "Dipanggil", and
 * the time does not depend on when the test gets to look). Call before the action; then
 * `tileSeen` waits for the record.
 */
async function watchTile(display: Page, counter: string, number: string): Promise<void> {
  await display.evaluate(
    ({ counter, number }) => {
      const w = window as unknown as { __tileSeen: { at: number; text: string } | null };
      w.__tileSeen = null;
      const check = () => {
        if (w.__tileSeen) return;
        for (const section of document.querySelectorAll('section[aria-labelledby]')) {
          const heading = document.getElementById(section.getAttribute('aria-labelledby') ?? '');
          if (heading?.textContent.trim() !== counter) continue;
          const text = (section as HTMLElement).innerText;
          if (text.includes(number)) {
            w.__tileSeen = { at: Date.now(), text };
            observer.disconnect();
          }
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
    },
    { counter, number },
  );
}

async function tileSeen(display: Page, timeout = 10_000): Promise<TileSeen> {
  const handle = await display.waitForFunction(
    () => (window as unknown as { __tileSeen: { at: number; text: string } | null }).__tileSeen,
    undefined,
    { timeout },
  );
  return (await handle.jsonValue()) as TileSeen;
}

/** The kiosk as installed: a printer that the test counts instead of a print dialog. */
async function kioskContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await newClockedContext(browser, { baseURL });
  await context.addInitScript(() => {
    const w = window as unknown as { __printed: number; print: () => void };
    w.__printed = 0;
    w.print = () => {
      w.__printed += 1;
    };
  });
  return context;
}

test.describe.serial('live flow: kiosk → caller → display, e-ticket, supervisor', () => {
  let baseURL = '';
  let branchId = '';
  let operator: APIRequestContext | null = null;
  const contexts: BrowserContext[] = [];

  test.beforeAll(async ({ baseURL: configured }) => {
    baseURL = configured ?? '';
    expect(baseURL, 'baseURL from playwright.config.ts').not.toBe('');
    operator = await apiAs(baseURL, 'operator.jkt01');
    const config = await kioskConfig(operator, KIOSK_CODE);
    expect(config.branch.code).toBe(BRANCH_CODE);
    branchId = config.branch.id;
    // A clean queue: no earlier ticket is called before ours, no counter is busy.
    const admin = await apiAs(baseURL, 'admin.nusantara');
    const reset = await admin.post(`/api/v1/branches/${branchId}/reset-queue`, { data: {} });
    expect(reset.status(), 'reset queue').toBe(200);
    await admin.dispose();
  });

  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await operator?.dispose();
  });

  test('a kiosk ticket is called: caller, display (≤ 2 s, voice), e-ticket and supervisor follow', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const newContext = async (kind: 'kiosk' | 'display' | 'other' = 'other') => {
      const context =
        kind === 'kiosk'
          ? await kioskContext(browser, baseURL)
          : await newClockedContext(browser, { baseURL });
      if (kind === 'display') await requireGestureForAudio(context);
      contexts.push(context);
      return context.newPage();
    };

    // ── 1. kiosk ────────────────────────────────────────────────────────────────────────────
    const kiosk = await newContext('kiosk');
    const ticket =
      await test.step('1. kiosk: tap Teller, choose "Cetak tiket" → the number is shown', async () => {
        await kiosk.goto(`/mkios/${KIOSK_CODE}`);
        const teller = kiosk.getByRole('button', { name: KIOSK_TEXT.service, exact: true });
        await expect(teller, 'Teller is open (the demo opens JKT01 around the clock)').toBeEnabled();
        await teller.click();
        // JKT01 offers WhatsApp tickets, so the kiosk asks how to deliver the ticket.
        await expect(kiosk.getByRole('heading', { name: KIOSK_TEXT.deliveryTitle })).toBeVisible();
        const issued = kiosk.waitForResponse(
          (r) => r.request().method() === 'POST' && ISSUE_PATH.test(new URL(r.url()).pathname),
        );
        await kiosk.getByRole('button', { name: KIOSK_TEXT.print, exact: true }).click();
        const response = await issued;
        expect(response.status()).toBe(201);
        const body = (await response.json()) as { number: string; uniqueCode: string; branchId: string };

        const main = kiosk.getByRole('main');
        await expect(main.getByRole('heading', { name: KIOSK_TEXT.resultTitle })).toBeVisible();
        const numberOnPage = main.getByText(TICKET_NUMBER);
        await expect(numberOnPage).toHaveCount(1);
        const number = (await numberOnPage.innerText()).trim();
        expect(number).toBe(body.number);
        expect(number.startsWith('A'), 'Teller numbers start with A').toBe(true);
        expect(body.branchId).toBe(branchId);
        // The e-ticket QR is on screen, and the ticket was printed once.
        await expect(main.getByRole('img', { name: KIOSK_TEXT.qr })).toBeVisible();
        await expect
          .poll(() => kiosk.evaluate(() => (window as unknown as { __printed: number }).__printed))
          .toBe(1);
        return { number, uniqueCode: body.uniqueCode };
      });

    // ── 5a. e-ticket, opened before the call ───────────────────────────────────────────────
    const eticket = await newContext();
    await test.step('5a. e-ticket: the kiosk QR link /eticket-on-site/:uniqueCode shows the waiting ticket', async () => {
      // The QR encodes `${origin}/eticket-on-site/${uniqueCode}` (devices/onsite/device-kit.ts eticketUrl).
      await eticket.goto(`${baseURL}/eticket-on-site/${encodeURIComponent(ticket.uniqueCode)}`);
      await expect(eticket.getByRole('heading', { name: KIOSK_TEXT.resultTitle })).toBeVisible();
      await expect(eticket.getByText(ticket.number, { exact: true })).toBeVisible();
      await expect(eticket.getByText('Menunggu dipanggil')).toBeVisible();
      await expect(eticket.getByRole('alert')).toHaveCount(0);
      await expect(eticket.getByRole('status').filter({ hasText: 'Terhubung' })).toBeVisible();
    });

    // ── 3a. display, opened before the call ────────────────────────────────────────────────
    const display = await newContext('display');
    await test.step('3a. display: the sound overlay is shown and tapped', async () => {
      await openDisplayWithSound(display, `/display/${DISPLAY_CODE}`);
      await expect(counterTile(display, COUNTER.name)).not.toContainText(ticket.number);
      expect(await spoken(display)).toEqual([]);
    });

    // ── 2. caller ──────────────────────────────────────────────────────────────────────────
    const caller = await newContext();
    await test.step('2a. caller: sign in, Cabang / Layanan Teller / Loket 1, "Mulai melayani"', async () => {
      await caller.goto('/login-caller');
      await signIn(caller, 'caller.jkt01a', DEMO_PASSWORD);
      // One branch: shown read-only; several: a select.
      const branch = caller.getByLabel('Cabang', { exact: true });
      await expect(branch).toBeVisible();
      if (await branch.isEditable()) await choose(caller, 'Cabang', /KC Jakarta Sudirman/);
      else await expect(branch).toHaveValue('KC Jakarta Sudirman');
      await choose(caller, 'Layanan', /Teller/);
      await choose(caller, 'Loket', COUNTER.name);
      await caller.getByRole('button', { name: 'Mulai melayani' }).click();
      await expect(caller).toHaveURL(/\/caller(\/|$|\?)/);
      await expect(caller.getByRole('status').filter({ hasText: 'Terhubung' }).first()).toBeVisible();
    });

    await test.step('2b+3b. caller: "Panggil berikutnya" → the number is current, and on the display within 2 s', async () => {
      const isCallNext = (r: { method(): string; url(): string }) =>
        r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/call-next');
      let sentAt = 0;
      caller.on('request', (r) => {
        if (isCallNext(r)) sentAt = Date.now();
      });
      const callNext = caller.waitForResponse((r) => isCallNext(r.request()));
      const button = caller.getByRole('button', { name: 'Panggil berikutnya' });
      await expect(button).toBeEnabled();
      await watchTile(display, COUNTER.name, ticket.number);
      const displayClock = await pageClockOffset(display);
      const clickedAt = Date.now();
      await button.click();
      const response = await callNext;
      const respondedAt = Date.now();
      expect(response.status()).toBe(200);
      expect(((await response.json()) as { number: string }).number).toBe(ticket.number);

      const seen = await tileSeen(display);
      const tileText = seen.text;
      const shownAt = seen.at - displayClock;
      const timings = {
        clickToDisplayMs: shownAt - clickedAt,
        clickToRequestMs: sentAt - clickedAt,
        requestToResponseMs: respondedAt - sentAt,
        /** Negative when the display had it before the caller's browser got the HTTP answer. */
        responseToDisplayMs: shownAt - respondedAt,
      };
      test.info().annotations.push({ type: 'call → display', description: JSON.stringify(timings) });
      process.stdout.write(`call → display: ${JSON.stringify(timings)}\n`);
      expect(tileText, 'shown while still being called').toContain(DISPLAY_TEXT.calling);
      expect(timings.clickToDisplayMs, 'click → number on the display').toBeLessThanOrEqual(
        CALL_TO_DISPLAY_MS,
      );

      await expect(caller.getByTestId('current-ticket-number')).toHaveText(ticket.number);
    });

    await test.step('3c. display: spoke exactly the Indonesian sentence for the number and Loket 1', async () => {
      const sentence = expectedSentence(ticket.number, COUNTER);
      await expect
        .poll(() => spoken(display), { timeout: 10_000 })
        .toContainEqual({ lang: 'id-ID', text: sentence });
      const all = await spoken(display);
      expect(all.length).toBeGreaterThan(0);
      for (const entry of all) expect(entry).toEqual({ lang: 'id-ID', text: sentence });
    });

    await test.step('5b. e-ticket: "Silakan menuju Loket 1"', async () => {
      await expect(eticket.getByRole('alert')).toContainText(`Silakan menuju ${COUNTER.name}`);
    });

    // ── 4. supervisor ──────────────────────────────────────────────────────────────────────
    const supervisor = await newContext();
    await test.step('4. supervisor: monitor of JKT01 shows Loket 1 busy with the number', async () => {
      await supervisor.goto('/login');
      await signIn(supervisor, 'supervisor.jkt01', DEMO_PASSWORD);
      await expect(supervisor).toHaveURL(/\/spv\/monitoring\/[^/?#]+/);
      const me = await supervisor.request.get('/api/v1/auth/me');
      const userId = ((await me.json()) as { user: { id: string } }).user.id;
      expect(new URL(supervisor.url()).pathname).toBe(`/spv/monitoring/${encodeURIComponent(userId)}`);

      await supervisor.getByLabel('Kode cabang').fill(BRANCH_CODE);
      await supervisor.getByRole('button', { name: 'Tampilkan' }).click();
      const row = supervisor.getByRole('row').filter({ hasText: COUNTER.name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(ticket.number);
      await expect(row).toContainText(DISPLAY_TEXT.calling);
    });
  });

  test('7. a double tap at the kiosk makes exactly one ticket', async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await kioskContext(browser, baseURL);
    contexts.push(context);
    const kiosk = await context.newPage();
    const posts: { response(): Promise<unknown> }[] = [];
    kiosk.on('request', (r) => {
      if (r.method() === 'POST' && ISSUE_PATH.test(new URL(r.url()).pathname)) posts.push(r);
    });
    const main = kiosk.getByRole('main');
    const resultHeading = main.getByRole('heading', { name: KIOSK_TEXT.resultTitle });
    const deliveryHeading = main.getByRole('heading', { name: KIOSK_TEXT.deliveryTitle });
    /** Waits for every ticket request the kiosk sent, then counts the branch's tickets. */
    const settledCount = async () => {
      await Promise.all(posts.map((r) => r.response()));
      return countBranchTickets(operator!, branchId);
    };

    await kiosk.goto(`/mkios/${KIOSK_CODE}`);
    const teller = main.getByRole('button', { name: KIOSK_TEXT.service, exact: true });
    await expect(teller).toBeEnabled();

    const print = main.getByRole('button', { name: KIOSK_TEXT.print, exact: true });
    const beforeDoubleTaps = await settledCount();

    await test.step('double tap (mouse dblclick) on Teller → the delivery question, nothing chosen for the visitor', async () => {
      await teller.dblclick();
      // The second tap lands on "Cetak tiket", which the first tap put under the finger: ignored.
      await expect(deliveryHeading).toBeVisible();
      await expect(print, 'not printing').toBeEnabled();
      await expect(resultHeading).toHaveCount(0);
      expect(posts, 'no ticket requested').toHaveLength(0);
    });

    await test.step('double tap (mouse dblclick) on "Cetak tiket" → exactly one ticket', async () => {
      await print.dblclick();
      await expect(resultHeading).toBeVisible();
      await expect(main.getByText(TICKET_NUMBER)).toHaveCount(1);
      expect(await settledCount(), 'one ticket for both double taps').toBe(beforeDoubleTaps + 1);
    });

    await test.step('two clicks on "Cetak tiket" in the same task (before React re-renders)', async () => {
      await main.getByRole('button', { name: KIOSK_TEXT.done }).click();
      await teller.click();
      await expect(deliveryHeading).toBeVisible();
      const before = await settledCount();
      const sent = posts.length;
      await print.evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });
      await expect(resultHeading).toBeVisible();
      expect(posts.length - sent, 'ticket requests sent').toBeGreaterThanOrEqual(1);
      expect(await settledCount()).toBe(before + 1);
    });
  });
});

test.describe('6. server killed and restarted', () => {
  let server: OwnServer | null = null;
  let dataDir = '';
  const apis: APIRequestContext[] = [];
  const contextsToClose: BrowserContext[] = [];

  test.afterAll(async () => {
    for (const context of contextsToClose) await context.close();
    for (const api of apis) await api.dispose();
    await server?.kill();
    if (dataDir.includes('antrean-e2e-restart-')) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the display reconnects without a reload, shows Offline meanwhile, then the current state', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antrean-e2e-restart-'));
    const own = new OwnServer(await freePort(), dataDir);
    server = own;
    const baseURL = own.baseURL;
    const signedInCaller = async () => {
      const api = await apiAs(baseURL, 'caller.jkt01a');
      apis.push(api);
      return api;
    };
    /** Calls the next ticket at a counter; returns the called ticket. */
    const callNext = async (api: APIRequestContext, counterId: string) => {
      const response = await api.post(`/api/v1/counters/${counterId}/call-next`);
      expect(response.status(), 'call-next').toBe(200);
      return (await response.json()) as { id: string; number: string };
    };

    const setup =
      await test.step('own server: start (demo seed: JKT01 open around the clock), issue three tickets', async () => {
        await own.start();
        const caller = await signedInCaller();
        const config = await kioskConfig(caller, KIOSK_CODE);
        const teller = config.services.find((s) => s.name === KIOSK_TEXT.service);
        expect(teller).toBeDefined();
        const numbers: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          const issued = await caller.post(`/api/v1/branches/${config.branch.id}/tickets`, {
            headers: { 'X-Kiosk-Code': KIOSK_CODE, 'Idempotency-Key': crypto.randomUUID() },
            data: { serviceId: teller?.id, channel: 'kiosk' },
          });
          expect(issued.status(), 'kiosk ticket').toBe(201);
          numbers.push(((await issued.json()) as { number: string }).number);
        }
        const counters = await caller.get(`/api/v1/branches/${config.branch.id}/counters`);
        const items = ((await counters.json()) as { items: { id: string; name: string; number: number }[] })
          .items;
        const counter = (name: string) => {
          const found = items.find((c) => c.name === name);
          if (!found) throw new Error(`no counter ${name}`);
          return found;
        };
        return { numbers, loket1: counter('Loket 1'), loket2: counter('Loket 2') };
      });
    const [first = '', second = '', third = ''] = setup.numbers;

    const context = await newClockedContext(browser, { baseURL });
    contextsToClose.push(context);
    await requireGestureForAudio(context);
    const display = await context.newPage();
    let loads = 0;
    display.on('load', () => {
      loads += 1;
    });
    const offlineMarker = display.getByRole('status').filter({ hasText: DISPLAY_TEXT.offline });
    const marker = () => display.evaluate(() => (window as unknown as { __marker?: number }).__marker);
    let firstTicketId = '';

    await test.step('display open (window.__marker = 1); first ticket called at Loket 1 and shown', async () => {
      await openDisplayWithSound(display, `/display/${DISPLAY_CODE}`);
      await display.evaluate(() => {
        (window as unknown as { __marker: number }).__marker = 1;
      });
      const called = await callNext(await signedInCaller(), setup.loket1.id);
      expect(called.number).toBe(first);
      firstTicketId = called.id;
      await expect(counterTile(display, 'Loket 1')).toContainText(first);
      await expect(offlineMarker).toHaveCount(0);
    });

    await test.step('SIGKILL the server → the display shows "Offline" and keeps the last state', async () => {
      await own.kill();
      await expect(offlineMarker).toBeVisible({ timeout: 15_000 });
      await expect(counterTile(display, 'Loket 1')).toContainText(first);
    });

    await test.step('restart on the same port and data; a call made before the display is back is caught up', async () => {
      // Keep the display off the network until the call is made: it must then learn of it from
      // the fresh snapshot it asks for on reconnecting (a new server process, a new epoch).
      await context.setOffline(true);
      await own.start();
      const called = await callNext(await signedInCaller(), setup.loket2.id);
      expect(called.number).toBe(second);
      await expect(offlineMarker).toBeVisible();
      await expect(counterTile(display, 'Loket 2')).not.toContainText(second);
      await context.setOffline(false);

      await expect(offlineMarker).toHaveCount(0, { timeout: 30_000 });
      expect(await marker(), 'same document: window.__marker survived').toBe(1);
      expect(loads, 'no reload').toBe(1);
      // The server's state: Loket 1 still has the first ticket, Loket 2 the one called meanwhile.
      await expect(counterTile(display, 'Loket 1')).toContainText(first);
      await expect(counterTile(display, 'Loket 2')).toContainText(second);
      await expect(counterTile(display, 'Loket 2')).toContainText(/Memanggil|Dipanggil/);
      // Still "calling" (no display acked it), so the display announces it on catching up.
      const sentence = expectedSentence(second, { name: 'Loket 2', number: 2 });
      await expect
        .poll(() => spoken(display), { timeout: 10_000 })
        .toContainEqual({ lang: 'id-ID', text: sentence });
    });

    await test.step('a live call after the reconnect: on the display within 2 s, with status and voice', async () => {
      const caller = await signedInCaller();
      for (const action of ['serve', 'finish']) {
        const response = await caller.post(`/api/v1/tickets/${firstTicketId}/${action}`);
        expect(response.status(), `${action} ${first}`).toBe(200);
      }
      await watchTile(display, 'Loket 1', third);
      const displayClock = await pageClockOffset(display);
      const calledAt = Date.now();
      const called = await callNext(caller, setup.loket1.id);
      expect(called.number).toBe(third);
      const seen = await tileSeen(display);
      const tileText = seen.text;
      const ms = seen.at - displayClock - calledAt;
      process.stdout.write(`after restart: call → display ${ms} ms\n`);
      expect(tileText).toContain(DISPLAY_TEXT.calling);
      expect(ms).toBeLessThanOrEqual(CALL_TO_DISPLAY_MS);
      const sentence = expectedSentence(third, COUNTER);
      await expect
        .poll(() => spoken(display), { timeout: 10_000 })
        .toContainEqual({ lang: 'id-ID', text: sentence });
      expect(await marker()).toBe(1);
      expect(loads, 'no reload').toBe(1);
    });
  });
});
