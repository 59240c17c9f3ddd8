import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDevice, BranchDevices } from '@antrean/shared/contracts/device-admin.contract';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { DevicesPage } from './devices-page';

const KIOSK_ID = '01a2010e-3799-7000-8000-00000000d001';
const DISPLAY_ID = '01a2010e-3799-7000-8000-00000000d002';
const OLD_CODE = 'KIOSKOLDCODE0000000000AA';
const NEW_CODE = 'KIOSKNEWCODE1111111111BB';
/** The page's clock in these tests ("last seen … ago" is read against it). */
const NOW = Date.UTC(2026, 10, 22, 7, 0, 0);

function kiosk(overrides: Partial<AdminDevice> = {}): AdminDevice {
  const code = overrides.code ?? OLD_CODE;
  return {
    id: KIOSK_ID,
    kind: 'kiosk',
    name: 'Kiosk Lobi',
    code,
    isActive: true,
    layout: null,
    path: `/mkios/${code}`,
    lastSeenAt: NOW - 150_000, // 2½ minutes: "2 menit yang lalu"
    online: true,
    ...overrides,
  };
}

function display(overrides: Partial<AdminDevice> = {}): AdminDevice {
  return {
    id: DISPLAY_ID,
    kind: 'display',
    name: 'Layar Aula',
    code: 'DISPLAYCODE0000000000000',
    isActive: true,
    layout: 'classic',
    path: '/display/DISPLAYCODE0000000000000',
    lastSeenAt: null,
    online: false,
    ...overrides,
  };
}

/** The session and branch list, and a device list that answers what `lists()` holds now. */
function routes(lists: () => BranchDevices, extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/branches', body: { items: [BRANCH] } },
    {
      path: `/api/v1/branches/${BRANCH_ID}/devices`,
      get body() {
        return lists();
      },
    },
    ...extra,
  ];
}

const region = (name: string) => screen.findByRole('region', { name });

describe('devices page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lists the branch's kiosks and displays", async () => {
    mockApi(routes(() => ({ kiosks: [kiosk()], displays: [display()] })));
    renderWithProviders(<DevicesPage />, { route: '/dashboard/master/display' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Perangkat & layar' })).toBeInTheDocument();
    const kiosks = await region('Kiosk');
    const kioskRow = await within(kiosks).findByRole('row', { name: /Kiosk Lobi/ });
    expect(
      within(kiosks)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nama', 'Kode', 'Status', 'Koneksi', 'Alamat perangkat', 'Aktif', 'Aksi']);
    expect(within(kioskRow).getByText(OLD_CODE)).toBeInTheDocument();
    expect(within(kioskRow).getByRole('button', { name: 'Salin kode Kiosk Lobi' })).toBeInTheDocument();
    expect(within(kioskRow).getByText('Daring')).toBeInTheDocument();
    expect(within(kioskRow).getByText('Terakhir terlihat 2 menit yang lalu')).toBeInTheDocument();
    const link = within(kioskRow).getByRole('link', { name: /\/mkios\/KIOSKOLDCODE/ });
    expect(link).toHaveAttribute('href', `${window.location.origin}/mkios/${OLD_CODE}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(kioskRow).getByRole('switch', { name: 'Aktif: Kiosk Lobi' })).toBeChecked();
    expect(
      within(kioskRow).getByRole('button', { name: 'Buat kode baru untuk Kiosk Lobi' }),
    ).toBeInTheDocument();

    const displays = await region('Layar antrean');
    const displayRow = within(displays).getByRole('row', { name: /Layar Aula/ });
    expect(within(displayRow).getByText('Luring')).toBeInTheDocument();
    expect(within(displayRow).getByText('Belum pernah terhubung')).toBeInTheDocument();
    expect(within(displayRow).getByRole('link', { name: /\/display\/DISPLAYCODE/ })).toBeInTheDocument();
  });

  it('switches branch: lists the devices of the branch picked', async () => {
    const OTHER_ID = '01a2010e-3799-737e-a7b2-8131b67d4751';
    const other = { ...BRANCH, id: OTHER_ID, code: 'BDG01', name: 'KC Bandung' };
    const { requests } = mockApi([
      // The first matching route answers: this branch list wins over the one in `routes`.
      { path: '/api/v1/branches', body: { items: [BRANCH, other] } },
      ...routes(() => ({ kiosks: [kiosk()], displays: [] })),
      {
        path: `/api/v1/branches/${OTHER_ID}/devices`,
        body: { kiosks: [kiosk({ id: KIOSK_ID, name: 'Kiosk Bandung' })], displays: [] },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DevicesPage />, { route: '/dashboard/master/display' });

    expect(await within(await region('Kiosk')).findByText('Kiosk Lobi')).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Cabang' }));
    await user.click(await screen.findByRole('option', { name: 'BDG01 · KC Bandung' }));
    expect(await within(await region('Kiosk')).findByText('Kiosk Bandung')).toBeInTheDocument();
    expect(requests.some((r) => r.url === `/api/v1/branches/${OTHER_ID}/devices`)).toBe(true);
  });

  it('shows the empty message for a kind without devices', async () => {
    mockApi(routes(() => ({ kiosks: [], displays: [display()] })));
    renderWithProviders(<DevicesPage />, { route: '/dashboard/master/display' });
    const kiosks = await region('Kiosk');
    expect(await within(kiosks).findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
    expect(await within(await region('Layar antrean')).findByText('Layar Aula')).toBeInTheDocument();
  });

  it('asks before making a new code, then POSTs and shows the new code', async () => {
    let current = kiosk();
    const { requests } = mockApi(
      routes(
        () => ({ kiosks: [current], displays: [] }),
        [
          {
            method: 'POST',
            path: `/api/v1/devices/kiosk/${KIOSK_ID}/regenerate-code`,
            get body() {
              current = kiosk({ code: NEW_CODE });
              return current;
            },
          },
        ],
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DevicesPage />, { route: '/dashboard/master/display' });

    await user.click(await screen.findByRole('button', { name: 'Buat kode baru untuk Kiosk Lobi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat kode baru untuk Kiosk Lobi?' });
    expect(
      within(dialog).getByText(/berhenti bekerja sampai dibuka kembali dengan alamat baru/),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Buat kode baru' }));
    const done = await screen.findByRole('dialog', { name: 'Kode baru untuk Kiosk Lobi' });
    expect(within(done).getByText(NEW_CODE)).toBeInTheDocument();
    expect(within(done).getByText(`${window.location.origin}/mkios/${NEW_CODE}`)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      `/api/v1/devices/kiosk/${KIOSK_ID}/regenerate-code`,
    ]);
    expect(await screen.findByText('Kode baru dibuat untuk Kiosk Lobi.')).toBeInTheDocument();

    await user.click(within(done).getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(await region('Kiosk')).getByRole('row', { name: /Kiosk Lobi/ });
    expect(within(row).getByText(NEW_CODE)).toBeInTheDocument();
    expect(within(row).queryByText(OLD_CODE)).not.toBeInTheDocument();
  });

  it('asks before disabling, then PATCHes isActive false; enabling needs no confirmation', async () => {
    let current = kiosk();
    const { requests } = mockApi(
      routes(
        () => ({ kiosks: [current], displays: [] }),
        [
          {
            method: 'PATCH',
            path: `/api/v1/devices/kiosk/${KIOSK_ID}`,
            get body() {
              current = kiosk({ isActive: !current.isActive, online: false });
              return current;
            },
          },
        ],
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DevicesPage />, { route: '/dashboard/master/display' });

    const toggle = await screen.findByRole('switch', { name: 'Aktif: Kiosk Lobi' });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Nonaktifkan Kiosk Lobi?' });
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ isActive: false }]);
    expect(await screen.findByText('Kiosk Lobi dinonaktifkan.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Aktif: Kiosk Lobi' })).not.toBeChecked());
    const row = within(await region('Kiosk')).getByRole('row', { name: /Kiosk Lobi/ });
    expect(within(row).getByText('Nonaktif')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Aktif: Kiosk Lobi' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { isActive: false },
        { isActive: true },
      ]),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Kiosk Lobi diaktifkan kembali.')).toBeInTheDocument();
  });

  it('cancelling the confirmation sends nothing', async () => {
    const { requests } = mockApi(routes(() => ({ kiosks: [kiosk()], displays: [] })));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DevicesPage />, { route: '/dashboard/master/display' });

    await user.click(await screen.findByRole('switch', { name: 'Aktif: Kiosk Lobi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nonaktifkan Kiosk Lobi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Aktif: Kiosk Lobi' })).toBeChecked();
    expect(requests.some((r) => r.method !== 'GET')).toBe(false);
  });

  it("shows the server's error when an action fails", async () => {
    mockApi(
      routes(
        () => ({ kiosks: [kiosk()], displays: [] }),
        [
          {
            method: 'POST',
            path: `/api/v1/devices/kiosk/${KIOSK_ID}/regenerate-code`,
            status: 403,
            body: errorBody('FORBIDDEN'),
          },
        ],
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DevicesPage />, { route: '/dashboard/master/display' });

    await user.click(await screen.findByRole('button', { name: 'Buat kode baru untuk Kiosk Lobi' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Buat kode baru' }));
    expect(await screen.findByText('Anda tidak memiliki akses untuk tindakan ini.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(await region('Kiosk')).getByRole('row', { name: /Kiosk Lobi/ });
    expect(within(row).getByText(OLD_CODE)).toBeInTheDocument();
  });
});
