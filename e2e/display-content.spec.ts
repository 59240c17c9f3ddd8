import { expect, newContext, test } from './clock';
import { DEMO_PASSWORD, signIn } from './helpers';

/** A 2×2 PNG (red, green, blue, white), made here: the server reads its type from these bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAwMDAwMDAwAAAHvAB/7fn9WQAAAAASUVORK5CYII=',
  'base64',
);

test.describe('what the waiting room sees', () => {
  test('an admin uploads a banner and the demo display shows it without a reload', async ({
    page,
    browser,
  }) => {
    // The display is open first, on its own (no session): it must learn of the banner live.
    const displayContext = await newContext(browser);
    const display = await displayContext.newPage();
    await display.goto('/display/DSP-JKT01');
    const media = display.getByRole('region', { name: 'Informasi' });
    await expect(media).toBeVisible();
    await expect(media.getByRole('img', { name: 'Promo Tabungan Emas E2E' })).toHaveCount(0);

    await page.goto('/login');
    await signIn(page, 'admin.nusantara', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: /Dasbor/ })).toBeVisible();
    await page.goto('/dashboard/parameter/banner');
    await expect(page.getByRole('heading', { name: 'Banner', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Tambah banner' }).click();
    const drawer = page.getByRole('dialog', { name: 'Tambah banner' });

    // The spec's rule first: a name under 10 characters is refused in the form.
    await drawer.getByLabel('Nama').fill('Promo');
    await drawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(drawer.getByText('Nama banner harus 10 sampai 50 karakter.')).toBeVisible();
    await expect(drawer.getByText('File wajib diunggah.')).toBeVisible();

    await drawer.getByLabel('Nama').fill('Promo Tabungan Emas E2E');
    await drawer.locator('input[type="file"]').setInputFiles({
      name: 'promo.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(drawer.getByRole('img', { name: 'Pratinjau Gambar' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Tersimpan. Display terkait menampilkannya sekarang.')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Promo Tabungan Emas E2E', exact: true })).toBeVisible();

    // The display plays it (from its cache), no reload.
    const shown = media.getByRole('img', { name: 'Promo Tabungan Emas E2E' });
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute('src', /^blob:/);
    await displayContext.close();
  });
});
