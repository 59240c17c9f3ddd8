import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CounterList } from '@antrean/shared/contracts/counters.contract';
import type { Counter } from '@antrean/shared/domain/counter';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { CountersPage } from './counters-page';

const SERVICE_ID = '01a2010e-3799-7000-8000-00000000a001';
const COUNTER_ID = '01a2010e-3799-7000-8000-00000000c001';

const counter = (overrides: Partial<Counter> = {}): Counter => ({
  id: COUNTER_ID,
  branchId: BRANCH_ID,
  name: 'Loket 1',
  number: 1,
  isActive: true,
  serviceIds: [SERVICE_ID],
  ...overrides,
});
const page = (items: Counter[], total = items.length): CounterList => ({
  items,
  total,
  page: 1,
  pageSize: 20,
  limit: { active: items.filter((c) => c.isActive).length, max: 10 },
});

function routes(list: CounterList, extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/branches', body: { items: [BRANCH] } },
    {
      path: `/api/v1/branches/${BRANCH_ID}/services`,
      body: {
        items: [
          {
            id: SERVICE_ID,
            code: 'A',
            name: 'Teller',
            type: 'walk_in',
            slaSeconds: 300,
            printCount: 1,
            randomCaller: false,
            customerPhoto: false,
            finishButton: true,
            showOnKiosk: true,
            showOnWeb: true,
            showRemainingQueue: true,
            isActive: true,
            subServices: [],
          },
        ],
      },
    },
    { path: '/api/v1/counters', body: list },
    ...extra,
  ];
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(route = '/dashboard/master/loket') {
  return renderWithProviders(
    <>
      <CountersPage />
      <Location />
    </>,
    { route },
  );
}

const listRequests = (requests: { method: string; url: string }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.includes('/api/v1/counters?'))
    .map((r) => new URL(r.url, 'http://x'));

describe('CountersPage', () => {
  it('shows the empty state when the branch has no counters', async () => {
    mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
    expect(screen.getByText('Loket aktif: 0 dari batas 10')).toBeInTheDocument();
  });

  it('keeps paging and search in the URL and asks the server for them', async () => {
    const { requests } = mockApi(routes(page([counter()], 45)));
    renderPage('/dashboard/master/loket?q=lok&page=2');
    expect(await screen.findByText('Loket 1')).toBeInTheDocument();
    const first = listRequests(requests)[0];
    expect(first?.searchParams.get('q')).toBe('lok');
    expect(first?.searchParams.get('page')).toBe('2');
    expect(first?.searchParams.get('branchId')).toBe(BRANCH_ID);

    await userEvent.click(screen.getByRole('button', { name: 'Halaman 3' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('page=3'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('page')).toBe('3'));

    const search = screen.getByRole('searchbox', { name: 'Cari nama atau nomor loket' });
    await userEvent.clear(search);
    await userEvent.type(search, 'prioritas');
    // A new search starts again on page 1.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?q=prioritas'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('q')).toBe('prioritas'));

    await userEvent.click(screen.getByRole('button', { name: /Nama loket/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=name'));
  });

  it('validates the form on the client, then shows the server field errors on the fields', async () => {
    const { requests } = mockApi(
      routes(page([counter()]), [
        {
          method: 'POST',
          path: '/api/v1/counters',
          status: 409,
          body: errorBody('COUNTER_NAME_TAKEN', 'Nama loket sudah dipakai di cabang ini.', {
            fields: { name: 'Nama loket sudah dipakai di cabang ini.' },
          }),
        },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Tambah loket' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah loket' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Wajib diisi.')).toBeInTheDocument();
    expect(within(drawer).getByText('Wajib dipilih.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(drawer).getByRole('textbox', { name: /Nama loket/ }), 'Loket 1');
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'A · Teller' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Nama loket sudah dipakai di cabang ini.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Loket 1',
      number: 2,
      isActive: true,
      serviceIds: [SERVICE_ID],
      branchId: BRANCH_ID,
    });
  });

  it('deletes only after confirmation', async () => {
    const { requests } = mockApi(
      routes(page([counter()]), [{ method: 'DELETE', path: `/api/v1/counters/${COUNTER_ID}`, status: 204 }]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus Loket 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus Loket 1?' });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Hapus Loket 1' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Loket 1 dihapus.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi(
      routes(page([]), []).map((r) =>
        r.path === '/api/v1/counters' ? { ...r, status: 500, body: errorBody('INTERNAL_ERROR') } : r,
      ),
    );
    renderPage();
    expect(await screen.findByText('Daftar loket gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
