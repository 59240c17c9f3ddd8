import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BranchList } from '@antrean/shared/contracts/branch-admin.contract';
import type { Branch, BranchDetail } from '@antrean/shared/domain/branch';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { BranchCreateDrawer } from '../components/branch-form';
import { BranchesPage } from './branches-page';

const BRANCH_ID = '01a2010e-3799-7000-8000-00000000b001';
const TENANT_ID = '01a2010e-3799-7000-8000-00000000e001';

const branch = (overrides: Partial<Branch> = {}): Branch => ({
  id: BRANCH_ID,
  tenantId: TENANT_ID,
  code: 'KCB',
  name: 'Kantor Kecamatan Coblong',
  address: 'Jl. Sangkuriang 1',
  province: 'Jawa Barat',
  city: 'Kota Bandung',
  village: 'Dago',
  timeZone: 'Asia/Jakarta',
  category: 'Kantor Kecamatan',
  displayLimit: 2,
  counterLimit: 3,
  monitoringUrl: null,
  autoServe: false,
  autoServeDelaySeconds: 0,
  whatsappVirtualTicket: false,
  showOnKiosk: true,
  showOnWeb: true,
  isActive: true,
  ...overrides,
});
const detail = (overrides: Partial<BranchDetail> = {}): BranchDetail => ({
  ...branch(),
  apiKeyHint: null,
  usage: { activeCounters: 0, activeDisplays: 0 },
  ...overrides,
});
const page = (items: Branch[], total = items.length): BranchList => ({ items, total, page: 1, pageSize: 20 });

function routes(list: BranchList, extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/branches/page', body: list },
    ...extra,
  ];
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(route = '/dashboard/master/cabang') {
  return renderWithProviders(
    <>
      <BranchesPage />
      <Location />
    </>,
    { route },
  );
}

const listRequests = (requests: { method: string; url: string }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.includes('/api/v1/branches/page'))
    .map((r) => new URL(r.url, 'http://x'));

/** Sets a field's text at once (typing every character is slow and adds nothing here). */
function setText(container: HTMLElement, name: RegExp, value: string) {
  const input = within(container).getByLabelText(name, { selector: 'input, textarea' });
  fireEvent.change(input, { target: { value } });
}

async function fillValid(drawer: HTMLElement) {
  setText(drawer, /Kode cabang/, 'KCB');
  setText(drawer, /Nama cabang/, 'Kantor Kecamatan Coblong');
  setText(drawer, /Alamat/, 'Jl. Sangkuriang 1');
  setText(drawer, /Provinsi/, 'Jawa Barat');
  setText(drawer, /Kota\/Kabupaten/, 'Kota Bandung');
  setText(drawer, /Kelurahan\/Desa/, 'Dago');
  setText(drawer, /Kategori cabang/, 'Kantor Kecamatan');
  await Promise.resolve();
}

describe('BranchesPage', () => {
  it('shows the empty state when the tenant has no branches', async () => {
    mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('keeps paging, search and the status filter in the URL and asks the server for them', async () => {
    const { requests } = mockApi(routes(page([branch()], 45)));
    renderPage('/dashboard/master/cabang?q=band&page=2');
    expect(await screen.findByText('Kantor Kecamatan Coblong')).toBeInTheDocument();
    const first = listRequests(requests)[0];
    expect(first?.searchParams.get('q')).toBe('band');
    expect(first?.searchParams.get('page')).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: 'Halaman 3' }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('page')).toBe('3'));
    await userEvent.click(screen.getByRole('button', { name: /Kota\/Kabupaten/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=city'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('sort')).toBe('city'));
    // The row links to the branch's own page.
    expect(screen.getByRole('link', { name: 'Buka Kantor Kecamatan Coblong' })).toHaveAttribute(
      'href',
      `/dashboard/master/cabang/${BRANCH_ID}`,
    );
  });

  it('creates a branch, then opens its page; a code taken comes back on the code field', async () => {
    const { requests } = mockApi(
      routes(page([]), [
        {
          method: 'POST',
          path: '/api/v1/branches',
          status: 409,
          body: errorBody('BRANCH_CODE_TAKEN', 'Kode cabang sudah dipakai cabang lain.', {
            fields: { code: 'Kode cabang sudah dipakai cabang lain.' },
          }),
        },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Tambah cabang' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah cabang' });
    await fillValid(drawer);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Kode cabang sudah dipakai cabang lain.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      code: 'KCB',
      name: 'Kantor Kecamatan Coblong',
      address: 'Jl. Sangkuriang 1',
      province: 'Jawa Barat',
      city: 'Kota Bandung',
      village: 'Dago',
      timeZone: 'Asia/Jakarta',
      category: 'Kantor Kecamatan',
      displayLimit: 2,
      counterLimit: 5,
      monitoringUrl: null,
      autoServe: false,
      autoServeDelaySeconds: 0,
      whatsappVirtualTicket: false,
      showOnKiosk: true,
      showOnWeb: true,
      isActive: true,
    });
  });

  it('deletes only after confirmation; a branch with history offers to deactivate instead', async () => {
    const { requests } = mockApi(
      routes(page([branch()]), [
        {
          method: 'DELETE',
          path: `/api/v1/branches/${BRANCH_ID}`,
          status: 409,
          body: errorBody('BRANCH_HAS_HISTORY'),
        },
        { method: 'PATCH', path: `/api/v1/branches/${BRANCH_ID}`, body: detail({ isActive: false }) },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus Kantor Kecamatan Coblong' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus Kantor Kecamatan Coblong?' });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    const offer = await screen.findByRole('dialog', { name: 'Kantor Kecamatan Coblong tidak dapat dihapus' });
    expect(within(offer).getByText(/sudah memiliki riwayat antrian/)).toBeInTheDocument();
    await userEvent.click(within(offer).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isActive: false });
    expect(
      await screen.findByText('Sukses...!!! Cabang Kantor Kecamatan Coblong dinonaktifkan.'),
    ).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/branches/page', status: 500, body: errorBody('INTERNAL_ERROR') },
    ]);
    renderPage();
    expect(await screen.findByText('Daftar cabang gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});

describe('BranchCreateDrawer validation (the shared schema, one rule per row)', () => {
  const cases: [string, RegExp, string, string][] = [
    ['code required', /Kode cabang/, '', 'Wajib diisi.'],
    ['code without spaces', /Kode cabang/, 'KC 01', 'Kode cabang hanya huruf, angka, - dan _ (tanpa spasi).'],
    ['name at least 3', /Nama cabang/, 'Ab', 'Minimal 3 karakter.'],
    ['address required', /Alamat/, ' ', 'Wajib diisi.'],
    ['province required', /Provinsi/, '', 'Wajib diisi.'],
    ['city required', /Kota\/Kabupaten/, '', 'Wajib diisi.'],
    ['village required', /Kelurahan\/Desa/, '', 'Wajib diisi.'],
    ['category must be chosen', /Kategori cabang/, '', 'Wajib dipilih.'],
    ['monitoring url http(s)', /URL monitoring/, 'cctv.local', 'Alamat harus diawali http:// atau https://.'],
  ];
  it.each(cases)('%s', async (_rule, field, value, message) => {
    const submitted: unknown[] = [];
    mockApi([]);
    renderWithProviders(
      <BranchCreateDrawer
        pending={false}
        onSubmit={(values) => {
          submitted.push(values);
          return Promise.resolve();
        }}
        onClose={() => undefined}
      />,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Tambah cabang' });
    await fillValid(drawer);
    setText(drawer, field, value);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText(message)).toBeInTheDocument();
    expect(submitted).toEqual([]);
  });

  it('counter limit is required (the input cannot go below 1)', async () => {
    const submitted: unknown[] = [];
    mockApi([]);
    renderWithProviders(
      <BranchCreateDrawer
        pending={false}
        onSubmit={(values) => {
          submitted.push(values);
          return Promise.resolve();
        }}
        onClose={() => undefined}
      />,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Tambah cabang' });
    await fillValid(drawer);
    const limit = within(drawer).getByRole('textbox', { name: /Batas loket/ });
    await userEvent.clear(limit);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Wajib diisi.')).toBeInTheDocument();
    expect(submitted).toEqual([]);
  });
});
