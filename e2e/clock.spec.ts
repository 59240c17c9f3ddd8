import { expect, fakedOffsetMs, pageClockOffset, test } from './clock';

// Under `node scripts/test-at.mjs <scenario> --only e2e` the server's clock is faked and the
// pages follow it (e2e/clock.ts); in a normal run both read the real time. Either way the page and
// the server must agree, or the e2e tier would prove nothing about the faked instant.
test('the page and the server read the same clock', async ({ page, request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  const serverMs = Date.parse(response.headers().date ?? '');
  expect(Number.isNaN(serverMs), 'the server sends a Date header').toBe(false);

  await page.goto('/login');
  const pageMs = await page.evaluate(() => Date.now());
  expect(Math.abs(pageMs - serverMs), 'page clock − server clock (ms)').toBeLessThan(5_000);
  // The runner keeps the real clock; the page is ahead of it by the faked offset (0 normally).
  expect(Math.abs((await pageClockOffset(page)) - fakedOffsetMs)).toBeLessThan(5_000);
});
