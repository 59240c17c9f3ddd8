import { expect, test } from './clock';
import { DEMO_PASSWORD, LOGIN_TEXT, choose, signIn } from './helpers';

test.describe('staff sign-in', () => {
  test('admin.nusantara signs in and sees the dashboard', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'admin.nusantara', DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: /Dasbor/ })).toBeVisible();
  });

  test('a wrong password shows the Indonesian error', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'admin.nusantara', 'bukan-kata-sandi');
    await expect(page.getByText('Nama pengguna atau kata sandi salah.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the language switches to English and is remembered after a reload', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel(LOGIN_TEXT.id.username, { exact: true })).toBeVisible();
    await choose(page, LOGIN_TEXT.id.language, 'English');

    const expectEnglish = async () => {
      await expect(page.getByLabel(LOGIN_TEXT.en.username, { exact: true })).toBeVisible();
      await expect(page.getByLabel(LOGIN_TEXT.en.password, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: LOGIN_TEXT.en.submit, exact: true })).toBeVisible();
    };
    await expectEnglish();
    await page.reload();
    await expectEnglish();
  });
});

test.describe('caller sign-in', () => {
  test('caller.jkt01a picks Teller at Loket 1 and lands on the caller screen', async ({ page }) => {
    await page.goto('/login-caller');
    await signIn(page, 'caller.jkt01a', DEMO_PASSWORD);
    await choose(page, 'Layanan', /Teller/);
    await choose(page, 'Loket', 'Loket 1');
    await page.getByRole('button', { name: 'Mulai melayani' }).click();
    await expect(page).toHaveURL(/\/caller(\/|$|\?)/);
    await expect(page.getByText('Loket 1').first()).toBeVisible();
  });
});
