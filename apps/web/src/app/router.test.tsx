import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { DEFAULT_THEME } from '@antrean/shared/domain/theme';
import type { SessionUser } from '@antrean/shared/domain/user';
import { BRANCH, staffUser } from '@/test/fixtures';
import { createTestQueryClient, mockApi, type MockRoute } from '@/test/render';
import { routes } from './router';

function signedIn(user: SessionUser | null, extra: MockRoute[] = []): MockRoute[] {
  const session: MockRoute[] = user
    ? [
        { path: '/api/v1/auth/me', body: { user } },
        { path: '/api/v1/theme', body: { ...DEFAULT_THEME, tenantName: user.tenantName } },
      ]
    : [];
  return [...session, ...extra];
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const HOME_SETUP_DONE = {
  branches: true,
  services: true,
  counters: true,
  mapping: true,
  users: true,
  devices: true,
  theme: true,
};

describe('routes and guards', () => {
  it('sends a visitor without a session from /dashboard to /login with a return-to', async () => {
    mockApi(signedIn(null));
    const router = renderAt('/dashboard/master/cabang');
    expect(await screen.findByRole('heading', { name: 'Masuk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/dashboard/master/cabang',
    );
  });

  it('sends a visitor without a session from /caller to /login-caller', async () => {
    mockApi(signedIn(null));
    const router = renderAt('/caller');
    expect(await screen.findByRole('heading', { name: 'Masuk Pemanggil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-caller');
  });

  it('never shows the dashboard to an operator: they go to their own home', async () => {
    mockApi(signedIn(staffUser('operator')));
    const router = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Layar Operator' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/operator');
  });

  it("shows an admin the dashboard home with today's figures per branch", async () => {
    mockApi(
      signedIn(staffUser('admin'), [
        {
          path: '/api/v1/dashboard',
          body: {
            now: 0,
            totals: { branches: 1, displays: 0, counters: 1, users: 2, services: 1, inactiveServices: 0 },
            setup: HOME_SETUP_DONE,
            branches: [
              {
                branch: BRANCH,
                serviceDay: '2026-01-05',
                waiting: 3,
                serving: 1,
                served: 7,
                averageWaitSeconds: null,
                slaPercent: null,
                displays: [],
              },
            ],
          },
        },
      ]),
    );
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dasbor' })).toBeInTheDocument();
    expect(screen.getByText('Selamat datang, Admin Nusantara')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('KC Jakarta Sudirman')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigasi dasbor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu profil' })).toBeInTheDocument();
  });

  it('shows the empty state when there are no branches', async () => {
    mockApi(
      signedIn(staffUser('admin'), [
        {
          path: '/api/v1/dashboard',
          body: {
            now: 0,
            totals: { branches: 0, displays: 0, counters: 0, users: 1, services: 0, inactiveServices: 0 },
            setup: HOME_SETUP_DONE,
            branches: [],
          },
        },
      ]),
    );
    renderAt('/dashboard');
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('routes a dashboard page that is not built yet to the "being prepared" page', async () => {
    mockApi(signedIn(staffUser('admin')));
    renderAt('/dashboard/laporan/laporan-dilayani');
    expect(await screen.findByRole('heading', { name: 'Halaman ini sedang disiapkan' })).toBeInTheDocument();
    expect(screen.getByText('Laporan · Dilayani')).toBeInTheDocument();
  });

  it("routes /dashboard/master/display to the admin's devices page", async () => {
    mockApi(
      signedIn(staffUser('admin'), [
        { path: '/api/v1/branches', body: { items: [BRANCH] } },
        { path: `/api/v1/branches/${BRANCH.id}/devices`, body: { kiosks: [], displays: [] } },
      ]),
    );
    renderAt('/dashboard/master/display');
    expect(await screen.findByRole('heading', { level: 1, name: 'Perangkat & layar' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Kiosk' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Perangkat & layar' })).toHaveAttribute('aria-current', 'page');
  });

  it('refuses the devices page to a supervisor', async () => {
    mockApi(signedIn(staffUser('supervisor')));
    renderAt('/dashboard/master/display');
    expect(await screen.findByRole('heading', { name: 'Akses ditolak' })).toBeInTheDocument();
  });

  it('refuses a page the role may not open', async () => {
    mockApi(signedIn(staffUser('supervisor')));
    renderAt('/dashboard/pengguna');
    expect(await screen.findByRole('heading', { name: 'Akses ditolak' })).toBeInTheDocument();
  });

  it('shows the not-found page for any other path', async () => {
    mockApi(signedIn(null));
    renderAt('/tidak-ada');
    expect(await screen.findByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ke halaman masuk' })).toHaveAttribute('href', '/login');
  });

  it('sends a caller without a chosen counter from /caller to the counter choice', async () => {
    mockApi(
      signedIn(staffUser('caller'), [
        { path: '/api/v1/branches', body: { items: [BRANCH] } },
        { path: /\/services$/, body: { items: [] } },
        { path: /\/counters$/, body: { items: [] } },
      ]),
    );
    const router = renderAt('/caller');
    expect(await screen.findByRole('heading', { name: 'Pilih loket' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-caller');
  });
});
