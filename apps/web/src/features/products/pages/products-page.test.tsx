import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductList } from '@antrean/shared/contracts/products.contract';
import type { Product, ProductDetail } from '@antrean/shared/domain/product';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { ProductsRoute } from './products-page';

const PRODUCT_ID = '01a2010e-3799-7000-8000-00000000b001';
const ITEM_ID = '01a2010e-3799-7000-8000-00000000b101';
const product: Product = { id: PRODUCT_ID, name: 'Deposito', isActive: true, sortOrder: 1, itemCount: 1 };
const detail: ProductDetail = {
  ...product,
  items: [{ id: ITEM_ID, productId: PRODUCT_ID, name: '3 bulan', percentage: '3.5', sortOrder: 1 }],
};
const list = (items: Product[]): ProductList => ({ items, total: items.length, page: 1, pageSize: 20 });

function renderAt(route: string, routes: MockRoute[]) {
  const mocked = mockApi([{ path: '/api/v1/auth/me', body: { user: staffUser('admin') } }, ...routes]);
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/master/produk-dan-suku-bunga" element={<ProductsRoute />} />
      <Route path="/dashboard/master/produk-dan-suku-bunga/:id" element={<ProductsRoute />} />
    </Routes>,
    { route },
  );
  return mocked;
}

describe('ProductsRoute', () => {
  it('lists products with their item count, each linking to its items', async () => {
    renderAt('/dashboard/master/produk-dan-suku-bunga', [
      { path: '/api/v1/products', body: list([product]) },
    ]);
    expect(await screen.findByRole('link', { name: 'Deposito' })).toHaveAttribute(
      'href',
      `/dashboard/master/produk-dan-suku-bunga/${PRODUCT_ID}`,
    );
    expect(screen.getByText('1 item')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderAt('/dashboard/master/produk-dan-suku-bunga', [{ path: '/api/v1/products', body: list([]) }]);
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('deletes a product with its items only after confirmation', async () => {
    const { requests } = renderAt('/dashboard/master/produk-dan-suku-bunga', [
      { path: '/api/v1/products', body: list([product]) },
      { method: 'DELETE', path: `/api/v1/products/${PRODUCT_ID}`, status: 204 },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus Deposito' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus Deposito?' });
    expect(dialog).toHaveTextContent('beserta 1 itemnya');
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Deposito dihapus.')).toBeInTheDocument();
  });

  it('the product page: items with exact percentages; a comma or more than 100 is refused before the server; server field errors', async () => {
    const { requests } = renderAt(`/dashboard/master/produk-dan-suku-bunga/${PRODUCT_ID}`, [
      { path: `/api/v1/products/${PRODUCT_ID}`, body: detail },
      {
        method: 'POST',
        path: `/api/v1/products/${PRODUCT_ID}/items`,
        status: 409,
        body: errorBody('PRODUCT_ITEM_NAME_TAKEN', 'Nama item sudah ada di produk ini.', {
          fields: { name: 'Nama item sudah ada di produk ini.' },
        }),
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Deposito' })).toBeInTheDocument();
    expect(screen.getByText('3,50 %')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tambah item' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah item' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect((await within(drawer).findAllByText('Wajib diisi.')).length).toBe(2);
    await userEvent.type(within(drawer).getByRole('textbox', { name: /Nama item/ }), '6 bulan');
    const percentage = within(drawer).getByRole('textbox', { name: /Persentase/ });
    await userEvent.type(percentage, '3,75');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText(/Desimal memakai titik/)).toBeInTheDocument();
    await userEvent.clear(percentage);
    await userEvent.type(percentage, '100.5');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText(/Persentase antara 0 dan 100/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.clear(percentage);
    await userEvent.type(percentage, '3.750');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Nama item sudah ada di produk ini.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: '6 bulan',
      percentage: '3.75',
      sortOrder: 2,
    });
  });

  it('deletes an item only after confirmation', async () => {
    const { requests } = renderAt(`/dashboard/master/produk-dan-suku-bunga/${PRODUCT_ID}`, [
      { path: `/api/v1/products/${PRODUCT_ID}`, body: detail },
      { method: 'DELETE', path: `/api/v1/products/${PRODUCT_ID}/items/${ITEM_ID}`, status: 204 },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus 3 bulan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus 3 bulan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Hapus 3 bulan' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  });

  it('a product that cannot be loaded shows the error with a retry', async () => {
    renderAt(`/dashboard/master/produk-dan-suku-bunga/${PRODUCT_ID}`, [
      {
        path: `/api/v1/products/${PRODUCT_ID}`,
        status: 404,
        body: errorBody('NOT_FOUND', 'Data tidak ditemukan'),
      },
    ]);
    expect(await screen.findByText('Produk gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
