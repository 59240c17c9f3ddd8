import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ThemeList } from '@antrean/shared/contracts/themes.contract';
import type { ThemeTemplate } from '@antrean/shared/domain/theme-template';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { ThemesPage } from './themes-page';

const THEME_ID = '01a2010e-3799-7000-8000-00000000e001';
const theme = (overrides: Partial<ThemeTemplate> = {}): ThemeTemplate => ({
  id: THEME_ID,
  name: 'Biru Bank',
  primaryColor: '#0b5cab',
  secondaryColor: '#f59f00',
  sidebarBackground: '#0a2540',
  pageBackground: '#f5f7fa',
  displayBackground: '#0a2540',
  displayTextColor: '#ffffff',
  fontFamily: 'Inter, system-ui, sans-serif',
  headingFontFamily: 'Inter, system-ui, sans-serif',
  logoFileId: null,
  faviconFileId: null,
  backgroundFileId: null,
  labels: {},
  isActive: false,
  ...overrides,
});
const page = (items: ThemeTemplate[], total = items.length): ThemeList => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

function routes(list: ThemeList, extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/themes', body: list },
    ...extra,
  ];
}

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}
const renderPage = (route = '/dashboard/tema') =>
  renderWithProviders(
    <>
      <ThemesPage />
      <Location />
    </>,
    { route },
  );
const user = () => userEvent.setup({ delay: null });

describe('ThemesPage', () => {
  it('shows the empty state', async () => {
    mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('keeps search and paging in the URL and asks the server for them', async () => {
    const { requests } = mockApi(routes(page([theme()], 45)));
    renderPage('/dashboard/tema?q=biru&page=2');
    expect(await screen.findByText('Biru Bank')).toBeInTheDocument();
    const url = new URL(requests.find((r) => r.url.includes('/api/v1/themes?'))?.url ?? '', 'http://x');
    expect(url.searchParams.get('q')).toBe('biru');
    expect(url.searchParams.get('page')).toBe('2');
  });

  it('validates the form, warns about unreadable display colours, previews live, then saves', async () => {
    const { requests } = mockApi(
      routes(page([]), [
        {
          method: 'POST',
          path: '/api/v1/themes',
          status: 409,
          body: errorBody('THEME_NAME_TAKEN', 'x', { fields: { name: 'Nama tema sudah dipakai.' } }),
        },
      ]),
    );
    const u = user();
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Tambah tema' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah tema' });
    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Wajib diisi.')).toBeInTheDocument();

    const text = within(drawer).getByRole('textbox', { name: /Teks display/ });
    await u.clear(text);
    await u.type(text, '#1a3050');
    expect(await within(drawer).findByText('Display sulit dibaca')).toBeInTheDocument();
    expect(within(drawer).getByTestId('display-preview')).toHaveStyle({ color: '#1a3050' });
    await u.type(within(drawer).getByRole('textbox', { name: /Nama tema/ }), 'Biru Bank');
    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(drawer).findByText(
        'Kontras teks dan latar terlalu rendah (minimal 4,5:1); layar sulit dibaca.',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await u.clear(text);
    await u.type(text, '#ffffff');
    await waitFor(() => expect(within(drawer).queryByText('Display sulit dibaca')).not.toBeInTheDocument());
    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Nama tema sudah dipakai.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      name: 'Biru Bank',
      displayTextColor: '#ffffff',
      displayBackground: '#0a2540',
    });
  });

  it('renames screen labels (the product texts as placeholders), previews them, and shows a server refusal on its field', async () => {
    const { requests } = mockApi(
      routes(page([theme({ labels: { displayNowCalling: { id: 'Silakan ke loket', en: '' } } })]), [
        {
          method: 'PUT',
          path: `/api/v1/themes/${THEME_ID}`,
          status: 400,
          body: errorBody('VALIDATION_FAILED', 'x', {
            fields: { 'labels.kioskServicesTab.en': 'Maksimal 40 karakter.' },
          }),
        },
      ]),
    );
    const u = user();
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Ubah Biru Bank' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ubah Biru Bank' });
    await u.click(within(drawer).getByRole('button', { name: 'Label layar (opsional)' }));
    const kioskTab = await within(drawer).findByRole('textbox', { name: 'Tab ambil antrean (Indonesia)' });
    expect(kioskTab).toHaveValue('');
    expect(kioskTab).toHaveAttribute('placeholder', 'Ambil antrean');
    expect(within(drawer).getByRole('textbox', { name: 'Tab ambil antrean (English)' })).toHaveAttribute(
      'placeholder',
      'Take a number',
    );
    expect(within(drawer).getByRole('textbox', { name: 'Sedang dipanggil (Indonesia)' })).toHaveValue(
      'Silakan ke loket',
    );
    // The preview shows the display's label as it is now, and the kiosk's as it is typed.
    expect(within(drawer).getByTestId('display-preview')).toHaveTextContent('Silakan ke loket');
    await u.type(kioskTab, 'Ambil Nomor');
    expect(within(drawer).getByTestId('kiosk-preview')).toHaveTextContent('Ambil Nomor');

    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Maksimal 40 karakter.')).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'PUT')?.body as {
      labels: unknown;
      backgroundFileId: unknown;
    };
    expect(body.backgroundFileId).toBeNull();
    expect(body.labels).toMatchObject({
      kioskServicesTab: { id: 'Ambil Nomor', en: '' },
      displayNowCalling: { id: 'Silakan ke loket', en: '' },
    });
  });

  it('activates a theme only after confirmation', async () => {
    const { requests } = mockApi(
      routes(page([theme()]), [
        { method: 'PUT', path: '/api/v1/themes/active', body: { themeId: THEME_ID } },
      ]),
    );
    const u = user();
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Aktifkan Biru Bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aktifkan Biru Bank?' });
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Aktifkan' }));
    expect(await screen.findByText('Biru Bank sekarang aktif.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ themeId: THEME_ID });
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/themes', status: 500, body: errorBody('INTERNAL_ERROR') },
    ]);
    renderPage();
    expect(await screen.findByText('Daftar tema gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
