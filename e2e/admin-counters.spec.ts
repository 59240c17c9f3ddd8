import { expect, test } from './clock';
import { DEMO_PASSWORD, signIn } from './helpers';

test.describe('counter administration', () => {
  test('an admin creates a counter, finds it in the list and deletes it after confirming', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page, 'admin.nusantara', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: /Dasbor/ })).toBeVisible();

    await page.goto('/dashboard/master/loket');
    await expect(page.getByRole('heading', { name: 'Loket', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Loket 1', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Tambah loket' }).click();
    const drawer = page.getByRole('dialog', { name: 'Tambah loket' });
    await drawer.getByLabel('Nama loket').fill('Loket E2E');
    await drawer.getByLabel('Nomor').fill('77');
    await drawer.getByText('A · Teller').click();
    await drawer.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Loket E2E ditambahkan.')).toBeVisible();

    // The search is kept in the URL and narrows the list on the server.
    await page.getByRole('searchbox', { name: 'Cari nama atau nomor loket' }).fill('e2e');
    await expect(page).toHaveURL(/[?&]q=e2e/);
    await expect(page.getByRole('cell', { name: 'Loket E2E', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Loket 1', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Hapus Loket E2E' }).click();
    const confirm = page.getByRole('dialog', { name: 'Hapus Loket E2E?' });
    await confirm.getByRole('button', { name: 'Hapus', exact: true }).click();
    await expect(page.getByText('Loket E2E dihapus.')).toBeVisible();
    await expect(page.getByText('Tidak ada data untuk ditampilkan')).toBeVisible();
  });
});
