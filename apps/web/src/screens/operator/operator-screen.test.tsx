import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { makeService, makeTicket, TELLER } from '@/test/queue-fixtures';
import { operatorActions } from '@/features/queue/lib/ticket-actions';
import { OperatorScreen } from './operator-screen';

/** Live messages per topic name, folded by the screen's own reducer on every render. */
const live = vi.hoisted(() => ({ messages: new Map<string, unknown[]>() }));

vi.mock('@/lib/use-live', () => ({
  useLiveStatus: () => 'online',
  useLiveTopic: () => ({ state: undefined, error: null, version: 0 }),
  useLiveTopicOf: (ref: { name: string } | null, reduce: (state: unknown, message: unknown) => unknown) => {
    const messages = ref ? (live.messages.get(ref.name) ?? []) : [];
    let state: unknown;
    for (const message of messages) state = reduce(state, message);
    return { state, error: null, version: messages.length };
  },
  useLiveConnection: () => null,
}));

afterEach(() => {
  live.messages.clear();
});

describe('operator screen', () => {
  it('offers only the valid operator actions per status', () => {
    expect(operatorActions({ status: 'waiting' })).toEqual(['cancel']);
    expect(operatorActions({ status: 'unvalidated' })).toEqual(['validate', 'cancel']);
    expect(operatorActions({ status: 'held' })).toEqual(['requeue', 'transfer']);
    expect(operatorActions({ status: 'finished' })).toEqual([]);
  });

  it('shows the board of the first branch with the issue and check-in forms', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('operator') } },
      { path: '/api/v1/branches', body: { items: [BRANCH] } },
      { path: `/api/v1/branches/${BRANCH_ID}/services`, body: { items: [] } },
      {
        path: `/api/v1/branches/${BRANCH_ID}/tickets`,
        body: { serviceDay: '2026-11-22', order: 'queue', items: [], eformTicketIds: [], nextCursor: null },
      },
      {
        path: `/api/v1/branches/${BRANCH_ID}/queue`,
        body: {
          branchId: BRANCH_ID,
          serviceDay: '2026-11-22',
          services: [
            {
              serviceId: TELLER,
              code: 'A',
              name: 'Teller',
              counts: { waiting: 0, active: 0, held: 0, skipped: 0, finished: 0, unvalidated: 0, booked: 0 },
              waiting: [],
              active: [],
              held: [],
              skipped: [],
            },
          ],
        },
      },
    ]);
    renderWithProviders(<OperatorScreen />, { route: '/operator' });
    expect(await screen.findByRole('region', { name: 'Teller' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Kode reservasi/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terbitkan' })).toBeInTheDocument();
  });
});

function unvalidated(n: number, overrides: Partial<Ticket> = {}): Ticket {
  const issuedAt = Date.UTC(2026, 10, 22, 2, n, 0);
  return makeTicket(n, {
    status: 'unvalidated',
    issuedAt,
    checkedInAt: issuedAt,
    queuedAt: null,
    ...overrides,
  });
}

describe('operator: tickets to validate', () => {
  it('lists the unvalidated tickets with customer, photo and e-form, and validates one', async () => {
    const withPhoto = unvalidated(1, {
      customerName: 'Siti Aminah',
      phone: '081234567890',
      photoUrl: '/api/v1/files/01a2010e-3799-7000-8000-00000000f001',
    });
    const withForm = unvalidated(2);
    const { requests } = mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('operator') } },
      { path: '/api/v1/branches', body: { items: [BRANCH] } },
      {
        path: `/api/v1/branches/${BRANCH_ID}/services`,
        body: {
          items: [makeService(TELLER, 'A', { customerPhoto: true })],
        },
      },
      {
        path: `/api/v1/branches/${BRANCH_ID}/queue`,
        body: { branchId: BRANCH_ID, serviceDay: '2026-11-22', services: [] },
      },
      {
        path: `/api/v1/branches/${BRANCH_ID}/tickets`,
        body: {
          serviceDay: '2026-11-22',
          order: 'queue',
          items: [withPhoto, withForm],
          eformTicketIds: [withForm.id],
          nextCursor: null,
        },
      },
      {
        method: 'POST',
        path: `/api/v1/tickets/${withForm.id}/validate`,
        body: { ...withForm, status: 'waiting', queuedAt: withForm.issuedAt, version: 2 },
      },
    ]);
    renderWithProviders(<OperatorScreen />, { route: '/operator' });

    const region = await screen.findByRole('region', { name: /Belum divalidasi/ });
    expect(await within(region).findByText('A001')).toBeInTheDocument();
    const headers = within(region)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Nomor', 'Layanan', 'Diterbitkan', 'Pelanggan', 'Lampiran', 'Aksi']);
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    if (!first || !second) throw new Error('rows missing');
    expect(within(first).getByText('Siti Aminah')).toBeInTheDocument();
    expect(within(first).getByText('081234567890')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Buka foto pelanggan A001' })).toHaveAttribute(
      'href',
      withPhoto.photoUrl,
    );
    expect(within(first).queryByText('E-form')).not.toBeInTheDocument();
    expect(within(second).getByText('E-form')).toBeInTheDocument();
    expect(within(second).getByText('A · Teller')).toBeInTheDocument();

    const listCall = requests.find((r) => r.url.includes(`/branches/${BRANCH_ID}/tickets?`));
    const query = new URL(listCall?.url ?? '', 'http://x').searchParams;
    expect(query.get('status')).toBe('unvalidated');
    expect(query.get('order')).toBe('queue');

    const listCalls = () => requests.filter((r) => r.url.includes(`/branches/${BRANCH_ID}/tickets?`)).length;
    const before = listCalls();
    fireEvent.click(within(second).getByRole('button', { name: 'Validasi A002' }));
    await waitFor(() => {
      expect(
        requests.some((r) => r.method === 'POST' && r.url.endsWith(`/tickets/${withForm.id}/validate`)),
      ).toBe(true);
    });
    // The list is fetched again after the action.
    await waitFor(() => {
      expect(listCalls()).toBeGreaterThan(before);
    });
  });
});

describe('operator: issuing a walk-in ticket', () => {
  it('shows the issued ticket under "Tiket terakhir", and picking the chosen service again keeps it', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const issued = makeTicket(7, { status: 'waiting', channel: 'operator' });
    const { requests } = mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('operator') } },
      { path: '/api/v1/branches', body: { items: [BRANCH] } },
      { path: `/api/v1/branches/${BRANCH_ID}/services`, body: { items: [makeService(TELLER, 'A')] } },
      {
        path: `/api/v1/branches/${BRANCH_ID}/queue`,
        body: { branchId: BRANCH_ID, serviceDay: '2026-11-22', services: [] },
      },
      {
        path: `/api/v1/branches/${BRANCH_ID}/tickets`,
        body: { serviceDay: '2026-11-22', order: 'queue', items: [], eformTicketIds: [], nextCursor: null },
      },
      {
        method: 'POST',
        path: `/api/v1/branches/${BRANCH_ID}/tickets`,
        status: 201,
        body: {
          id: issued.id,
          number: issued.number,
          status: 'waiting',
          serviceId: TELLER,
          branchId: BRANCH_ID,
          uniqueCode: issued.uniqueCode,
          issuedAt: issued.issuedAt,
          peopleAhead: 2,
          estimatedWait: { minSeconds: 60, maxSeconds: 300 },
        },
      },
      { path: `/api/v1/tickets/${issued.id}`, body: { ...issued, events: [] } },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<OperatorScreen />, { route: '/operator' });

    const last = await screen.findByRole('region', { name: 'Tiket terakhir' });
    expect(within(last).getByText('Kosong')).toBeInTheDocument();
    const service = await screen.findByRole('combobox', { name: 'Layanan' });
    await user.click(service);
    await user.click(await screen.findByRole('option', { name: 'A · Teller' }));
    const submit = screen.getByRole('button', { name: 'Terbitkan' });
    expect(submit).toBeEnabled();

    // Picking the chosen service again keeps it (Mantine would deselect it).
    await user.click(service);
    await user.click(await screen.findByRole('option', { name: 'A · Teller' }));
    expect(service).toHaveValue('A · Teller');
    expect(submit).toBeEnabled();

    await user.click(submit);
    expect(await within(last).findByText('A007')).toBeInTheDocument();
    expect(within(last).getByText('Menunggu')).toBeInTheDocument();
    const post = requests.find(
      (r) => r.method === 'POST' && r.url.endsWith(`/branches/${BRANCH_ID}/tickets`),
    );
    expect(post?.body).toEqual({ serviceId: TELLER, channel: 'operator' });
    expect(post?.headers['idempotency-key']).toBeTruthy();
    // Its buttons come with its details: a waiting ticket can be cancelled.
    expect(await within(last).findByRole('button', { name: 'Batalkan A007' })).toBeInTheDocument();
    // The service stays chosen for the next customer.
    expect(service).toHaveValue('A · Teller');
    expect(submit).toBeEnabled();
  });
});

describe('operator: the services follow the catalogue', () => {
  it('reads the services again on catalog.changed: a deactivated service leaves the issue list without a reload', async () => {
    const CS = '01a2010e-3799-714d-acb4-bed47831e04b';
    const services: MockRoute = {
      path: `/api/v1/branches/${BRANCH_ID}/services`,
      body: { items: [makeService(TELLER, 'A'), makeService(CS, 'B')] },
    };
    const { requests } = mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('operator') } },
      { path: '/api/v1/branches', body: { items: [BRANCH] } },
      services,
      {
        path: `/api/v1/branches/${BRANCH_ID}/queue`,
        body: { branchId: BRANCH_ID, serviceDay: '2026-11-22', services: [] },
      },
      {
        path: `/api/v1/branches/${BRANCH_ID}/tickets`,
        body: { serviceDay: '2026-11-22', order: 'queue', items: [], eformTicketIds: [], nextCursor: null },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    const view = renderWithProviders(<OperatorScreen />, { route: '/operator' });
    const service = await screen.findByRole('combobox', { name: 'Layanan' });
    await user.click(service);
    expect(await screen.findByRole('option', { name: 'B · Customer Service' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const reads = () =>
      requests.filter((r) => r.method === 'GET' && r.url.endsWith(`/branches/${BRANCH_ID}/services`)).length;
    const before = reads();

    services.body = { items: [makeService(TELLER, 'A'), makeService(CS, 'B', { isActive: false })] };
    live.messages.set(`branch:${BRANCH_ID}`, [
      { kind: 'event', type: 'catalog.changed', data: { serviceId: CS } },
    ]);
    view.rerender(
      <AppProviders queryClient={view.queryClient} env="test">
        <MemoryRouter initialEntries={['/operator']}>
          <OperatorScreen />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => {
      expect(reads()).toBe(before + 1);
    });
    await user.click(service);
    expect(await screen.findByRole('option', { name: 'A · Teller' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'B · Customer Service' })).not.toBeInTheDocument();
  });
});
