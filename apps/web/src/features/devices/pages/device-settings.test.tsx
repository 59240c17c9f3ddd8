import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminDevice } from '@antrean/shared/contracts/device-admin.contract';
import type { DisplaySettings } from '@antrean/shared/domain/device';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { DevicesPage } from './devices-page';

const DISPLAY_ID = '01a2010e-3799-7000-8000-00000000d002';
const SERVICE_ID = '01a2010e-3799-7000-8000-00000000a001';
const COUNTER_ID = '01a2010e-3799-7000-8000-00000000c001';

const displayDevice: AdminDevice = {
  id: DISPLAY_ID,
  kind: 'display',
  name: 'Layar Aula',
  code: 'DISPLAYCODE0000000000000',
  isActive: true,
  layout: 'classic',
  path: '/display/DISPLAYCODE0000000000000',
  lastSeenAt: null,
  online: false,
};
const settings: DisplaySettings = {
  id: DISPLAY_ID,
  branchId: BRANCH_ID,
  name: 'Layar Aula',
  layout: 'classic',
  counterId: null,
  serviceIds: [],
  voiceMode: null,
  isActive: true,
};

function routes(extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/branches', body: { items: [BRANCH] } },
    { path: `/api/v1/branches/${BRANCH_ID}/devices`, body: { kiosks: [], displays: [displayDevice] } },
    { path: `/api/v1/displays/${DISPLAY_ID}`, body: settings },
    {
      path: '/api/v1/counters',
      body: {
        items: [
          {
            id: COUNTER_ID,
            branchId: BRANCH_ID,
            name: 'Loket 1',
            number: 1,
            isActive: true,
            serviceIds: [SERVICE_ID],
          },
        ],
        total: 1,
        page: 1,
        pageSize: 100,
        limit: { active: 1, max: 10 },
      },
    },
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
    ...extra,
  ];
}

const user = () => userEvent.setup({ delay: null });
const renderPage = () => renderWithProviders(<DevicesPage />, { route: '/dashboard/master/display' });

describe('devices page: creating and editing devices', () => {
  it('creates a kiosk offering the services chosen, after checking its name, then says "Sukses...!!!"', async () => {
    const created: AdminDevice = { ...displayDevice, kind: 'kiosk', layout: null, name: 'Kiosk Lobi' };
    const { requests } = mockApi(
      routes([{ method: 'POST', path: `/api/v1/branches/${BRANCH_ID}/kiosks`, status: 201, body: created }]),
    );
    const u = user();
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Tambah kiosk' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah kiosk' });
    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Wajib diisi.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await u.type(within(drawer).getByRole('textbox', { name: /Nama/ }), 'Kiosk Lobi');
    const services = within(drawer).getByRole('group', { name: /Layanan di kios ini/ });
    expect(
      within(drawer).getByText('Tidak ada yang dipilih: semua layanan cabang yang tampil di kios.'),
    ).toBeInTheDocument();
    await u.click(within(services).getByRole('checkbox', { name: 'A · Teller' }));
    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Sukses...!!!')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Kiosk Lobi',
      paperWidthMm: 80,
      serviceIds: [SERVICE_ID],
      isActive: true,
    });
  });

  it('a pos display must name its counter; the branch limit refusal shows above the form', async () => {
    const { requests } = mockApi(
      routes([
        {
          method: 'POST',
          path: `/api/v1/branches/${BRANCH_ID}/displays`,
          status: 409,
          body: errorBody('DISPLAY_LIMIT_REACHED', 'x', { limit: 1, active: 1 }),
        },
      ]),
    );
    const u = user();
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Tambah display' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah display' });
    await u.type(within(drawer).getByRole('textbox', { name: /Nama/ }), 'Layar Loket 1');
    await u.click(within(drawer).getByRole('combobox', { name: /Tata letak/ }));
    await u.click(await screen.findByRole('option', { name: 'Pos loket (/pos-display)' }));
    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Wajib dipilih.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await u.click(within(drawer).getByRole('combobox', { name: /Loket/ }));
    await u.click(await screen.findByRole('option', { name: 'Loket 1' }));
    await u.click(within(drawer).getByRole('checkbox', { name: 'A · Teller' }));
    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(drawer).findByText(/Batas display aktif cabang ini sudah tercapai/),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Layar Loket 1',
      layout: 'pos',
      counterId: COUNTER_ID,
      serviceIds: [SERVICE_ID],
      voiceMode: null,
      isActive: true,
    });
  });

  it("edits a display's voice mode from its saved settings", async () => {
    const { requests } = mockApi(
      routes([
        {
          method: 'PATCH',
          path: `/api/v1/displays/${DISPLAY_ID}`,
          body: { ...settings, voiceMode: 'chime' },
        },
      ]),
    );
    const u = user();
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Ubah Layar Aula' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ubah Layar Aula' });
    expect(within(drawer).getByRole('textbox', { name: /Nama/ })).toHaveValue('Layar Aula');
    await u.click(within(drawer).getByRole('combobox', { name: /Mode suara/ }));
    await u.click(await screen.findByRole('option', { name: 'Bel saja' }));
    await u.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Sukses...!!!')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        name: 'Layar Aula',
        layout: 'classic',
        counterId: null,
        serviceIds: [],
        voiceMode: 'chime',
        isActive: true,
      }),
    );
  });
});
