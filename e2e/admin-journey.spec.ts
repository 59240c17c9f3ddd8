import type { Locator, Page } from '@playwright/test';
import { announcementText } from '@antrean/shared/voice/announcement';
import { expect, fakedOffsetMs, newContext, test } from './clock';
import { DEMO_PASSWORD, choose, requireGestureForAudio, signIn } from './helpers';

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

const STAFF = {
  caller: {
    username: 'loket.coblong',
    fullName: 'Petugas Loket Coblong',
    password: 'rahasia-loket',
    role: 'Pemanggil',
  },
  operator: {
    username: 'operator.coblong',
    fullName: 'Operator Coblong',
    password: 'rahasia-operator',
    role: 'Operator',
  },
  supervisor: {
    username: 'spv.coblong',
    fullName: 'Supervisor Coblong',
    password: 'rahasia-spv',
    role: 'Supervisor',
  },
} as const;

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

/** The address a device opens (its row's link on the devices page), as a path. */
async function devicePath(page: Page, name: string): Promise<string> {
  const href = await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('link')
    .first()
    .getAttribute('href');
  expect(href, `address of ${name}`).toBeTruthy();
  return new URL(href ?? '', 'http://x').pathname;
}

async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
}

test.describe('a new organisation set up through the screens', () => {
  test('superadmin → tenant → admin sets up branch, services, counters, users, devices, theme → the queue works', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    page.setDefaultTimeout(15_000);

    // 1. The platform superadmin creates the category, the tenant and its first admin.
    await page.goto('/login');
    await signIn(page, 'superadmin', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard/);
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

    // 4b. An e-form for KTP Elektronik: the NIK, sixteen digits, required.
    await page.goto('/dashboard/master/eform');
    await chooseIn(page, page.getByRole('main'), 'Layanan', /KTP Elektronik/);
    await page.getByRole('button', { name: 'Tambah isian' }).click();
    await page.getByLabel('Kunci isian 1').fill('nik');
    await page.getByLabel('Label 1').fill('NIK');
    await chooseIn(page, page.getByRole('main'), 'Jenis input 1', 'Angka');
    await page.getByLabel('Placeholder 1').fill('16 digit NIK');
    await page.getByLabel('Regex 1').fill('\\d{16}');
    await page.getByLabel('Wajib diisi (isian 1)').check({ force: true });
    await page.getByLabel('Pesan validasi 1').fill('NIK harus 16 digit');
    await page.getByRole('button', { name: 'Simpan e-form' }).click();
    await expect(page.getByText('Sukses...!!! E-form KTP Elektronik disimpan.')).toBeVisible();

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

    // 5b. Counters, mapped to services on the branch-service-counter page.
    await page.goto('/dashboard/master/loket');
    for (const [name, number] of [
      ['Loket 1', '1'],
      ['Loket 2', '2'],
    ] as const) {
      await page.getByRole('button', { name: 'Tambah loket' }).click();
      const drawer = page.getByRole('dialog', { name: 'Tambah loket' });
      await drawer.getByLabel('Nama loket').fill(name);
      await drawer.getByLabel('Nomor').fill(number);
      await drawer.getByText('E · KTP Elektronik').click();
      await drawer.getByRole('button', { name: 'Simpan' }).click();
      await expect(page.getByText(`${name} ditambahkan.`)).toBeVisible();
    }
    await page.goto('/dashboard/master/loket-layanan-cabang');
    await page.getByRole('checkbox', { name: 'Loket 1 melayani K · Kartu Keluarga' }).check();
    await page.getByRole('button', { name: 'Simpan pemetaan' }).click();
    await expect(
      page.getByText('Sukses...!!! Pemetaan layanan Kantor Kecamatan Coblong disimpan.'),
    ).toBeVisible();

    // 5c. The service users: a caller, an operator and a supervisor of the branch.
    await page.goto('/dashboard/master/user-layanan');
    for (const user of [STAFF.caller, STAFF.operator, STAFF.supervisor]) {
      await page.getByRole('button', { name: 'Tambah user layanan' }).click();
      const drawer = page.getByRole('dialog', { name: 'Tambah pengguna' });
      await drawer.getByLabel('Nama lengkap').fill(user.fullName);
      await drawer.getByLabel('Username').fill(user.username);
      await drawer.getByLabel('Kata sandi').fill(user.password);
      await chooseIn(page, drawer, 'Peran', user.role);
      await drawer.getByRole('combobox', { name: /Cabang/ }).click();
      await page.getByRole('option', { name: /Kantor Kecamatan Coblong/ }).click();
      await page.keyboard.press('Escape'); // closes the multi-select's list, not the drawer
      await drawer.getByRole('button', { name: 'Simpan' }).click();
      await expect(page.getByText(`Sukses...!!! ${user.fullName} ditambahkan.`)).toBeVisible();
    }

    // 5d. A kiosk and a display (classic layout, both services, Indonesian voice).
    await page.goto('/dashboard/master/display');
    await page.getByRole('button', { name: 'Tambah kiosk' }).click();
    const kioskDrawer = page.getByRole('dialog', { name: 'Tambah kiosk' });
    await kioskDrawer.getByLabel('Nama').fill('Kiosk Coblong');
    await kioskDrawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Kiosk Coblong' })).toBeVisible();
    await page.getByRole('button', { name: 'Tambah display' }).click();
    const displayDrawer = page.getByRole('dialog', { name: 'Tambah display' });
    await displayDrawer.getByLabel('Nama').fill('Display Ruang Tunggu');
    await chooseIn(page, displayDrawer, 'Tata letak', 'Klasik (/display)');
    await displayDrawer.getByLabel('K · Kartu Keluarga').check();
    await displayDrawer.getByLabel('E · KTP Elektronik').check();
    await chooseIn(page, displayDrawer, 'Mode suara', 'Suara Bahasa Indonesia');
    await displayDrawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Display Ruang Tunggu' })).toBeVisible();
    const kioskPath = await devicePath(page, 'Kiosk Coblong');
    const displayPath = await devicePath(page, 'Display Ruang Tunggu');
    expect(kioskPath).toMatch(/^\/mkios\//);
    expect(displayPath).toMatch(/^\/display\//);

    // 5e. A theme of their own, with its logo and favicon, made the active one.
    await page.goto('/dashboard/tema');
    await page.getByRole('button', { name: 'Tambah tema' }).click();
    const themeDrawer = page.getByRole('dialog', { name: 'Tambah tema' });
    await themeDrawer.getByLabel('Nama tema').fill('Tema Bandung');
    await themeDrawer.getByRole('textbox', { name: 'Warna utama' }).fill('#0b5394');
    await uploadImage(page, themeDrawer, 'Logo', 'logo-tema.png');
    await uploadImage(page, themeDrawer, 'Favicon', 'favicon.png');
    await themeDrawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Sukses...!!!', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Aktifkan Tema Bandung' }).click();
    await page
      .getByRole('dialog', { name: 'Aktifkan Tema Bandung?' })
      .getByRole('button', { name: 'Aktifkan' })
      .click();
    await expect(page.getByText('Tema Bandung sekarang aktif.')).toBeVisible();

    // 6. The queue works: the kiosk issues K001, the caller calls it at Loket 1, the display
    // shows and says it, the supervisor sees it.
    const kiosk = await newContext(browser);
    kiosk.setDefaultTimeout(15_000);
    await kiosk.addInitScript(() => {
      (window as unknown as { print: () => void }).print = () => undefined;
    });
    const kioskPage = await kiosk.newPage();
    await kioskPage.goto(kioskPath);
    await kioskPage.getByRole('button', { name: /Kartu Keluarga/ }).click();
    await kioskPage.getByRole('button', { name: 'Pembuatan KK baru' }).click();
    await kioskPage.getByRole('button', { name: 'Cetak tiket', exact: true }).click();
    // The service asks for the customer's photo; this kiosk has no camera.
    await expect(kioskPage.getByRole('heading', { name: 'Foto pelanggan' })).toBeVisible();
    await kioskPage.getByRole('button', { name: 'Lanjut' }).click();
    await expect(kioskPage.getByRole('main').getByText('K001', { exact: true })).toBeVisible();

    const displayContext = await newContext(browser);
    displayContext.setDefaultTimeout(15_000);
    await requireGestureForAudio(displayContext);
    const display = await displayContext.newPage();
    await display.goto(displayPath);
    const overlay = display.getByRole('dialog', { name: 'Suara pengumuman belum aktif' });
    await overlay.getByRole('button', { name: 'Ketuk untuk mengaktifkan suara' }).click();
    const tile = display.getByRole('region', { name: 'Loket 1', exact: true });
    await expect(tile).toBeVisible();

    const callerContext = await newContext(browser);
    callerContext.setDefaultTimeout(15_000);
    const caller = await callerContext.newPage();
    await caller.goto('/login-caller');
    await signIn(caller, STAFF.caller.username, STAFF.caller.password);
    await choose(caller, 'Layanan', /Kartu Keluarga/);
    await choose(caller, 'Loket', 'Loket 1');
    await caller.getByRole('button', { name: 'Mulai melayani' }).click();
    await expect(caller).toHaveURL(/\/caller(\/|$|\?)/);
    await caller.getByRole('button', { name: 'Panggil berikutnya' }).click();
    await expect(caller.getByTestId('current-ticket-number')).toHaveText('K001');

    await expect(tile).toContainText('K001');
    const sentence = announcementText({
      ticketNumber: 'K001',
      counterName: 'Loket 1',
      counterNumber: 1,
      language: 'id',
    });
    await expect
      .poll(() =>
        display.evaluate(() => (window as unknown as { __antreanSpoken?: unknown[] }).__antreanSpoken ?? []),
      )
      .toContainEqual({ lang: 'id-ID', text: sentence });

    const supervisorContext = await newContext(browser);
    supervisorContext.setDefaultTimeout(15_000);
    const supervisor = await supervisorContext.newPage();
    await supervisor.goto('/login');
    await signIn(supervisor, STAFF.supervisor.username, STAFF.supervisor.password);
    await expect(supervisor).toHaveURL(/\/spv\/monitoring\//);
    await supervisor.getByLabel('Kode cabang').fill('CBL');
    await supervisor.getByRole('button', { name: 'Tampilkan' }).click();
    await expect(supervisor.getByRole('row').filter({ hasText: 'Loket 1' })).toContainText('K001');

    // 7. Deactivating KTP Elektronik takes it off the kiosk at once; it is on the inactive
    // services page, from where it comes back.
    await kioskPage.getByRole('main').getByRole('button', { name: 'Selesai', exact: true }).click();
    await expect(kioskPage.getByRole('button', { name: /KTP Elektronik/ })).toBeVisible();
    await page.goto('/dashboard/master/layanan');
    await page.getByRole('button', { name: 'Nonaktifkan KTP Elektronik' }).click();
    await page
      .getByRole('dialog', { name: 'Nonaktifkan KTP Elektronik?' })
      .getByRole('button', { name: 'Nonaktifkan' })
      .click();
    await expect(page.getByText('Sukses...!!! KTP Elektronik dinonaktifkan.')).toBeVisible();
    await expect(kioskPage.getByRole('button', { name: /KTP Elektronik/ })).toHaveCount(0);
    await page.goto('/dashboard/master/layanan-non-aktif');
    await page.getByRole('button', { name: 'Aktifkan KTP Elektronik' }).click();
    await expect(page.getByText('Sukses...!!! KTP Elektronik diaktifkan.')).toBeVisible();
    await expect(kioskPage.getByRole('button', { name: /KTP Elektronik/ })).toBeVisible();

    // The kiosk is set to offer only Kartu Keluarga: KTP Elektronik leaves the open kiosk live
    // (kiosk.updated), with no reload.
    await page.goto('/dashboard/master/display');
    await page.getByRole('button', { name: 'Ubah Kiosk Coblong' }).click();
    const editKiosk = page.getByRole('dialog', { name: 'Ubah Kiosk Coblong' });
    await editKiosk.getByLabel('K · Kartu Keluarga').check();
    await editKiosk.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Sukses...!!!', { exact: true })).toBeVisible();
    await expect(kioskPage.getByRole('button', { name: /KTP Elektronik/ })).toHaveCount(0);
    await expect(kioskPage.getByRole('button', { name: /Kartu Keluarga/ })).toBeVisible();

    for (const context of [kiosk, displayContext, callerContext, supervisorContext]) await context.close();
  });
});
