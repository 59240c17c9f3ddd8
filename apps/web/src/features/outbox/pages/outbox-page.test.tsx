import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxMessage } from '@antrean/shared/domain/message';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute, type RecordedRequest } from '@/test/render';
import { OutboxPage } from './outbox-page';

const AT = Date.UTC(2026, 10, 25, 3, 0, 0);
const message = (overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id: '0199c0de-0000-7000-8000-000000000001',
  kind: 'first_call',
  provider: 'whatsapp-cloud',
  recipient: '0812****7890',
  language: 'id',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: AT,
  statusAt: AT + 1000,
  nextAttemptAt: null,
  ...overrides,
});
const failed = message({
  id: '0199c0de-0000-7000-8000-000000000002',
  kind: 'verification_code',
  recipient: '0813****1111',
  status: 'failed',
  lastError: 'HTTP 401: Invalid OAuth access token',
});
const page = (items: OutboxMessage[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function routes(extra: MockRoute[] = [], items = [message(), failed]): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    ...extra,
    { path: '/api/v1/outbox', body: page(items) },
  ];
}
const renderPage = (route = '/dashboard/parameter/pesan') => renderWithProviders(<OutboxPage />, { route });
const user = () => userEvent.setup({ delay: null });
const lists = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.includes('/api/v1/outbox'));

describe('OutboxPage', () => {
  it('lists the messages newest first: kind, masked recipient, status, tries and last error', async () => {
    const { requests } = mockApi(routes());
    renderPage();
    const table = await screen.findByRole('table', { name: 'Pesan WhatsApp, terbaru lebih dulu' });
    await within(table).findByText('0812****7890');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Panggilan pertama');
    expect(rows[1]).toHaveTextContent('0812****7890');
    expect(rows[1]).toHaveTextContent('Terkirim');
    expect(rows[2]).toHaveTextContent('Kode verifikasi');
    expect(rows[2]).toHaveTextContent('Gagal');
    expect(rows[2]).toHaveTextContent('HTTP 401: Invalid OAuth access token');
    // Only the failed message can be sent again.
    expect(within(rows[1] ?? table).queryByRole('button', { name: /Kirim ulang/ })).toBeNull();
    expect(
      within(rows[2] ?? table).getByRole('button', { name: /Kirim ulang pesan ke 0813\*\*\*\*1111/ }),
    ).toBeInTheDocument();
    const query = new URL(lists(requests)[0]?.url ?? '', 'http://x').searchParams;
    expect(query.get('sort')).toBe('createdAt');
    expect(query.get('dir')).toBe('desc');
  });

  it('filters by status on the server', async () => {
    const { requests } = mockApi(routes());
    const u = user();
    renderPage();
    await screen.findByText('0812****7890');
    await u.click(screen.getByRole('combobox', { name: 'Status' }));
    await u.click(await screen.findByRole('option', { name: 'Gagal' }));
    await vi.waitFor(() => {
      const last = new URL(lists(requests).at(-1)?.url ?? '', 'http://x').searchParams;
      expect(last.get('status')).toBe('failed');
    });
  });

  it('sends a failed message again only after confirmation', async () => {
    const retry: MockRoute = {
      method: 'POST',
      path: `/api/v1/outbox/${failed.id}/retry`,
      body: { ...failed, status: 'pending', attempts: 0 },
    };
    const { requests } = mockApi(routes([retry]));
    const u = user();
    renderPage();
    await u.click(await screen.findByRole('button', { name: /Kirim ulang pesan ke 0813/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Kirim ulang pesan?' });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: /Kirim ulang pesan ke 0813/ }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kirim ulang' }));
    expect(await screen.findByText('Pesan ke 0813****1111 masuk antrean lagi.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      expect.stringContaining(`/api/v1/outbox/${failed.id}/retry`),
    ]);
  });

  it('shows the refusal of a retry', async () => {
    mockApi(
      routes([
        {
          method: 'POST',
          path: `/api/v1/outbox/${failed.id}/retry`,
          status: 409,
          body: errorBody('OUTBOX_NOT_RETRYABLE', 'Hanya pesan yang gagal yang dapat dikirim ulang.'),
        },
      ]),
    );
    const u = user();
    renderPage();
    await u.click(await screen.findByRole('button', { name: /Kirim ulang pesan ke 0813/ }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kirim ulang' }));
    expect(await screen.findByText('Hanya pesan yang gagal yang dapat dikirim ulang.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi(
      routes().map((r) =>
        r.path === '/api/v1/outbox' ? { ...r, status: 500, body: errorBody('INTERNAL_ERROR') } : r,
      ),
    );
    renderPage();
    expect(await screen.findByText('Pesan gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
