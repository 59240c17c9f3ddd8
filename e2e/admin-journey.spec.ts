import type { Locator, Page } from '@playwright/test';
import { expect, fakedOffsetMs, test } from './clock';
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

/** The date `days` from today in Jakarta, on the servers' (possibly faked) clock: YYYY-MM-DD. */
function jakartaDate(days: number): string {
  const at = new Date(Date.now() + fakedOffsetMs + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(at);
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

    // 4. The services, with sub services.
    await page.goto('/dashboard/master/layanan');
    await page.getByRole('button', { name: 'Tambah layanan' }).click();
    let serviceDrawer = page.getByRole('dialog', { name: 'Tambah layanan' });
    await serviceDrawer.getByLabel('Nama layanan').fill('Kartu Keluarga');
    await serviceDrawer.getByLabel('Kode layanan').fill('K');
    await serviceDrawer.getByLabel('SLA (detik)').fill('600');
    await serviceDrawer.getByLabel('Jumlah cetak').fill('1');
    for (const flag of [
      'Kirim WhatsApp saat panggilan pertama',
      'Pemanggilan acak',
      'Foto pelanggan',
      'Tampilkan sisa antrian',
      'Tombol selesai',
    ]) {
      await serviceDrawer.getByRole('switch', { name: flag, exact: true }).check({ force: true });
    }
    for (const [n, name] of [
      [1, 'Pembuatan KK baru'],
      [2, 'Perubahan data KK'],
    ] as const) {
      await serviceDrawer.getByRole('button', { name: 'Tambah sub layanan' }).click();
      await serviceDrawer.getByLabel(`Nama sub layanan ${n}`).fill(name);
    }
    await serviceDrawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Sukses...!!! Kartu Keluarga ditambahkan.')).toBeVisible();

    await page.getByRole('button', { name: 'Tambah layanan' }).click();
    serviceDrawer = page.getByRole('dialog', { name: 'Tambah layanan' });
    await serviceDrawer.getByLabel('Nama layanan').fill('KTP Elektronik');
    await serviceDrawer.getByLabel('Kode layanan').fill('E');
    await serviceDrawer.getByLabel('SLA (detik)').fill('900');
    await serviceDrawer.getByLabel('Jumlah cetak').fill('1');
    await serviceDrawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Sukses...!!! KTP Elektronik ditambahkan.')).toBeVisible();

    // 5a. The branch offers both services (the counters are mapped once they exist).
    await page.goto('/dashboard/master/loket-layanan-cabang');
    await page.getByRole('checkbox', { name: 'Cabang menawarkan K · Kartu Keluarga' }).check();
    await page.getByRole('checkbox', { name: 'Cabang menawarkan E · KTP Elektronik' }).check();
    await page.getByRole('button', { name: 'Simpan pemetaan' }).click();
    await expect(
      page.getByText('Sukses...!!! Pemetaan layanan Kantor Kecamatan Coblong disimpan.'),
    ).toBeVisible();

    // 3b. A schedule for KTP Elektronik (Kartu Keluarga keeps no schedule: open all day), its
    // interval and hourly limit, and a holiday a week from today.
    await page.goto('/dashboard/master/cabang');
    await page.getByRole('link', { name: 'Buka Kantor Kecamatan Coblong' }).click();
    await page.getByRole('tab', { name: 'Jadwal layanan' }).click();
    await chooseIn(page, page.getByRole('main'), 'Layanan', /KTP Elektronik/);
    await page.getByRole('button', { name: 'Tambah jadwal' }).click();
    await chooseIn(page, page.getByRole('main'), 'Hari baris 1', 'Senin');
    await chooseIn(page, page.getByRole('main'), 'Shift baris 1', 'Pagi');
    await page.getByRole('button', { name: 'Simpan jadwal' }).click();
    await expect(page.getByText('Sukses...!!! Jadwal disimpan.')).toBeVisible();
    await chooseIn(page, page.getByRole('main'), 'Interval', '30 menit');
    await page.getByRole('textbox', { name: 'Batas per jam', exact: true }).fill('15');
    await page.getByRole('button', { name: 'Simpan interval' }).click();
    await expect(page.getByText('Interval Limit Successfully Updated')).toBeVisible();

    await page.goto('/dashboard/hari-libur');
    await page.getByRole('button', { name: 'Tambah hari libur' }).click();
    const holidayDrawer = page.getByRole('dialog', { name: 'Tambah hari libur' });
    await holidayDrawer.getByLabel('Tanggal').fill(jakartaDate(7));
    await holidayDrawer.getByLabel('Nama hari libur').fill('Hari Jadi Kecamatan Coblong');
    await chooseIn(page, holidayDrawer, 'Berlaku untuk', /Kantor Kecamatan Coblong/);
    await holidayDrawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Sukses...!!! Hari Jadi Kecamatan Coblong disimpan.')).toBeVisible();
  });
});
