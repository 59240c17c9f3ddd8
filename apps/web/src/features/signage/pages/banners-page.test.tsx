import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BannerList } from '@antrean/shared/contracts/signage.contract';
import type { Banner } from '@antrean/shared/domain/signage';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { BannersPage } from './banners-page';

const BANNER_ID = '01a2010e-3799-7000-8000-00000000b001';
const FILE_ID = '01a2010e-3799-7000-8000-00000000f001';
const banner = (overrides: Partial<Banner> = {}): Banner => ({
  id: BANNER_ID,
  name: 'Promo Tabungan Emas',
  fileId: FILE_ID,
  isActive: true,
  startsOn: '2026-01-01',
  endsOn: '2026-01-31',
  durationSeconds: 8,
  sortOrder: 1,
  branchIds: [],
  displayIds: [],
  ...overrides,
});
const page = (items: Banner[]): BannerList => ({ items, total: items.length, page: 1, pageSize: 20 });

function routes(list: BannerList, extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/banners', body: list },
    { path: '/api/v1/signage/targets', body: { branches: [], displays: [] } },
    ...extra,
  ];
}
const renderPage = (route = '/dashboard/parameter/banner') => renderWithProviders(<BannersPage />, { route });
const user = () => userEvent.setup({ delay: null });

describe('BannersPage', () => {
  it('shows the empty state', async () => {
    mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('lists a banner with its period, seconds and where it shows', async () => {
    mockApi(routes(page([banner()])));
    renderPage();
    expect(await screen.findByText('Promo Tabungan Emas')).toBeInTheDocument();
    expect(screen.getByText('2026-01-01 – 2026-01-31')).toBeInTheDocument();
    expect(screen.getByText('8 dtk')).toBeInTheDocument();
    expect(screen.getByText('Semua display')).toBeInTheDocument();
  });

  it('refuses a short name and a missing image in the form, sending nothing', async () => {
    const { requests } = mockApi(routes(page([banner()])));
    renderPage();
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Ubah Promo Tabungan Emas' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ubah banner' });
    const name = within(drawer).getByRole('textbox', { name: /Nama/ });
    await u.clear(name);
    await u.type(name, 'Promo');
    await u.click(within(drawer).getByRole('button', { name: 'Hapus berkas' }));
    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Nama banner harus 10 sampai 50 karakter.')).toBeInTheDocument();
    expect(within(drawer).getByText('File wajib diunggah.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/banners', status: 500, body: errorBody('INTERNAL') },
    ]);
    renderPage();
    expect(await screen.findByText('Banner tidak dapat dimuat.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });

  it('deletes only after the confirmation', async () => {
    const { requests } = mockApi(
      routes(page([banner()]), [{ method: 'DELETE', path: `/api/v1/banners/${BANNER_ID}`, status: 204 }]),
    );
    renderPage();
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Hapus Promo Tabungan Emas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus banner Promo Tabungan Emas?' });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  });
});
