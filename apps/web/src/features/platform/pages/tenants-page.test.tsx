import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TenantList } from '@antrean/shared/contracts/platform.contract';
import type { Tenant } from '@antrean/shared/domain/tenant';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { TenantsPage } from './tenants-page';

const CATEGORY_ID = '01a2010e-3799-7000-8000-00000000ca01';
const TENANT_ID = '01a2010e-3799-7000-8000-00000000e001';
const FILE_ID = '01a2010e-3799-7000-8000-00000000f001';
const tenant = (overrides: Partial<Tenant> = {}): Tenant => ({
  id: TENANT_ID,
  name: 'Bank Nusantara',
  categoryId: CATEGORY_ID,
  categoryName: 'Perbankan',
  logoFileId: null,
  isActive: true,
  createdAt: Date.UTC(2026, 0, 5),
  ...overrides,
});
const page = (items: Tenant[], total = items.length): TenantList => ({ items, total, page: 1, pageSize: 20 });
const routes = (list: TenantList, extra: MockRoute[] = []): MockRoute[] => [
  { path: '/api/v1/auth/me', body: { user: staffUser('superadmin') } },
  {
    path: '/api/v1/tenant-categories',
    body: {
      items: [{ id: CATEGORY_ID, name: 'Perbankan', tenantCount: 1 }],
      total: 1,
      page: 1,
      pageSize: 100,
    },
  },
  { path: '/api/v1/tenants', body: list },
  ...extra,
];

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}
function renderPage(route = '/dashboard/master/tenant') {
  return renderWithProviders(
    <>
      <TenantsPage />
      <Location />
    </>,
    { route },
  );
}
const listRequests = (requests: { method: string; url: string }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.includes('/api/v1/tenants?'))
    .map((r) => new URL(r.url, 'http://x'));

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Tambah tenant' }));
  return screen.findByRole('dialog', { name: 'Tambah tenant' });
}

describe('TenantsPage', () => {
  it('shows the empty state', async () => {
    mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('keeps paging, search and the status filter in the URL and asks the server for them', async () => {
    const { requests } = mockApi(routes(page([tenant()], 45)));
    renderPage('/dashboard/master/tenant?q=bank&status=active');
    expect(await screen.findByText('Bank Nusantara')).toBeInTheDocument();
    const first = listRequests(requests)[0];
    expect(first?.searchParams.get('q')).toBe('bank');
    expect(first?.searchParams.get('status')).toBe('active');
    await userEvent.click(screen.getByRole('button', { name: 'Halaman 2' }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('button', { name: /Kategori/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=category'));
  });

  it.each([
    ['tenant name', 'Nama tenant', 'Wajib diisi.'],
    ['category', 'Kategori', 'Wajib dipilih.'],
    ['username', 'Nama pengguna', 'Wajib diisi.'],
    ['full name', 'Nama lengkap', 'Wajib diisi.'],
    ['password', 'Kata sandi', 'Kata sandi wajib diisi.'],
  ])('an empty form refuses the %s on its field, sending nothing', async (_rule, label, message) => {
    const { requests } = mockApi(routes(page([])));
    renderPage();
    const drawer = await openCreate();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    // A select's listbox is labelled by the same label: the input comes first.
    const [input] = await within(drawer).findAllByLabelText(new RegExp(`^${label}`));
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['a username shorter than 7', 'admin1', 'Minimal 7 karakter.'],
    ['a username with a space', 'admin dinas', 'Nama pengguna tidak boleh mengandung spasi.'],
  ])('refuses %s on the field', async (_rule, typed, message) => {
    mockApi(routes(page([])));
    renderPage();
    const drawer = await openCreate();
    const username = within(drawer).getByLabelText(/^Nama pengguna/);
    await userEvent.type(username, typed);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(username).toHaveAccessibleDescription(expect.stringContaining(message)));
  });

  it('creates a tenant with its first admin, shows the server field errors, then offers the logo', async () => {
    const created = tenant({ id: TENANT_ID, name: 'Dinas Kependudukan Kota Bandung' });
    let attempts = 0;
    const { requests } = mockApi(
      routes(page([]), [
        {
          method: 'POST',
          path: '/api/v1/tenants',
          get status() {
            attempts++;
            return attempts === 1 ? 409 : 201;
          },
          get body() {
            return attempts === 1
              ? errorBody('USERNAME_TAKEN', 'Nama pengguna sudah dipakai.', {
                  fields: { 'admin.username': 'Nama pengguna sudah dipakai.' },
                })
              : created;
          },
        },
        {
          method: 'POST',
          path: `/api/v1/tenants/${TENANT_ID}/logo`,
          status: 201,
          body: { id: FILE_ID, url: `/api/v1/files/${FILE_ID}`, mimeType: 'image/png', sizeBytes: 68 },
        },
        { method: 'PATCH', path: `/api/v1/tenants/${TENANT_ID}`, body: { ...created, logoFileId: FILE_ID } },
      ]),
    );
    renderPage();
    const drawer = await openCreate();
    await userEvent.type(within(drawer).getByLabelText(/^Nama tenant/), 'Dinas Kependudukan Kota Bandung');
    await userEvent.click(within(drawer).getByRole('combobox', { name: /^Kategori/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Perbankan' }));
    const username = within(drawer).getByLabelText(/^Nama pengguna/);
    await userEvent.type(username, 'admin.bandung');
    await userEvent.type(within(drawer).getByLabelText(/^Nama lengkap/), 'Admin Bandung');
    await userEvent.type(within(drawer).getByLabelText(/^Kata sandi/), 'rahasia-123');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(expect.stringContaining('Nama pengguna sudah dipakai.')),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Dinas Kependudukan Kota Bandung',
      categoryId: CATEGORY_ID,
      isActive: true,
      admin: { username: 'admin.bandung', fullName: 'Admin Bandung', password: 'rahasia-123' },
    });

    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText(/Sukses\.\.\.!!! Tenant Dinas Kependudukan Kota Bandung ditambahkan/),
    ).toBeInTheDocument();
    const edit = await screen.findByRole('dialog', { name: 'Ubah Dinas Kependudukan Kota Bandung' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const picker = edit.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error('no file input');
    await userEvent.upload(picker, file);
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.url.endsWith(`/tenants/${TENANT_ID}/logo`))).toBe(
        true,
      ),
    );
    expect(await within(edit).findByRole('img', { name: /Logo/ })).toHaveAttribute(
      'src',
      `/api/v1/tenants/${TENANT_ID}/logo/${FILE_ID}`,
    );
    await userEvent.click(within(edit).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ logoFileId: FILE_ID }),
    );
  });

  it('deactivates only after confirmation', async () => {
    const { requests } = mockApi(
      routes(page([tenant()]), [
        { method: 'PATCH', path: `/api/v1/tenants/${TENANT_ID}`, body: tenant({ isActive: false }) },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan Bank Nusantara' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nonaktifkan Bank Nusantara?' });
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isActive: false }),
    );
    expect(await screen.findByText('Sukses...!!! Tenant Bank Nusantara dinonaktifkan.')).toBeInTheDocument();
  });

  it('enters a tenant: the session acts inside it and the dashboard opens', async () => {
    const { requests } = mockApi(
      routes(page([tenant()]), [
        {
          method: 'PUT',
          path: '/api/v1/auth/acting-tenant',
          body: { user: staffUser('superadmin', { tenantId: TENANT_ID, tenantName: 'Bank Nusantara' }) },
        },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Bekerja di dalam Bank Nusantara' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ tenantId: TENANT_ID }),
    );
    expect(await screen.findByText('Anda kini bekerja di dalam Bank Nusantara.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi(
      routes(page([])).map((r) =>
        r.path === '/api/v1/tenants' ? { ...r, status: 500, body: errorBody('INTERNAL_ERROR') } : r,
      ),
    );
    renderPage();
    expect(await screen.findByText('Daftar tenant gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
