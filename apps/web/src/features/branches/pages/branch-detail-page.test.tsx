import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BranchDetail } from '@antrean/shared/domain/branch';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { BranchDetailPage } from './branch-detail-page';

const BRANCH_ID = '01a2010e-3799-7000-8000-00000000b001';
const detail = (overrides: Partial<BranchDetail> = {}): BranchDetail => ({
  id: BRANCH_ID,
  tenantId: '01a2010e-3799-7000-8000-00000000e001',
  code: 'KCB',
  name: 'Kantor Kecamatan Coblong',
  address: 'Jl. Sangkuriang 1',
  province: 'Jawa Barat',
  city: 'Kota Bandung',
  village: 'Dago',
  timeZone: 'Asia/Jakarta',
  category: 'Kantor Kecamatan',
  displayLimit: 2,
  counterLimit: 3,
  monitoringUrl: null,
  autoServe: false,
  autoServeDelaySeconds: 0,
  whatsappVirtualTicket: false,
  showOnKiosk: true,
  showOnWeb: true,
  isActive: true,
  apiKeyHint: null,
  usage: { activeCounters: 2, activeDisplays: 1 },
  ...overrides,
});

function renderDetail(extra: MockRoute[] = [], current = detail()) {
  const api = mockApi([
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: `/api/v1/branches/${BRANCH_ID}/settings`, body: current },
    ...extra,
  ]);
  renderWithProviders(<BranchDetailPage branchId={BRANCH_ID} />, {
    route: `/dashboard/master/cabang/${BRANCH_ID}`,
  });
  return api;
}

describe('BranchDetailPage', () => {
  it('saves the branch and says "Cabang Berhasil Diubah"', async () => {
    const { requests } = renderDetail([
      { method: 'PATCH', path: `/api/v1/branches/${BRANCH_ID}`, body: detail({ name: 'Kecamatan Coblong' }) },
    ]);
    expect(await screen.findByRole('heading', { name: 'Kantor Kecamatan Coblong' })).toBeInTheDocument();
    expect(screen.getByText('Loket aktif 2 dari 3 · Display aktif 1 dari 2')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Nama cabang/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Kecamatan Coblong');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Cabang Berhasil Diubah')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      name: 'Kecamatan Coblong',
      code: 'KCB',
    });
  });

  it('shows a limit below what is active on the limit field', async () => {
    renderDetail([
      {
        method: 'PATCH',
        path: `/api/v1/branches/${BRANCH_ID}`,
        status: 409,
        body: errorBody('BRANCH_COUNTER_LIMIT_BELOW_ACTIVE', 'x', {
          active: 2,
          fields: { counterLimit: 'Batas loket tidak boleh lebih kecil dari jumlah loket aktif cabang ini.' },
        }),
      },
    ]);
    const limit = await screen.findByRole('textbox', { name: /Batas loket/ });
    await userEvent.clear(limit);
    await userEvent.type(limit, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText('Batas loket tidak boleh lebih kecil dari jumlah loket aktif cabang ini.'),
    ).toBeInTheDocument();
  });

  it('generates an API key and shows it once; rotating asks first; shows the monitoring address', async () => {
    const key = `ak_${BRANCH_ID}_abcdefghijklmnopqrstuvwxyz12`;
    const { requests } = renderDetail([
      {
        method: 'POST',
        path: `/api/v1/branches/${BRANCH_ID}/api-key`,
        status: 201,
        body: { key, hint: 'yz12', header: 'X-Api-Key' },
      },
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Kunci API & monitoring' }));
    expect(screen.getByText('Cabang ini belum memiliki kunci API.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL monitoring supervisor' })).toHaveValue(
      `${window.location.origin}/spv/monitoring?code=KCB`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buat kunci API' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent(key);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('asks before rotating an existing key', async () => {
    const { requests } = renderDetail([], detail({ apiKeyHint: 'ab12' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Kunci API & monitoring' }));
    expect(screen.getByText('Kunci aktif berakhiran …ab12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ganti kunci API' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ganti kunci API?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says "Data tidak ditemukan" for an unknown branch', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: `/api/v1/branches/${BRANCH_ID}/settings`, status: 404, body: errorBody('NOT_FOUND') },
    ]);
    renderWithProviders(<BranchDetailPage branchId={BRANCH_ID} />);
    expect(await screen.findByText('Data tidak ditemukan')).toBeInTheDocument();
  });

  it('copies the setup to a new branch: the new code and name, the parts to copy', async () => {
    const NEW_ID = '01a2010e-3799-7000-8000-00000000b002';
    const { requests } = renderDetail([
      {
        method: 'POST',
        path: `/api/v1/branches/${BRANCH_ID}/copy`,
        status: 201,
        body: {
          branch: detail({ id: NEW_ID, code: 'KCB2', name: 'Kecamatan Cidadap' }),
          copied: { services: 2, schedules: 5, counters: 2, kiosks: 0, displays: 1 },
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Salin pengaturan' }));
    const drawer = await screen.findByRole('dialog', { name: 'Salin pengaturan Kantor Kecamatan Coblong' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Buat cabang' }));
    // Code and name start empty: both required.
    expect(await within(drawer).findAllByText('Wajib diisi.')).toHaveLength(2);
    fireEvent.change(within(drawer).getByLabelText(/Kode cabang/, { selector: 'input' }), {
      target: { value: 'KCB2' },
    });
    fireEvent.change(within(drawer).getByLabelText(/Nama cabang/, { selector: 'input' }), {
      target: { value: 'Kecamatan Cidadap' },
    });
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Kiosk dan display (kode baru)' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Buat cabang' }));
    expect(
      await screen.findByText(
        'Sukses...!!! Cabang Kecamatan Cidadap dibuat: 2 layanan, 5 jadwal, 2 loket, 0 kiosk, 1 display disalin.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      code: 'KCB2',
      name: 'Kecamatan Cidadap',
      city: 'Kota Bandung',
      copy: { schedules: true, counters: true, devices: false },
    });
  });
});
