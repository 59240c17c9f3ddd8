import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TenantCategoryList } from '@antrean/shared/contracts/platform.contract';
import type { TenantCategory } from '@antrean/shared/domain/tenant';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { CategoriesPage } from './categories-page';

const CATEGORY_ID = '01a2010e-3799-7000-8000-00000000ca01';
const category = (overrides: Partial<TenantCategory> = {}): TenantCategory => ({
  id: CATEGORY_ID,
  name: 'Perbankan',
  tenantCount: 2,
  ...overrides,
});
const page = (items: TenantCategory[], total = items.length): TenantCategoryList => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});
const routes = (list: TenantCategoryList, extra: MockRoute[] = []): MockRoute[] => [
  { path: '/api/v1/auth/me', body: { user: staffUser('superadmin') } },
  { path: '/api/v1/tenant-categories', body: list },
  ...extra,
];

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}
function renderPage(route = '/dashboard/kategori') {
  return renderWithProviders(
    <>
      <CategoriesPage />
      <Location />
    </>,
    { route },
  );
}
const listRequests = (requests: { method: string; url: string }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.includes('/api/v1/tenant-categories?'))
    .map((r) => new URL(r.url, 'http://x'));

describe('CategoriesPage', () => {
  it('shows the empty state', async () => {
    mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('keeps paging, search and sort in the URL and asks the server for them', async () => {
    const { requests } = mockApi(routes(page([category()], 45)));
    renderPage('/dashboard/kategori?q=bank&page=2');
    expect(await screen.findByText('Perbankan')).toBeInTheDocument();
    expect(listRequests(requests)[0]?.searchParams.get('q')).toBe('bank');
    expect(listRequests(requests)[0]?.searchParams.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Halaman 3' }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('page')).toBe('3'));
    await userEvent.click(screen.getByRole('button', { name: /Jumlah tenant/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=tenantCount'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('sort')).toBe('tenantCount'));
  });

  it.each([
    ['empty', '', 'Wajib diisi.'],
    ['shorter than 3', 'ab', 'Minimal 3 karakter.'],
  ])('a name %s is refused on the field before anything is sent', async (_rule, typed, message) => {
    const { requests } = mockApi(routes(page([])));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Tambah kategori' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah kategori' });
    if (typed) await userEvent.type(within(drawer).getByRole('textbox', { name: /Nama kategori/ }), typed);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText(message)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('puts the server field error on the name', async () => {
    const { requests } = mockApi(
      routes(page([]), [
        {
          method: 'POST',
          path: '/api/v1/tenant-categories',
          status: 409,
          body: errorBody('TENANT_CATEGORY_NAME_TAKEN', 'Nama kategori sudah dipakai.', {
            fields: { name: 'Nama kategori sudah dipakai.' },
          }),
        },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Tambah kategori' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah kategori' });
    await userEvent.type(within(drawer).getByRole('textbox', { name: /Nama kategori/ }), 'Perbankan');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Nama kategori sudah dipakai.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Perbankan' });
  });

  it('renames a category and says so', async () => {
    mockApi(
      routes(page([category()]), [
        {
          method: 'PATCH',
          path: `/api/v1/tenant-categories/${CATEGORY_ID}`,
          body: category({ name: 'Perbankan Syariah' }),
        },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Ubah Perbankan' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ubah Perbankan' });
    const input = within(drawer).getByRole('textbox', { name: /Nama kategori/ });
    await userEvent.clear(input);
    await userEvent.type(input, 'Perbankan Syariah');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Sukses...!!! Kategori Perbankan Syariah disimpan.')).toBeInTheDocument();
  });

  it('deletes only after confirmation, and shows why a category in use is kept', async () => {
    const { requests } = mockApi(
      routes(page([category()]), [
        {
          method: 'DELETE',
          path: `/api/v1/tenant-categories/${CATEGORY_ID}`,
          status: 409,
          body: errorBody('TENANT_CATEGORY_IN_USE', 'Kategori ini masih dipakai tenant.'),
        },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus Perbankan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus Perbankan?' });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText(/masih dipakai tenant/)).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('superadmin') } },
      { path: '/api/v1/tenant-categories', status: 500, body: errorBody('INTERNAL_ERROR') },
    ]);
    renderPage();
    expect(await screen.findByText('Daftar kategori gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
