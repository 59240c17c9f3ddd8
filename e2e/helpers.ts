import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'antrean123';

/** The sign-in form's labels in each language (what the web app shows). */
export const LOGIN_TEXT = {
  id: { username: 'Nama pengguna', password: 'Kata sandi', submit: 'Masuk', language: 'Bahasa' },
  en: { username: 'Username', password: 'Password', submit: 'Sign in', language: 'Language' },
} as const;

/** Fills and submits a sign-in form (/login or /login-caller) in the given language. */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  lang: 'id' | 'en' = 'id',
): Promise<void> {
  const text = LOGIN_TEXT[lang];
  await page.getByLabel(text.username, { exact: true }).fill(username);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.submit, exact: true }).click();
}

/**
 * Picks `option` in the control labelled `label`, whatever kind of control it is: a native
 * <select>, a combobox with a listbox (Mantine Select / MultiSelect), or a radio group.
 */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  const control: Locator = page.getByLabel(label, { exact: typeof label === 'string' }).first();
  await expect(control).toBeVisible();
  const kind = await control.evaluate((el) => ({
    tag: el.tagName.toLowerCase(),
    role: el.getAttribute('role') ?? '',
  }));
  const exact = typeof option === 'string';
  if (kind.tag === 'select') {
    const text = await control.locator('option').filter({ hasText: option }).first().textContent();
    await control.selectOption({ label: text ?? '' });
  } else if (kind.role === 'radiogroup') {
    await control.getByRole('radio', { name: option, exact }).check();
  } else {
    await control.click();
    await page.getByRole('option', { name: option, exact }).click();
    // A multi-select keeps its list open; close it so it does not cover the next control.
    await page.keyboard.press('Escape');
  }
}
