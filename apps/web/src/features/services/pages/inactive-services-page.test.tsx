import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ServiceList } from '@antrean/shared/contracts/services.contract';
import type { Service } from '@antrean/shared/domain/service';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { InactiveServicesPage } from './inactive-services-page';

const SERVICE_ID = '01a2010e-3799-7000-8000-00000000a002';
const ktp: Service = {
  id: SERVICE_ID,
  name: 'KTP Elektronik',
  code: 'E',
  type: 'both',
  description: null,
  slaSeconds: 900,
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
  isActive: false,
  sortOrder: 0,
  subServices: [],
};
const page = (items: Service[]): ServiceList => ({ items, total: items.length, page: 1, pageSize: 20 });
const routes = (list: ServiceList, extra: MockRoute[] = []): MockRoute[] => [
  { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
  { path: '/api/v1/services', body: list },
  ...extra,
];
const render = (route = '/dashboard/master/layanan-non-aktif') =>
  renderWithProviders(<InactiveServicesPage />, { route });

describe('InactiveServicesPage', () => {
  it('lists only inactive services, with the empty state', async () => {
    const { requests } = mockApi(routes(page([])));
    render();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
    const url = new URL(requests.find((r) => r.url.includes('/api/v1/services?'))?.url ?? '', 'http://x');
    expect(url.searchParams.get('status')).toBe('inactive');
  });

  it('reactivates a service from here and says "Sukses...!!!"', async () => {
    const { requests } = mockApi(
      routes(page([ktp]), [
        { method: 'PATCH', path: `/api/v1/services/${SERVICE_ID}`, body: { ...ktp, isActive: true } },
      ]),
    );
    render('/dashboard/master/layanan-non-aktif?q=ktp');
    expect(await screen.findByText('KTP Elektronik')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('q=ktp'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Aktifkan KTP Elektronik' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isActive: true }));
    expect(await screen.findByText('Sukses...!!! KTP Elektronik diaktifkan.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/services', status: 500, body: errorBody('INTERNAL_ERROR') },
    ]);
    render();
    expect(await screen.findByText('Daftar layanan gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
