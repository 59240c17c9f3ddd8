import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { QueueResetPreview } from '@antrean/shared/contracts/queue-reset.contract';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { ResetQueuePage } from './reset-queue-page';

const SERVICE_ID = '01a2010e-3799-7000-8000-00000000a001';
const preview = (over: Partial<QueueResetPreview['totals']> = {}): QueueResetPreview => {
  const row = { waiting: 4, walkInsToCancel: 5, bookingsToReset: 2, ...over };
  return {
    day: '2026-01-05',
    services: [{ serviceId: SERVICE_ID, code: 'K', name: 'Kartu Keluarga', ...row }],
    totals: row,
  };
};

function renderPage(body: QueueResetPreview, extra: MockRoute[] = [], route = '/dashboard/reset-antrian') {
  const api = mockApi([
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/branches', body: { items: [BRANCH] } },
    { path: `/api/v1/branches/${BRANCH_ID}/reset-queue/preview`, body },
    ...extra,
  ]);
  renderWithProviders(<ResetQueuePage />, { route });
  return api;
}

describe('ResetQueuePage', () => {
  it('says exactly what will happen, resets only after confirmation', async () => {
    const { requests } = renderPage(preview(), [
      { method: 'POST', path: `/api/v1/branches/${BRANCH_ID}/reset-queue`, body: { reset: 2, cancelled: 5 } },
    ]);
    const scope = `${BRANCH.code} · ${BRANCH.name} — semua layanan, hari ini (2026-01-05)`;
    expect(await screen.findByRole('heading', { name: scope })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset antrian' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset antrian hari ini?' });
    expect(within(dialog).getByText(scope)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '4 antrian sedang menunggu. 5 tiket walk-in yang belum selesai akan dibatalkan dan 2 booking akan dikembalikan ke status booking.',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset antrian' }));
    expect(
      await screen.findByText('Sukses...!!! Antrian direset: 5 walk-in dibatalkan, 2 booking dikembalikan.'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({});
  });

  it('resets one service when one is picked (in the URL and the request)', async () => {
    const { requests } = renderPage(
      preview(),
      [
        {
          method: 'POST',
          path: `/api/v1/branches/${BRANCH_ID}/reset-queue`,
          body: { reset: 2, cancelled: 5 },
        },
      ],
      `/dashboard/reset-antrian?service=${SERVICE_ID}`,
    );
    expect(await screen.findByRole('heading', { name: /layanan K · Kartu Keluarga/ })).toBeInTheDocument();
    const get = requests.find((r) => r.url.includes('/reset-queue/preview'));
    expect(new URL(get?.url ?? '', 'http://x').searchParams.get('serviceId')).toBe(SERVICE_ID);
    await userEvent.click(screen.getByRole('button', { name: 'Reset antrian' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset antrian' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ serviceId: SERVICE_ID }),
    );
  });

  it('has nothing to reset when nothing would change', async () => {
    renderPage(preview({ waiting: 0, walkInsToCancel: 0, bookingsToReset: 0 }));
    expect(await screen.findByText(/Data Kosong/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset antrian' })).toBeDisabled();
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/branches', body: { items: [BRANCH] } },
      {
        path: `/api/v1/branches/${BRANCH_ID}/reset-queue/preview`,
        status: 500,
        body: errorBody('INTERNAL_ERROR'),
      },
    ]);
    renderWithProviders(<ResetQueuePage />);
    expect(await screen.findByText('Ringkasan antrian gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
