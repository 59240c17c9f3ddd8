import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CurrencyList } from '@antrean/shared/contracts/currencies.contract';
import type { Currency } from '@antrean/shared/domain/currency';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { CurrenciesPage } from './currencies-page';

const USD_ID = '01a2010e-3799-7000-8000-00000000f001';
const JPY_ID = '01a2010e-3799-7000-8000-00000000f002';

const currency = (overrides: Partial<Currency> = {}): Currency => ({
  id: USD_ID,
  code: 'USD',
  name: 'US Dollar',
  flag: 'US',
  buy: '16150.5',
  sell: '16450',
  bankNoteBuy: null,
  bankNoteSell: '16480',
  ttCounterBuy: null,
  ttCounterSell: null,
  sortOrder: 1,
  updatedAt: Date.UTC(2026, 10, 25, 3, 0),
  ...overrides,
});
const page = (items: Currency[], total = items.length): CurrencyList => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

function routes(list: CurrencyList, extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    ...extra,
    { path: '/api/v1/currencies', body: list },
  ];
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(route = '/dashboard/master/valas') {
  return renderWithProviders(
    <>
      <CurrenciesPage />
      <Location />
    </>,
    { route },
  );
}

const listRequests = (requests: { method: string; url: string }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.includes('/api/v1/currencies?'))
    .map((r) => new URL(r.url, 'http://x'));

describe('CurrenciesPage', () => {
  it('shows the empty state, and no rates form without currencies', async () => {
    mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Perbarui kurs' })).toBeDisabled();
  });

  it('shows exact rates, keeps search and sort in the URL and asks the server for them', async () => {
    const { requests } = mockApi(routes(page([currency()], 25)));
    renderPage('/dashboard/master/valas?q=us');
    const row = (await screen.findByText('US Dollar')).closest('tr');
    expect(row).not.toBeNull();
    expect(row).toHaveTextContent('B 16.150,50');
    expect(row).toHaveTextContent('J 16.450,00');
    expect(row).toHaveTextContent('B —');
    expect(listRequests(requests)[0]?.searchParams.get('q')).toBe('us');

    await userEvent.click(screen.getByRole('button', { name: /^Kode/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=code'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('sort')).toBe('code'));
  });

  it('validates the form on the client (a comma is refused), then shows the server field errors', async () => {
    const { requests } = mockApi(
      routes(page([currency()]), [
        {
          method: 'POST',
          path: '/api/v1/currencies',
          status: 409,
          body: errorBody('CURRENCY_CODE_TAKEN', 'Kode valas sudah ada.', {
            fields: { code: 'Kode valas sudah ada.' },
          }),
        },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Tambah valas' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah valas' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect((await within(drawer).findAllByText('Wajib diisi.')).length).toBeGreaterThanOrEqual(3);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(drawer).getByRole('textbox', { name: /^Kode/ }), 'usd');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /^Nama/ }), 'US Dollar');
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'e-Rate · Beli' }), '16150,5');
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'e-Rate · Jual' }), '16450');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText(/Desimal memakai titik/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    const buy = within(drawer).getByRole('textbox', { name: 'e-Rate · Beli' });
    await userEvent.clear(buy);
    await userEvent.type(buy, '16150.50');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Kode valas sudah ada.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      code: 'USD',
      name: 'US Dollar',
      flag: null,
      buy: '16150.5',
      sell: '16450',
      bankNoteBuy: null,
      bankNoteSell: null,
      ttCounterBuy: null,
      ttCounterSell: null,
      sortOrder: 2,
    });
  });

  it('one form sets the rates of every currency at once', async () => {
    const jpy = currency({
      id: JPY_ID,
      code: 'JPY',
      name: 'Japanese Yen',
      flag: 'JP',
      buy: '104.5',
      sell: '108.2',
    });
    const { requests } = mockApi(
      routes(page([currency(), jpy]), [
        { method: 'PUT', path: '/api/v1/currencies/rates', body: [currency(), jpy] },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Perbarui kurs' }));
    const drawer = await screen.findByRole('dialog', { name: 'Perbarui kurs semua valas' });
    const jpyBuy = await within(drawer).findByRole('textbox', { name: 'JPY e-Rate · Beli' });
    await userEvent.clear(jpyBuy);
    await userEvent.type(jpyBuy, '105.25');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan kurs' }));
    expect(await screen.findByText('Kurs disimpan untuk semua cabang.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      rates: [
        {
          id: USD_ID,
          buy: '16150.5',
          sell: '16450',
          bankNoteBuy: null,
          bankNoteSell: '16480',
          ttCounterBuy: null,
          ttCounterSell: null,
        },
        {
          id: JPY_ID,
          buy: '105.25',
          sell: '108.2',
          bankNoteBuy: null,
          bankNoteSell: '16480',
          ttCounterBuy: null,
          ttCounterSell: null,
        },
      ],
    });
  });

  it('deletes only after confirmation', async () => {
    const { requests } = mockApi(
      routes(page([currency()]), [{ method: 'DELETE', path: `/api/v1/currencies/${USD_ID}`, status: 204 }]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus USD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus USD?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Hapus USD' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('USD dihapus.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/currencies', status: 500, body: errorBody('INTERNAL_ERROR') },
    ]);
    renderPage();
    expect(await screen.findByText('Daftar valas gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
