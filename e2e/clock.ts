import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

/**
 * The e2e tier under a faked clock (`node scripts/test-at.mjs <scenario> --only e2e`).
 *
 * Chromium does not run under libfaketime, so test-at fakes only the servers' clock (libfaketime
 * with a relative offset, `ANTREAN_E2E_FAKETIME`) and every browser context follows it with
 * Playwright's clock, installed at the same offset from the real time. Without those variables
 * (a normal `npm test`) nothing is faked.
 */
const offsetMs = Number(process.env.ANTREAN_E2E_CLOCK_OFFSET_MS ?? 0);

/** What a server process started by the tests gets in its environment to read the faked clock. */
export function fakeClockServerEnv(): Record<string, string> {
  const {
    ANTREAN_E2E_FAKETIME: faketime,
    ANTREAN_E2E_FAKETIME_LIB: library,
    ANTREAN_E2E_TZ: tz,
  } = process.env;
  if (!faketime || !library) return {};
  return {
    LD_PRELOAD: library,
    FAKETIME: faketime,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    ...(tz ? { TZ: tz } : {}),
  };
}

/** Makes the pages of `context` read the servers' (faked) clock; timers keep running. */
async function followServerClock(context: BrowserContext): Promise<BrowserContext> {
  if (offsetMs !== 0) await context.clock.install({ time: Date.now() + offsetMs });
  return context;
}

/** How far the servers' clock is set from the real one (0 in a normal run). */
export const fakedOffsetMs = offsetMs;

/**
 * How far `page`'s clock reads ahead of the runner's, measured now. A page's Playwright clock
 * starts when the page loads, not when it was installed, so this is the offset of that page
 * (within the round trip of one evaluate), to turn a time the page recorded into the runner's.
 */
export async function pageClockOffset(page: Page): Promise<number> {
  const before = Date.now();
  const pageNow = await page.evaluate(() => Date.now());
  const after = Date.now();
  return pageNow - (before + after) / 2;
}

/** `browser.newContext` whose pages read the servers' clock. */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  return followServerClock(await browser.newContext(options));
}

/** Playwright's `test` whose `context` (and so `page`) reads the servers' clock. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await use(await followServerClock(context));
  },
});

export { expect } from '@playwright/test';
