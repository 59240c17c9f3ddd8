import { useSyncExternalStore } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@antrean/shared/contracts/dashboard.contract';
import { BRANCH, staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { DashboardHomePage } from './dashboard-home-page';

/** The branch topics' message counts, driven by the test (a stand-in for the live socket). */
const live = {
  version: 0,
  listeners: new Set<() => void>(),
  bump() {
    live.version += 1;
    for (const listener of live.listeners) listener();
  },
};
vi.mock('@/lib/use-live', () => ({
  useLiveTopicOf: () => {
    const version = useSyncExternalStore(
      (onChange) => {
        live.listeners.add(onChange);
        return () => live.listeners.delete(onChange);
      },
      () => live.version,
    );
    return { state: version, error: null, version };
  },
}));

const ALL_DONE = {
  branches: true,
  services: true,
  counters: true,
  mapping: true,
  users: true,
  devices: true,
  theme: true,
};
const dashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  now: Date.UTC(2026, 0, 5, 2),
  totals: { branches: 1, displays: 1, counters: 3, users: 5, services: 2, inactiveServices: 1 },
  setup: ALL_DONE,
  branches: [
    {
      branch: BRANCH,
      serviceDay: '2026-01-05',
      waiting: 4,
      serving: 2,
      served: 10,
      averageWaitSeconds: 150,
      slaPercent: 90,
      displays: [
        {
          id: '01a2010e-3799-7000-8000-00000000d001',
          name: 'Display Utama',
          code: 'DSP-JKT01',
          layout: 'classic',
        },
      ],
    },
  ],
  ...overrides,
});
function render(user = staffUser('admin'), extra: MockRoute[] = []) {
  const api = mockApi([{ path: '/api/v1/auth/me', body: { user } }, ...extra]);
  renderWithProviders(<DashboardHomePage />, { route: '/dashboard' });
  return api;
}
const dashboardRequests = (requests: { url: string }[]) =>
  requests.filter((r) => r.url.endsWith('/api/v1/dashboard')).length;

describe('DashboardHomePage', () => {
  it('shows a new tenant where to begin: the steps in order, unticked, each linking to its page', async () => {
    render(staffUser('admin'), [
      {
        path: '/api/v1/dashboard',
        body: dashboard({
          totals: { branches: 0, displays: 0, counters: 0, users: 1, services: 0, inactiveServices: 0 },
          setup: {
            ...ALL_DONE,
            branches: true,
            services: false,
            counters: false,
            mapping: false,
            users: false,
            devices: false,
            theme: false,
          },
          branches: [],
        }),
      },
    ]);
    const setup = await screen.findByRole('region', { name: 'Mulai dari sini' });
    expect(within(setup).getByText('1 dari 7 langkah selesai')).toBeInTheDocument();
    const steps = within(setup).getAllByRole('listitem');
    expect(steps.map((s) => within(s).getByRole('link').textContent)).toEqual([
      'Buat cabang',
      'Buat layanan',
      'Buat loket',
      'Petakan loket ke layanan',
      'Buat petugas',
      'Pasang kiosk dan display',
      'Pilih tema',
    ]);
    expect(within(setup).getByRole('link', { name: 'Buat layanan' })).toHaveAttribute(
      'href',
      '/dashboard/master/layanan',
    );
    expect(within(steps[0]!).getByText(/Selesai/)).toBeInTheDocument();
    expect(screen.getByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
    expect(screen.getByTestId('total-branches')).toHaveTextContent('0');
  });

  it("shows the totals and today's figures per branch with the shortcuts, no checklist once set up", async () => {
    render(staffUser('admin'), [{ path: '/api/v1/dashboard', body: dashboard() }]);
    const row = (await screen.findByRole('rowheader', { name: /KC Jakarta Sudirman/ })).closest('tr');
    if (!row) throw new Error('no branch row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['4', '2', '10', '2 mnt 30 dtk', '90%']);
    expect(within(row).getByRole('link', { name: `Monitor ${BRANCH.name}` })).toHaveAttribute(
      'href',
      `/spv/monitoring?code=${BRANCH.code}`,
    );
    expect(within(row).getByRole('link', { name: `Layar operator ${BRANCH.name}` })).toHaveAttribute(
      'href',
      '/operator',
    );
    expect(
      within(row).getByRole('link', { name: `Buka display Display Utama di ${BRANCH.name}` }),
    ).toHaveAttribute('href', '/display/DSP-JKT01');
    expect(screen.getByTestId('total-counters')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Layanan nonaktif' })).toHaveAttribute(
      'href',
      '/dashboard/master/layanan-non-aktif',
    );
    expect(screen.queryByRole('region', { name: 'Mulai dari sini' })).not.toBeInTheDocument();
  });

  it('refreshes the figures when the branch reports activity (throttled), not on its first snapshot', async () => {
    const { requests } = render(staffUser('admin'), [{ path: '/api/v1/dashboard', body: dashboard() }]);
    await screen.findByRole('rowheader', { name: /KC Jakarta Sudirman/ });
    expect(dashboardRequests(requests)).toBe(1);
    act(() => live.bump()); // the snapshot
    act(() => live.bump()); // an event
    act(() => live.bump()); // another, within the same window
    await waitFor(() => expect(dashboardRequests(requests)).toBe(2), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(dashboardRequests(requests)).toBe(2);
  });

  it("a supervisor's home has the monitor shortcut but no admin links or checklist", async () => {
    render(staffUser('supervisor'), [
      { path: '/api/v1/dashboard', body: dashboard({ setup: { ...ALL_DONE, theme: false } }) },
    ]);
    await screen.findByRole('rowheader', { name: /KC Jakarta Sudirman/ });
    expect(screen.getByRole('link', { name: `Monitor ${BRANCH.name}` })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Layar operator ${BRANCH.name}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Loket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mulai dari sini' })).not.toBeInTheDocument();
  });

  it('a superadmin outside any tenant sees the platform pages and asks for no tenant figures', async () => {
    const { requests } = render(staffUser('superadmin'));
    expect(await screen.findByRole('link', { name: 'Tenant' })).toHaveAttribute(
      'href',
      '/dashboard/master/tenant',
    );
    expect(dashboardRequests(requests)).toBe(0);
  });

  it('shows a load failure with a retry', async () => {
    render(staffUser('admin'), [
      { path: '/api/v1/dashboard', status: 500, body: errorBody('INTERNAL_ERROR') },
    ]);
    expect(await screen.findByText('Dasbor gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
