import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, newContext as newClockedContext, test } from './clock';
import { announcementText } from '@antrean/shared/voice/announcement';
import { DEMO_PASSWORD, apiAs, kioskConfig, signIn } from './helpers';

/**
 * Issue 10 in the built app: an admin changes a currency rate in the one rates form and the
 * display shows it without a reload; the voice mode is set to digit by digit and the next call is
 * spoken that way (speechSynthesis.speak is observed by an init script).
 */
const KIOSK_CODE = 'KIOS-JKT01';
const DISPLAY_CODE = 'DSP-JKT01';

async function openDisplay(context: BrowserContext): Promise<Page> {
  await context.addInitScript(() => {
    const w = window as unknown as { __uttered: string[] };
    w.__uttered = [];
    const synth = window.speechSynthesis;
    const original = synth.speak.bind(synth);
    synth.speak = (utterance: SpeechSynthesisUtterance) => {
      w.__uttered.push(utterance.text);
      original(utterance);
      // Headless Chromium may have no voices: end the utterance so the next call is not held up.
      setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 50);
    };
  });
  const display = await context.newPage();
  await display.goto(`/display/${DISPLAY_CODE}`);
  const overlay = display.getByRole('button', { name: 'Ketuk untuk mengaktifkan suara' });
  if (await overlay.isVisible({ timeout: 3_000 }).catch(() => false)) await overlay.click();
  await expect(display.getByRole('region', { name: 'Loket 1', exact: true })).toBeVisible();
  return display;
}

test.describe.serial('display boards: rates and voice live on the display', () => {
  let baseURL = '';
  let branchId = '';
  let tellerId = '';
  let caller: APIRequestContext | null = null;
  const contexts: BrowserContext[] = [];

  test.beforeAll(async ({ baseURL: configured }) => {
    baseURL = configured ?? '';
    caller = await apiAs(baseURL, 'caller.jkt01a');
    const config = await kioskConfig(caller, KIOSK_CODE);
    branchId = config.branch.id;
    tellerId = config.services.find((s) => s.name === 'Teller')?.id ?? '';
    const admin = await apiAs(baseURL, 'admin.nusantara');
    expect((await admin.post(`/api/v1/branches/${branchId}/reset-queue`, { data: {} })).status()).toBe(200);
    await admin.dispose();
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await caller?.dispose();
  });

  test('a rate changed in the rates form and digit-by-digit voice reach the open display without a reload', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const displayContext = await newClockedContext(browser, { baseURL });
    contexts.push(displayContext);
    const display = await openDisplay(displayContext);
    let loads = 0;
    display.on('load', () => {
      loads += 1;
    });
    const board = display.getByRole('region', { name: 'Kurs valuta asing' });

    const adminContext = await newClockedContext(browser, { baseURL });
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await admin.goto('/login');
    await signIn(admin, 'admin.nusantara', DEMO_PASSWORD);

    await test.step('the admin sets the USD buy rate in the one rates form', async () => {
      await admin.goto('/dashboard/master/valas');
      await admin.getByRole('button', { name: 'Perbarui kurs' }).click();
      const drawer = admin.getByRole('dialog', { name: 'Perbarui kurs semua valas' });
      const buy = drawer.getByRole('textbox', { name: 'USD e-Rate · Beli' });
      await buy.fill('16999.25');
      await drawer.getByRole('button', { name: 'Simpan kurs' }).click();
      await expect(admin.getByText('Kurs disimpan untuk semua cabang.')).toBeVisible();
    });

    await test.step('the display shows it without a reload (the board rotates with the interest rates)', async () => {
      await expect(board.getByRole('row', { name: /USD/ })).toContainText('16.999,25', { timeout: 20_000 });
      await expect(board.getByText(/^Diperbarui /)).toBeVisible();
    });

    await test.step('the admin sets the voice to digit by digit', async () => {
      await admin.goto('/dashboard/parameter/mode-suara');
      await admin.getByRole('radio', { name: /Per digit/ }).check();
      await admin.getByRole('button', { name: 'Simpan' }).click();
      await expect(admin.getByText('Mode suara disimpan.')).toBeVisible();
    });

    await test.step('the next call is spoken digit by digit', async () => {
      const api = caller;
      if (!api) throw new Error('caller');
      const issued = await api.post(`/api/v1/branches/${branchId}/tickets`, {
        headers: { 'X-Kiosk-Code': KIOSK_CODE, 'Idempotency-Key': crypto.randomUUID() },
        data: { serviceId: tellerId, channel: 'kiosk' },
      });
      expect(issued.status()).toBe(201);
      const counters = (await (await api.get(`/api/v1/branches/${branchId}/counters`)).json()) as {
        items: { id: string; name: string; number: number }[];
      };
      const loket1 = counters.items.find((c) => c.name === 'Loket 1');
      if (!loket1) throw new Error('no Loket 1');
      const called = await api.post(`/api/v1/counters/${loket1.id}/call-next`);
      expect(called.status()).toBe(200);
      const { number } = (await called.json()) as { number: string };
      const expected = announcementText({
        ticketNumber: number,
        counterName: 'Loket 1',
        counterNumber: 1,
        language: 'id',
        style: 'digits',
      });
      expect(expected).toMatch(/nol/);
      await expect
        .poll(() => display.evaluate(() => (window as unknown as { __uttered: string[] }).__uttered), {
          timeout: 15_000,
        })
        .toContain(expected);
    });
    expect(loads, 'the display never reloaded').toBe(0);

    // Back to the demo's voice for the other specs.
    await admin.goto('/dashboard/parameter/mode-suara');
    await admin.getByRole('radio', { name: /Sebagai angka/ }).check();
    await admin.getByRole('button', { name: 'Simpan' }).click();
    await expect(admin.getByText('Mode suara disimpan.')).toBeVisible();
  });
});
