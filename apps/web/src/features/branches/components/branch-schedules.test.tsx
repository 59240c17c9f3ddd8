import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '@antrean/shared/domain/branch-schedule';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { BranchSchedules } from './branch-schedules';

const BRANCH_ID = '01a2010e-3799-7000-8000-00000000b001';
const SERVICE_ID = '01a2010e-3799-7000-8000-00000000a001';
const ROW: Schedule = {
  id: '01a2010e-3799-7000-8000-00000000d001',
  serviceId: SERVICE_ID,
  dayOfWeek: 1,
  shift: 'Reguler',
  startTime: '08:00',
  endTime: '15:00',
  hourlyLimit: 20,
  interval: 'hour',
};
const service = {
  id: SERVICE_ID,
  code: 'K',
  name: 'Kartu Keluarga',
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
};
const PUT_PATH = `/api/v1/branches/${BRANCH_ID}/services/${SERVICE_ID}/schedules`;

function renderTab(rows: Schedule[], extra: MockRoute[] = []) {
  const api = mockApi([
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: `/api/v1/branches/${BRANCH_ID}/services`, body: { items: [service] } },
    { path: `/api/v1/branches/${BRANCH_ID}/schedules`, body: { items: rows } },
    ...extra,
  ]);
  renderWithProviders(<BranchSchedules branchId={BRANCH_ID} />);
  return api;
}

describe('BranchSchedules', () => {
  it('saves the interval and hourly limit: "Interval Limit Successfully Updated"', async () => {
    const { requests } = renderTab(
      [ROW],
      [
        {
          method: 'PUT',
          path: `/api/v1/branches/${BRANCH_ID}/services/${SERVICE_ID}/schedule-interval`,
          body: { items: [{ ...ROW, interval: 'quarter', hourlyLimit: 30 }] },
        },
      ],
    );
    const limit = await screen.findByRole('textbox', { name: /^Batas per jam(?! baris)/ });
    await userEvent.clear(limit);
    await userEvent.type(limit, '30');
    await userEvent.click(screen.getByRole('combobox', { name: /^Interval(?! baris)/ }));
    await userEvent.click(await screen.findByRole('option', { name: '15 menit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Simpan interval' }));
    expect(await screen.findByText('Interval Limit Successfully Updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ interval: 'quarter', hourlyLimit: 30 });
  });

  it('shows the empty list; a new row needs a day and a shift chosen before anything is sent', async () => {
    const { requests } = renderTab([]);
    expect(await screen.findByText(/Daftar Kosong/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tambah jadwal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Simpan jadwal' }));
    expect(await screen.findAllByText('Wajib dipilih.')).toHaveLength(2);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  const rules: [string, string, string, string][] = [
    ['end after start', 'Jam selesai baris 1', '07:00', 'Jam selesai harus setelah jam mulai.'],
    ['end time format', 'Jam selesai baris 1', '7 pagi', 'Format jam HH:MM.'],
    ['hourly limit required', 'Batas per jam baris 1', '', 'Wajib diisi.'],
  ];
  it.each(rules)('validates a row on the client (%s)', async (_rule, label, value, message) => {
    const { requests } = renderTab([ROW]);
    const input = await screen.findByRole('textbox', { name: label });
    if (value === '') await userEvent.clear(input);
    else fireEvent.change(input, { target: { value } });
    await userEvent.click(screen.getByRole('button', { name: 'Simpan jadwal' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('saves the week and shows an overlap from the server on its row', async () => {
    const { requests } = renderTab(
      [ROW, { ...ROW, id: '01a2010e-3799-7000-8000-00000000d002', startTime: '14:00', endTime: '16:00' }],
      [
        {
          method: 'PUT',
          path: PUT_PATH,
          status: 409,
          body: errorBody('SCHEDULE_OVERLAP', 'x', {
            fields: {
              'rows.1.startTime': 'Jadwal ini bertumpuk dengan jadwal lain layanan ini pada hari yang sama.',
            },
          }),
        },
      ],
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Simpan jadwal' }));
    expect(
      await screen.findByText('Jadwal ini bertumpuk dengan jadwal lain layanan ini pada hari yang sama.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      rows: [
        {
          dayOfWeek: 1,
          shift: 'Reguler',
          startTime: '08:00',
          endTime: '15:00',
          hourlyLimit: 20,
          interval: 'hour',
        },
        { dayOfWeek: 1, startTime: '14:00' },
      ],
    });
    // Removing a row is local until saved.
    await userEvent.click(screen.getByRole('button', { name: 'Hapus jadwal baris 2' }));
    expect(
      within(screen.getByRole('table')).queryByRole('textbox', { name: 'Jam mulai baris 2' }),
    ).toBeNull();
  });
});
