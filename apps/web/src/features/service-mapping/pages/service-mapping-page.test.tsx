import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ServiceMapping } from '@antrean/shared/domain/service-mapping';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { ServiceMappingPage } from './service-mapping-page';

const KK = '01a2010e-3799-7000-8000-00000000a001';
const KTP = '01a2010e-3799-7000-8000-00000000a002';
const LOKET1 = '01a2010e-3799-7000-8000-00000000c001';
const LOKET2 = '01a2010e-3799-7000-8000-00000000c002';

const mapping = (overrides: Partial<ServiceMapping> = {}): ServiceMapping => ({
  branchId: BRANCH_ID,
  services: [
    { id: KK, code: 'K', name: 'Kartu Keluarga', isActive: true, offered: true },
    { id: KTP, code: 'E', name: 'KTP Elektronik', isActive: true, offered: false },
  ],
  counters: [
    { id: LOKET1, name: 'Loket 1', number: 1, isActive: true, serviceIds: [KK] },
    { id: LOKET2, name: 'Loket 2', number: 2, isActive: true, serviceIds: [KK] },
  ],
  ...overrides,
});
const path = `/api/v1/branches/${BRANCH_ID}/service-mapping`;
const routes = (m: ServiceMapping, extra: MockRoute[] = []): MockRoute[] => [
  { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
  { path: '/api/v1/branches', body: { items: [BRANCH] } },
  { path, body: m },
  ...extra,
];
const render = () =>
  renderWithProviders(<ServiceMappingPage />, { route: '/dashboard/master/loket-layanan-cabang' });

describe('ServiceMappingPage', () => {
  it('offers a service and maps it to a counter, saved at once, and says "Sukses...!!!"', async () => {
    const saved = mapping({
      services: mapping().services.map((s) => ({ ...s, offered: true })),
      counters: [
        { id: LOKET1, name: 'Loket 1', number: 1, isActive: true, serviceIds: [KK] },
        { id: LOKET2, name: 'Loket 2', number: 2, isActive: true, serviceIds: [KK, KTP] },
      ],
    });
    const { requests } = mockApi(routes(mapping(), [{ method: 'PUT', path, body: saved }]));
    render();
    const serves = await screen.findByRole('checkbox', { name: 'Loket 2 melayani E · KTP Elektronik' });
    // A service the branch does not offer cannot be served.
    expect(serves).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cabang menawarkan E · KTP Elektronik' }));
    expect(serves).toBeEnabled();
    await userEvent.click(serves);
    await userEvent.click(screen.getByRole('button', { name: 'Simpan pemetaan' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        offeredServiceIds: [KK, KTP],
        counters: [
          { counterId: LOKET1, serviceIds: [KK] },
          { counterId: LOKET2, serviceIds: [KK, KTP] },
        ],
      }),
    );
    expect(
      await screen.findByText(`Sukses...!!! Pemetaan layanan ${BRANCH.name} disimpan.`),
    ).toBeInTheDocument();
  });

  // The rules in the form, one row each: what is ticked off, the message naming the counter, no request.
  const rules: [string, () => Promise<void>, string][] = [
    [
      'a counter must serve at least one service',
      () => userEvent.click(screen.getByRole('checkbox', { name: 'Loket 1 melayani K · Kartu Keluarga' })),
      'Periksa pemetaan: Loket 1 — Wajib dipilih.',
    ],
    [
      'a service no longer offered leaves its counters (which then serve nothing)',
      () => userEvent.click(screen.getByRole('checkbox', { name: 'Cabang menawarkan K · Kartu Keluarga' })),
      'Periksa pemetaan: Loket 2 — Wajib dipilih.',
    ],
  ];
  it.each(rules)('validates before sending: %s', async (_rule, act, message) => {
    const { requests } = mockApi(routes(mapping()));
    render();
    await screen.findByRole('checkbox', { name: 'Loket 1 melayani K · Kartu Keluarga' });
    await act();
    await userEvent.click(screen.getByRole('button', { name: 'Simpan pemetaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's field errors with the counter's name", async () => {
    mockApi(
      routes(mapping(), [
        {
          method: 'PUT',
          path,
          status: 400,
          body: errorBody('VALIDATION_FAILED', 'Data tidak valid.', {
            fields: {
              'counters.1.serviceIds': 'Loket hanya dapat melayani layanan yang ditawarkan cabang ini.',
            },
          }),
        },
      ]),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Simpan pemetaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Periksa pemetaan: Loket 2 — Loket hanya dapat melayani layanan yang ditawarkan cabang ini.',
    );
  });

  it('says "Data Kosong" when the tenant has no services, and shows a load failure with a retry', async () => {
    mockApi(routes(mapping({ services: [], counters: [] })));
    const { unmount } = render();
    expect(await screen.findByText('Data Kosong')).toBeInTheDocument();
    unmount();
    mockApi(
      routes(mapping()).map((r) =>
        r.path === path ? { ...r, status: 500, body: errorBody('INTERNAL_ERROR') } : r,
      ),
    );
    render();
    const alert = await screen.findByText('Pemetaan layanan gagal dimuat');
    expect(
      within(alert.closest('[role="alert"]') ?? document.body).getByRole('button', { name: 'Coba lagi' }),
    ).toBeInTheDocument();
  });
});
