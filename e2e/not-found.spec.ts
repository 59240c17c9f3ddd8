import { expect, test } from './clock';

test('an unknown screen shows the not-found page', async ({ page }) => {
  await page.goto('/tidak-ada');
  await expect(page.getByRole('heading', { name: /tidak ditemukan|404/i })).toBeVisible();
});

test('an unknown API path answers a JSON 404', async ({ request }) => {
  const response = await request.get('/api/v1/tidak-ada');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
});
