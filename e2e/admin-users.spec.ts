import { expect, newContext, test } from './clock';
import { DEMO_PASSWORD, signIn } from './helpers';

test.describe('service user administration', () => {
  test('an admin creates a caller who signs in at /login-caller; deactivating them signs them out', async ({
    page,
    browser,
  }) => {
    await page.goto('/login');
    await signIn(page, 'admin.nusantara', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: /Dasbor/ })).toBeVisible();

    await page.goto('/dashboard/master/user-layanan');
    await expect(page.getByRole('heading', { name: 'User Layanan', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'caller.jkt01a', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Tambah user layanan' }).click();
    const drawer = page.getByRole('dialog', { name: 'Tambah pengguna' });
    await drawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(drawer.getByText('Wajib diisi.').first()).toBeVisible();
    await drawer.getByLabel('Nama lengkap').fill('Petugas E2E');
    await drawer.getByLabel('Username').fill('petugas e2e');
    await drawer.getByLabel('Kata sandi').fill('rahasia-e2e');
    // The branch picker in the drawer (the list's own "Cabang" filter sits behind the drawer).
    await drawer.getByRole('combobox', { name: /Cabang/ }).click();
    await page.getByRole('option', { name: /JKT01/ }).click();
    await page.keyboard.press('Escape'); // close the multi-select's list (the drawer stays)
    await drawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(drawer.getByText('Nama pengguna tidak boleh mengandung spasi.')).toBeVisible();
    await drawer.getByLabel('Username').fill('petugas.e2e');
    await drawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Sukses...!!! Petugas E2E ditambahkan.')).toBeVisible();

    // The new caller signs in on another device.
    const callerContext = await newContext(browser);
    const caller = await callerContext.newPage();
    await caller.goto('/login-caller');
    await signIn(caller, 'petugas.e2e', 'rahasia-e2e');
    await expect(caller.getByLabel('Loket').first()).toBeVisible();

    // Deactivated: their session ends at once.
    await page.getByRole('searchbox', { name: 'Cari nama, username atau telepon' }).fill('petugas.e2e');
    await expect(page).toHaveURL(/[?&]q=petugas\.e2e/);
    await page.getByRole('button', { name: 'Nonaktifkan Petugas E2E' }).click();
    await page
      .getByRole('dialog', { name: 'Nonaktifkan Petugas E2E?' })
      .getByRole('button', { name: 'Nonaktifkan' })
      .click();
    await expect(page.getByText('Sukses...!!! Petugas E2E dinonaktifkan.')).toBeVisible();
    await caller.reload();
    await expect(caller).toHaveURL(/login-caller/);
    await callerContext.close();
  });
});
