import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ServiceList } from '@antrean/shared/contracts/services.contract';
import type { Service } from '@antrean/shared/domain/service';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { ServicesPage } from './services-page';

const SERVICE_ID = '01a2010e-3799-7000-8000-00000000a001';
const SUB_ID = '01a2010e-3799-7000-8000-00000000b001';

const service = (overrides: Partial<Service> = {}): Service => ({
  id: SERVICE_ID,
  name: 'Kartu Keluarga',
  code: 'K',
  type: 'both',
  description: null,
  slaSeconds: 600,
  printCount: 1,
  bookingWhatsapp: false,
  firstCallWhatsapp: false,
  afterHoldCallWhatsapp: false,
  randomCaller: false,
  customerPhoto: false,
  eformEnabled: false,
  showOnWeb: true,
  showOnKiosk: true,
  showRemainingQueue: true,
  finishButton: true,
  isActive: true,
  sortOrder: 0,
  subServices: [{ id: SUB_ID, name: 'Pembuatan Baru', isActive: true }],
  ...overrides,
});
const page = (items: Service[], total = items.length): ServiceList => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

function routes(list: ServiceList, extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/services', body: list },
    ...extra,
  ];
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(route = '/dashboard/master/layanan') {
  return renderWithProviders(
    <>
      <ServicesPage />
      <Location />
    </>,
    { route },
  );
}

const listRequests = (requests: { method: string; url: string }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.includes('/api/v1/services?'))
    .map((r) => new URL(r.url, 'http://x'));

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Tambah layanan' }));
  return screen.findByRole('dialog', { name: 'Tambah layanan' });
}

describe('ServicesPage', () => {
  it('shows the empty state, and asks only for active services', async () => {
    const { requests } = mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
    expect(listRequests(requests)[0]?.searchParams.get('status')).toBe('active');
  });

  it('keeps paging, search and sort in the URL and asks the server for them', async () => {
    const { requests } = mockApi(routes(page([service()], 45)));
    renderPage('/dashboard/master/layanan?q=kar&page=2');
    expect(await screen.findByText('Kartu Keluarga')).toBeInTheDocument();
    expect(screen.getByText('Pembuatan Baru')).toBeInTheDocument();
    const first = listRequests(requests)[0];
    expect(first?.searchParams.get('q')).toBe('kar');
    expect(first?.searchParams.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Halaman 3' }));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('page')).toBe('3'));
    await userEvent.click(screen.getByRole('button', { name: /Nama layanan/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=name'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('sort')).toBe('name'));
  });

  // The spec's rules in the form, one row each: what is typed, the message on the field, no request.
  const rules: [string, (drawer: HTMLElement) => Promise<void>, RegExp | string, string][] = [
    ['service name at least 3', (d) => type(d, /Nama layanan/, 'KK'), /Nama layanan/, 'Minimal 3 karakter.'],
    [
      'service code required',
      (d) => type(d, /Nama layanan/, 'Kartu Keluarga'),
      /Kode layanan/,
      'Wajib diisi.',
    ],
    [
      'service code format',
      async (d) => {
        await type(d, /Nama layanan/, 'Kartu Keluarga');
        await type(d, /Kode layanan/, 'K-1');
      },
      /Kode layanan/,
      'Kode layanan hanya huruf atau angka, tanpa spasi (contoh K).',
    ],
    [
      'SLA required',
      async (d) => {
        await type(d, /Kode layanan/, 'K');
        await userEvent.clear(within(d).getByRole('textbox', { name: /SLA/ }));
      },
      /SLA/,
      'Wajib diisi.',
    ],
    [
      'print count required',
      async (d) => {
        await type(d, /Kode layanan/, 'K');
        await userEvent.clear(within(d).getByRole('textbox', { name: /Jumlah cetak/ }));
      },
      /Jumlah cetak/,
      'Wajib diisi.',
    ],
    [
      'sub service name required',
      async (d) => {
        await type(d, /Kode layanan/, 'K');
        await userEvent.click(within(d).getByRole('button', { name: 'Tambah sub layanan' }));
      },
      /Nama sub layanan 1/,
      'Wajib diisi.',
    ],
    [
      'sub service must not already exist',
      async (d) => {
        await type(d, /Nama layanan/, 'Kartu Keluarga');
        await type(d, /Kode layanan/, 'K');
        await userEvent.click(within(d).getByRole('button', { name: 'Tambah sub layanan' }));
        await userEvent.click(within(d).getByRole('button', { name: 'Tambah sub layanan' }));
        await type(d, 'Nama sub layanan 1', 'Baru');
        await type(d, 'Nama sub layanan 2', 'baru');
      },
      /Nama sub layanan 2/,
      'Sub layanan sudah ada.',
    ],
  ];
  async function type(drawer: HTMLElement, name: RegExp | string, text: string) {
    const input = within(drawer).getByRole('textbox', { name });
    await userEvent.clear(input);
    await userEvent.type(input, text);
  }
  it.each(rules)('validates in the form: %s', async (_rule, fill, field, message) => {
    const { requests } = mockApi(routes(page([])));
    renderPage();
    const drawer = await openCreate();
    await fill(drawer);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    const input = within(drawer).getByRole('textbox', { name: field });
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('sends every field with the sub services, then shows the server field errors on the fields', async () => {
    const { requests } = mockApi(
      routes(page([]), [
        {
          method: 'POST',
          path: '/api/v1/services',
          status: 409,
          body: errorBody('SERVICE_CODE_TAKEN', 'Kode layanan sudah dipakai layanan lain.', {
            fields: { code: 'Kode layanan sudah dipakai layanan lain.' },
          }),
        },
      ]),
    );
    renderPage();
    const drawer = await openCreate();
    await type(drawer, /Nama layanan/, 'Kartu Keluarga');
    await type(drawer, /Kode layanan/, 'k');
    await userEvent.click(within(drawer).getByRole('switch', { name: 'Foto pelanggan' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Tambah sub layanan' }));
    await type(drawer, 'Nama sub layanan 1', 'Pembuatan Baru');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Kode layanan sudah dipakai layanan lain.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      name: 'Kartu Keluarga',
      code: 'K',
      slaSeconds: 300,
      printCount: 1,
      customerPhoto: true,
      showOnKiosk: true,
      isActive: true,
      subServices: [{ name: 'Pembuatan Baru', isActive: true }],
    });
  });

  it('saves an edit and says "Sukses...!!!"', async () => {
    const { requests } = mockApi(
      routes(page([service()]), [
        {
          method: 'PATCH',
          path: `/api/v1/services/${SERVICE_ID}`,
          body: service({ name: 'Kartu Keluarga Baru' }),
        },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Ubah Kartu Keluarga' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ubah Kartu Keluarga' });
    await type(drawer, /Nama layanan/, 'Kartu Keluarga Baru');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Sukses...!!! Kartu Keluarga Baru disimpan.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      name: 'Kartu Keluarga Baru',
      subServices: [{ id: SUB_ID, name: 'Pembuatan Baru', isActive: true }],
    });
  });

  it('deletes only after confirmation; a service with tickets today offers to deactivate instead', async () => {
    const { requests } = mockApi(
      routes(page([service()]), [
        {
          method: 'DELETE',
          path: `/api/v1/services/${SERVICE_ID}`,
          status: 409,
          body: errorBody(
            'SERVICE_HAS_TICKETS_TODAY',
            'Layanan ini sudah memiliki antrian hari ini dan tidak dapat dihapus. Nonaktifkan layanan ini sebagai gantinya.',
          ),
        },
        { method: 'PATCH', path: `/api/v1/services/${SERVICE_ID}`, body: service({ isActive: false }) },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Hapus Kartu Keluarga' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus Kartu Keluarga?' });
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    const offer = await screen.findByRole('dialog', { name: 'Nonaktifkan Kartu Keluarga?' });
    expect(within(offer).getByRole('alert')).toHaveTextContent(/memiliki antrian hari ini/);
    await userEvent.click(within(offer).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isActive: false }),
    );
    expect(await screen.findByText('Sukses...!!! Kartu Keluarga dinonaktifkan.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/services', status: 500, body: errorBody('INTERNAL_ERROR') },
    ]);
    renderPage();
    expect(await screen.findByText('Daftar layanan gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
