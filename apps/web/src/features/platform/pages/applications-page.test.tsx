import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApplicationList } from '@antrean/shared/contracts/platform.contract';
import type { Application } from '@antrean/shared/domain/application';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { ApplicationsPage } from './applications-page';

const APP_ID = '01a2010e-3799-7000-8000-00000000a9a1';
const application = (overrides: Partial<Application> = {}): Application => ({
  id: APP_ID,
  platform: 'android',
  version: '1.2.0',
  changelog: 'Perbaikan kiosk',
  downloadUrl: null,
  releasedAt: Date.UTC(2026, 0, 5),
  ...overrides,
});
const page = (items: Application[], total = items.length): ApplicationList => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});
const routes = (list: ApplicationList, extra: MockRoute[] = []): MockRoute[] => [
  { path: '/api/v1/auth/me', body: { user: staffUser('superadmin') } },
  { path: '/api/v1/applications', body: list },
  ...extra,
];

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}
function renderPage(route = '/dashboard/parameter/aplikasi') {
  return renderWithProviders(
    <>
      <ApplicationsPage />
      <Location />
    </>,
    { route },
  );
}
const listRequests = (requests: { method: string; url: string }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.includes('/api/v1/applications?'))
    .map((r) => new URL(r.url, 'http://x'));

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Tambah versi' }));
  return screen.findByRole('dialog', { name: 'Tambah versi aplikasi' });
}

describe('ApplicationsPage', () => {
  it('shows the empty state', async () => {
    mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('keeps paging, search and the platform filter in the URL and asks the server for them', async () => {
    const { requests } = mockApi(routes(page([application()], 45)));
    renderPage('/dashboard/parameter/aplikasi?q=kiosk&platform=android');
    expect(await screen.findByText('1.2.0')).toBeInTheDocument();
    const first = listRequests(requests)[0];
    expect(first?.searchParams.get('q')).toBe('kiosk');
    expect(first?.searchParams.get('platform')).toBe('android');
    expect(first?.searchParams.get('sort')).toBe('releasedAt');
    await userEvent.click(screen.getByRole('button', { name: 'Halaman 2' }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('button', { name: /^Versi/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=version'));
  });

  it.each([
    ['platform', 'Platform', '', 'Wajib dipilih.'],
    ['version', 'Versi', '', 'Wajib diisi.'],
    ['version', 'Versi', 'versi satu', 'Format versi tidak valid (contoh 1.2.0).'],
    ['changelog', 'Catatan perubahan', '', 'Wajib diisi.'],
    [
      'download address',
      'Alamat unduhan',
      'ftp://unduh.example.com/a',
      'Alamat harus diawali http:// atau https://.',
    ],
  ])('refuses a bad %s on its field, sending nothing', async (_rule, label, typed, message) => {
    const { requests } = mockApi(routes(page([])));
    renderPage();
    const drawer = await openCreate();
    const [input] = await within(drawer).findAllByLabelText(new RegExp(`^${label}`));
    if (!input) throw new Error(`no ${label}`);
    if (typed) await userEvent.type(input, typed);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('publishes a version: the server field error lands on the version, then it saves', async () => {
    let attempts = 0;
    const { requests } = mockApi(
      routes(page([]), [
        {
          method: 'POST',
          path: '/api/v1/applications',
          get status() {
            attempts++;
            return attempts === 1 ? 409 : 201;
          },
          get body() {
            return attempts === 1
              ? errorBody('APPLICATION_VERSION_TAKEN', 'Versi ini sudah ada untuk platform tersebut.', {
                  fields: { version: 'Versi ini sudah ada untuk platform tersebut.' },
                })
              : application({ platform: 'windows', version: '2.0.0' });
          },
        },
      ]),
    );
    renderPage();
    const drawer = await openCreate();
    await userEvent.click(within(drawer).getByRole('combobox', { name: /^Platform/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Windows' }));
    const version = within(drawer).getByLabelText(/^Versi/);
    await userEvent.type(version, '2.0.0');
    await userEvent.type(within(drawer).getByLabelText(/^Catatan perubahan/), 'Tampilan baru');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(version).toHaveAccessibleDescription(
        expect.stringContaining('Versi ini sudah ada untuk platform tersebut.'),
      ),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      platform: 'windows',
      version: '2.0.0',
      changelog: 'Tampilan baru',
      downloadUrl: null,
    });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Sukses...!!! Versi windows 2.0.0 ditambahkan.')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const { requests } = mockApi(
      routes(page([application()]), [
        { method: 'DELETE', path: `/api/v1/applications/${APP_ID}`, status: 204 },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus android 1.2.0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus android 1.2.0?' });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Sukses...!!! Versi android 1.2.0 dihapus.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi(
      routes(page([])).map((r) =>
        r.path === '/api/v1/applications' ? { ...r, status: 500, body: errorBody('INTERNAL_ERROR') } : r,
      ),
    );
    renderPage();
    expect(await screen.findByText('Daftar aplikasi gagal dimuat')).toBeInTheDocument();
  });
});
