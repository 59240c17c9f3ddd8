import { expect, fakedOffsetMs, pageClockOffset, test } from './clock';

// Under `node scripts/test-at.mjs <scenario> --only e2e` the server's clock is faked and the
// pages follow it (e2e/clock.ts); in a normal run both read the real time. Either way the page and
// the server must agree, or the e2e tier would prove nothing about the faked instant.
test('the page and the server read the same clock', async ({ page, request }) => {
  await page.goto('/login');
  const startedAt = Date.now();
  const pageMs = await page.evaluate(() => Date.now());
  const response = await request.get('/api/health');
  const elapsed = Date.now() - startedAt;
  expect(response.status()).toBe(200);
  // The Date header has whole seconds; the page was read before the server answered.
  const serverMs = Date.parse(response.headers().date ?? '');
  expect(Number.isNaN(serverMs), 'the server sends a Date header').toBe(false);
  expect(Math.abs(serverMs - pageMs), 'page clock − server clock (ms)').toBeLessThan(elapsed + 2_000);
  // The runner keeps the real clock; the page is ahead of it by the faked offset (0 normally),
  // give or take how long the page took to load (its clock starts then).
  expect(Math.abs((await pageClockOffset(page)) - fakedOffsetMs)).toBeLessThan(60_000);
});
