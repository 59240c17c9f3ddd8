import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HolidayList } from '@antrean/shared/contracts/holidays.contract';
import type { Holiday } from '@antrean/shared/domain/holiday';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { HolidaysPage } from './holidays-page';

const HOLIDAY_ID = '01a2010e-3799-7000-8000-00000000f001';
const holiday = (overrides: Partial<Holiday> = {}): Holiday => ({
  id: HOLIDAY_ID,
  branchId: null,
  date: '2026-08-17',
  name: 'Hari Kemerdekaan',
  ...overrides,
});
const page = (items: Holiday[], total = items.length): HolidayList => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

function renderPage(list: HolidayList, extra: MockRoute[] = [], route = '/dashboard/hari-libur') {
  const api = mockApi([
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/branches', body: { items: [BRANCH] } },
    { path: '/api/v1/holidays', body: list },
    ...extra,
  ]);
  renderWithProviders(<HolidaysPage />, { route });
  return api;
}
const listRequests = (requests: { method: string; url: string }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.includes('/api/v1/holidays?'))
    .map((r) => new URL(r.url, 'http://x'));

describe('HolidaysPage', () => {
  it('shows the empty state', async () => {
    renderPage(page([]));
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('lists holidays with their weekday and scope; the year filter goes to the URL and the server', async () => {
    const { requests } = renderPage(
      page([
        holiday(),
        holiday({
          id: `${HOLIDAY_ID.slice(0, -1)}2`,
          branchId: BRANCH_ID,
          date: '2026-03-01',
          name: 'HUT Kota',
        }),
      ]),
      [],
      '/dashboard/hari-libur?year=2026',
    );
    expect(await screen.findByText('Hari Kemerdekaan')).toBeInTheDocument();
    expect(screen.getByText('Senin')).toBeInTheDocument(); // 2026-08-17
    expect(screen.getByText('Semua cabang', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(listRequests(requests)[0]?.searchParams.get('year')).toBe('2026');
    await userEvent.click(screen.getByRole('button', { name: /Tanggal/ }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('dir')).toBe('desc'));
  });

  const rules: [string, string, string, string][] = [
    ['date required', '', 'Hari Buruh', 'Wajib diisi.'],
    ['name at most 100', '2026-05-01', 'x'.repeat(101), 'Maksimal 100 karakter.'],
    ['name required', '2026-05-01', '', 'Wajib diisi.'],
  ];
  it.each(rules)('validates the form on the client (%s)', async (_rule, date, name, message) => {
    const { requests } = renderPage(page([]));
    await userEvent.click(await screen.findByRole('button', { name: 'Tambah hari libur' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah hari libur' });
    fireEvent.change(within(drawer).getByLabelText(/Tanggal/), { target: { value: date } });
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Nama hari libur/ }), {
      target: { value: name },
    });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText(message)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates a holiday for one branch; a taken date comes back on the date field', async () => {
    const { requests } = renderPage(page([]), [
      {
        method: 'POST',
        path: '/api/v1/holidays',
        status: 409,
        body: errorBody('HOLIDAY_DATE_TAKEN', 'x', {
          fields: { date: 'Tanggal ini sudah menjadi hari libur untuk cakupan yang sama.' },
        }),
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Tambah hari libur' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah hari libur' });
    fireEvent.change(within(drawer).getByLabelText(/Tanggal/), { target: { value: '2026-05-01' } });
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Nama hari libur/ }), {
      target: { value: 'Hari Buruh' },
    });
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Berlaku untuk' }));
    await userEvent.click(await screen.findByRole('option', { name: `${BRANCH.code} · ${BRANCH.name}` }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(drawer).findByText('Tanggal ini sudah menjadi hari libur untuk cakupan yang sama.'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      date: '2026-05-01',
      name: 'Hari Buruh',
      branchId: BRANCH_ID,
    });
  });

  it('loads the national holidays of a year, saying an estimate is one', async () => {
    const { requests } = renderPage(page([]), [
      { method: 'POST', path: '/api/v1/holidays/national', body: { added: 16, skipped: 1, estimate: true } },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Muat libur nasional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Muat libur nasional' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Tahun' }));
    await userEvent.click(await screen.findByRole('option', { name: '2026 (perkiraan)' }));
    expect(within(dialog).getByText(/perkiraan dari kalender/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Muat' }));
    expect(
      await screen.findByText('Sukses...!!! 16 hari libur 2026 ditambahkan, 1 dilewati.'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ year: 2026, branchId: null });
  });

  it('deletes only after confirmation', async () => {
    const { requests } = renderPage(page([holiday()]), [
      { method: 'DELETE', path: `/api/v1/holidays/${HOLIDAY_ID}`, status: 204 },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus Hari Kemerdekaan (2026-08-17)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus Hari Kemerdekaan (2026-08-17)?' });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/branches', body: { items: [BRANCH] } },
      { path: '/api/v1/holidays', status: 500, body: errorBody('INTERNAL_ERROR') },
    ]);
    renderWithProviders(<HolidaysPage />);
    expect(await screen.findByText('Daftar hari libur gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
