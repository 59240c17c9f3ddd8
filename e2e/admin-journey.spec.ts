import type { Locator, Page } from '@playwright/test';
import { expect, test } from './clock';
import { DEMO_PASSWORD, signIn } from './helpers';

/**
 * Issue 9's journey: an organisation that has never used the product is set up completely
 * through the admin screens, starting from the platform superadmin, and the queue works for it.
 * Nothing here reads or changes the demo tenant.
 */

/** A 1×1 PNG: the logo and favicon uploads read the type from these bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const ADMIN = { username: 'admin.coblong', fullName: 'Admin Dukcapil Bandung', password: 'rahasia-bandung' };

/** Uploads the PNG through the image field labelled `label` inside `scope`. */
async function uploadImage(page: Page, scope: Locator, label: string, name: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: PNG });
  await expect(scope.getByRole('img', { name: `Pratinjau ${label}` })).toBeVisible();
}

/** Picks `option` in the select labelled `label` inside `scope` (a drawer, not the list behind it). */
async function chooseIn(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
}

test.describe('a new organisation set up through the screens', () => {
  test('superadmin → tenant → admin sets up branch, services, counters, users, devices, theme → the queue works', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    page.setDefaultTimeout(15_000);

    // 1. The platform superadmin creates the category, the tenant and its first admin.
    await page.goto('/login');
    await signIn(page, 'superadmin', DEMO_PASSWORD);
    await page.goto('/dashboard/kategori');
    await page.getByRole('button', { name: 'Tambah kategori' }).click();
    const categoryDrawer = page.getByRole('dialog', { name: 'Tambah kategori' });
    await categoryDrawer.getByLabel('Nama kategori').fill('Pemerintahan');
    await categoryDrawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Sukses...!!! Kategori Pemerintahan ditambahkan.')).toBeVisible();

    await page.goto('/dashboard/master/tenant');
    await page.getByRole('button', { name: 'Tambah tenant' }).click();
    const tenantDrawer = page.getByRole('dialog', { name: 'Tambah tenant' });
    await tenantDrawer.getByLabel('Nama tenant').fill('Dinas Kependudukan Kota Bandung');
    await chooseIn(page, tenantDrawer, 'Kategori', 'Pemerintahan');
    await tenantDrawer.getByLabel('Nama pengguna').fill(ADMIN.username);
    await tenantDrawer.getByLabel('Nama lengkap').fill(ADMIN.fullName);
    await tenantDrawer.getByLabel('Kata sandi').fill(ADMIN.password);
    await tenantDrawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(
      page.getByText(/Sukses\.\.\.!!! Tenant Dinas Kependudukan Kota Bandung ditambahkan/),
    ).toBeVisible();
    // The drawer stays open on the new tenant so that its logo can be uploaded.
    const editTenant = page.getByRole('dialog', { name: 'Ubah Dinas Kependudukan Kota Bandung' });
    await uploadImage(page, editTenant, 'Logo', 'logo-bandung.png');
    await editTenant.getByRole('button', { name: 'Simpan' }).click();
    await expect(
      page.getByText('Sukses...!!! Tenant Dinas Kependudukan Kota Bandung disimpan.'),
    ).toBeVisible();
    await signOut(page);

    // 2. The new admin signs in to an empty dashboard that says where to begin.
    await page.goto('/login');
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'Mulai dari sini' })).toBeVisible();
    await expect(page.getByText('0 dari 7 langkah selesai')).toBeVisible();

    // 3. The branch.
    await page.goto('/dashboard/master/cabang');
    await expect(page.getByText('Tidak ada data untuk ditampilkan')).toBeVisible();
    await page.getByRole('button', { name: 'Tambah cabang' }).click();
    const branchDrawer = page.getByRole('dialog', { name: 'Tambah cabang' });
    await branchDrawer.getByLabel('Kode cabang').fill('CBL');
    await branchDrawer.getByLabel('Nama cabang').fill('Kantor Kecamatan Coblong');
    await branchDrawer.getByLabel('Alamat').fill('Jl. Sangkuriang No. 2');
    await branchDrawer.getByLabel('Provinsi').fill('Jawa Barat');
    await branchDrawer.getByLabel('Kota/Kabupaten').fill('Kota Bandung');
    await branchDrawer.getByLabel('Kelurahan/Desa').fill('Dago');
    await chooseIn(page, branchDrawer, 'Zona waktu', /Asia\/Jakarta/);
    await branchDrawer.getByLabel('Kategori cabang').fill('Kantor Kecamatan');
    await branchDrawer.getByLabel('Batas loket').fill('4');
    await branchDrawer.getByLabel('Batas display').fill('2');
    await branchDrawer.getByRole('switch', { name: /^Layani otomatis/ }).check({ force: true });
    await branchDrawer.getByLabel('Jeda layani otomatis (detik)').fill('30');
    await branchDrawer.getByRole('switch', { name: /^Tiket virtual via WhatsApp/ }).check({ force: true });
    await branchDrawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Sukses...!!! Cabang Kantor Kecamatan Coblong ditambahkan.')).toBeVisible();
  });
});
