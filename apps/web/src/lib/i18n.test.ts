import { describe, expect, it } from 'vitest';
import { i18n, changeLanguage } from '@/lib/i18n';

describe('i18n', () => {
  it('defaults to Indonesian and shows server error codes through errors.<CODE>', () => {
    expect(i18n.language).toBe('id');
    expect(i18n.t('errors.AUTH_INVALID_CREDENTIALS')).toBe('Nama pengguna atau kata sandi salah.');
    expect(i18n.t('errors.NOT_FOUND')).toBe('Data tidak ditemukan');
  });

  it('interpolates the shared validation messages', async () => {
    expect(i18n.t('v.string.min', { min: 7 })).toBe('Minimal 7 karakter.');
    await changeLanguage('en');
    expect(i18n.t('v.string.min', { min: 7 })).toBe('At least 7 characters.');
    expect(i18n.t('errors.AUTH_INVALID_CREDENTIALS')).toBe('Incorrect username or password.');
    expect(document.documentElement.lang).toBe('en');
  });
});
