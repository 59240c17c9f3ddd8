import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Counter } from '@antrean/shared/domain/counter';
import type { BranchService } from '@antrean/shared/domain/service';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { TicketList } from '@antrean/shared/contracts/ticket-list.contract';
import type { BranchQueue, Ticket } from '@antrean/shared/domain/ticket/ticket';
import { saveCounterChoice } from '@/features/auth/lib/counter-choice';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { AppProviders } from '@/app/providers';
import { mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { makeService, makeTicket, TELLER } from '@/test/queue-fixtures';
import { TicketActionButtons } from '@/features/queue/components/ticket-action-buttons';
import { CallerScreen } from './caller-screen';
import { callerActions, slaState } from '@/features/queue/lib/ticket-actions';

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

const CS = '01a2010e-3799-714d-acb4-bed47831e04b';
const COUNTER_ID = '01a2010e-3799-754c-b5da-6b9478492001';
const OTHER_CALLER = '01a2010e-3799-7000-8000-000000000abc';

const counter: Counter = {
  id: COUNTER_ID,
  branchId: BRANCH_ID,
  name: 'Loket 1',
  number: 1,
  isActive: true,
  serviceIds: [TELLER],
};

function ticket(n: number, status: TicketStatus, overrides: Partial<Ticket> = {}): Ticket {
  const now = Date.now();
  const active = ['calling', 'called', 'serving'].includes(status);
  return makeTicket(n, {
    status,
    counterId: active ? COUNTER_ID : null,
    calledAt: active ? now - 30_000 : null,
    servingStartedAt: status === 'serving' ? now - 20_000 : null,
    ...overrides,
  });
}

function queueWith(active: Ticket[], waiting: Ticket[]): BranchQueue {
  return {
    branchId: BRANCH_ID,
    serviceDay: '2026-11-22',
    services: [
      {
        serviceId: TELLER,
        code: 'A',
        name: 'Teller',
        counts: {
          waiting: waiting.length,
          active: active.length,
          held: 0,
          skipped: 0,
          finished: 0,
          unvalidated: 0,
          booked: 0,
        },
        waiting,
        active,
        held: [],
        skipped: [],
      },
    ],
  };
}

function historyPage(items: Ticket[], nextCursor: string | null = null): TicketList {
  return { serviceDay: '2026-11-22', order: 'recent', items, eformTicketIds: [], nextCursor };
}

function renderCaller(
  queue: BranchQueue,
  tellerOverrides: Partial<BranchService> = {},
  history: TicketList = historyPage([]),
  extra: MockRoute[] = [],
) {
  const user = staffUser('caller');
  saveCounterChoice(user.id, { branchId: BRANCH_ID, serviceIds: [TELLER], counterId: COUNTER_ID });
  const api = mockApi([
    ...extra,
    { path: '/api/v1/auth/me', body: { user } },
    { path: '/api/v1/branches', body: { items: [BRANCH] } },
    {
      path: `/api/v1/branches/${BRANCH_ID}/services`,
      body: { items: [makeService(TELLER, 'A', tellerOverrides), makeService(CS, 'B')] },
    },
    { path: `/api/v1/branches/${BRANCH_ID}/counters`, body: { items: [counter] } },
    { path: `/api/v1/branches/${BRANCH_ID}/queue`, body: queue },
    { path: `/api/v1/branches/${BRANCH_ID}/tickets`, body: history },
    {
      method: 'PUT',
      path: `/api/v1/counters/${COUNTER_ID}/station`,
      body: { counterId: COUNTER_ID, userId: user.id, serviceIds: [TELLER], startedAt: Date.now() },
    },
    { path: '/api/v1/theme', status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } },
  ]);
  const routes = (
    <Routes>
      <Route path="/caller" element={<CallerScreen />} />
      <Route path="/login-caller" element={<h1>Pilih loket</h1>} />
    </Routes>
  );
  const view = renderWithProviders(routes, { route: '/caller' });
  /** Renders the same tree again (the live mock reads its messages on every render). */
  const rerender = () =>
    view.rerender(
      <AppProviders queryClient={view.queryClient} env="test">
        <MemoryRouter initialEntries={['/caller']}>{routes}</MemoryRouter>
      </AppProviders>,
    );
  return { ...api, user, view, rerender };
}

const buttonNames = () =>
  within(screen.getByRole('region', { name: 'Antrian saat ini' }))
    .queryAllByRole('button')
    .map((b) => b.textContent.trim());

describe('caller actions from the state machine', () => {
  it('offers only the valid actions per status', () => {
    const plain = { randomCaller: false, finishButton: true };
    expect(callerActions('waiting', plain)).toEqual([]);
    expect(callerActions('waiting', { ...plain, randomCaller: true })).toEqual(['call']);
    expect(callerActions('calling', plain)).toEqual(['recall', 'serve', 'hold', 'skip', 'transfer']);
    expect(callerActions('called', plain)).toEqual(['recall', 'serve', 'hold', 'skip', 'transfer']);
    expect(callerActions('serving', plain)).toEqual(['hold', 'transfer', 'finish']);
    expect(callerActions('serving', { ...plain, finishButton: false })).toEqual(['hold', 'transfer']);
    expect(callerActions('held', plain)).toEqual(['recall', 'requeue', 'transfer']);
    expect(callerActions('skipped', plain)).toEqual(['recall', 'requeue']);
    expect(callerActions('finished', plain)).toEqual([]);
  });

  it('colours the SLA green, amber and red', () => {
    expect(slaState(100, 300)).toBe('ok');
    expect(slaState(250, 300)).toBe('warning');
    expect(slaState(300, 300)).toBe('breached');
  });

  it('renders a waiting ticket of a random-caller service with only "Panggil"', () => {
    renderWithProviders(
      <TicketActionButtons
        ticket={{ status: 'waiting', number: 'A001' }}
        service={{ randomCaller: true, finishButton: true }}
        pending={null}
        onAction={() => undefined}
      />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent.trim())).toEqual(['Panggil']);
  });

  it('renders a held ticket with recall, requeue and transfer', () => {
    renderWithProviders(
      <TicketActionButtons
        ticket={{ status: 'held', number: 'A001' }}
        service={{ randomCaller: false, finishButton: true }}
        pending={null}
        onAction={() => undefined}
      />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent.trim())).toEqual([
      'Panggil ulang',
      'Antrekan lagi',
      'Transfer',
    ]);
  });
});

describe('caller screen', () => {
  it('takes the station and offers "Panggil berikutnya" while idle', async () => {
    const { requests } = renderCaller(queueWith([], [ticket(2, 'waiting')]));
    expect(await screen.findByRole('button', { name: 'Panggil berikutnya' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Layani' })).not.toBeInTheDocument();
    expect(await screen.findByText('A002')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT' && r.url.endsWith('/station'))).toBe(true);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ serviceIds: [TELLER] });
  });

  it('shows recall, serve, hold, skip and transfer for a calling ticket', async () => {
    renderCaller(queueWith([ticket(1, 'calling')], []));
    expect(await screen.findByText('A001')).toBeInTheDocument();
    expect(buttonNames()).toEqual(
      expect.arrayContaining(['Panggil ulang', 'Layani', 'Tunda', 'Lewati', 'Transfer']),
    );
    expect(buttonNames()).not.toContain('Selesai');
    expect(buttonNames()).not.toContain('Panggil berikutnya');
  });

  it('shows finish for a serving ticket only when the service has the finish button', async () => {
    renderCaller(queueWith([ticket(1, 'serving')], []));
    expect(await screen.findByRole('button', { name: 'Selesai' })).toBeInTheDocument();
    expect(buttonNames()).not.toContain('Layani');
    expect(buttonNames()).not.toContain('Lewati');
  });

  it('hides finish for a serving ticket without the finish button', async () => {
    renderCaller(queueWith([ticket(1, 'serving')], []), { finishButton: false });
    expect(await screen.findByRole('button', { name: 'Tunda' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Selesai' })).not.toBeInTheDocument();
  });
});

describe("caller's history of today", () => {
  const historyRegion = () => screen.findByRole('region', { name: /Riwayat hari ini/ });

  it('loads the history from the server and keeps it across a remount (a page reload)', async () => {
    const me = staffUser('caller').id;
    const done = ticket(7, 'finished', {
      callerUserId: me,
      counterId: COUNTER_ID,
      finishedAt: Date.now() - 60_000,
      serviceSeconds: 125,
    });
    const moved = ticket(8, 'waiting', { callerUserId: me, transferCount: 1, serviceId: CS, number: 'B008' });
    const first = renderCaller(queueWith([], []), {}, historyPage([done, moved]));
    let region = await historyRegion();
    expect(await within(region).findByRole('button', { name: 'Detail A007' })).toBeInTheDocument();
    expect(within(region).getByText('Ditransfer')).toBeInTheDocument();
    expect(within(region).getByText('2:05')).toBeInTheDocument();
    const listCall = first.requests.find((r) => r.url.includes(`/branches/${BRANCH_ID}/tickets?`));
    const query = new URL(listCall?.url ?? '', 'http://x').searchParams;
    expect(query.get('mine')).toBe('true');
    expect(query.get('status')).toBe('finished,no_show,cancelled,waiting');
    expect(query.get('order')).toBe('recent');

    // Remount with a fresh client state and cache, as after a reload: the history comes back.
    first.view.unmount();
    renderCaller(queueWith([], []), {}, historyPage([done, moved]));
    region = await historyRegion();
    expect(await within(region).findByRole('button', { name: 'Detail A007' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Detail B008' })).toBeInTheDocument();
  });

  it('leaves out tickets another caller called last, and offers more pages', async () => {
    const other = ticket(9, 'finished', {
      callerUserId: '01a2010e-3799-7000-8000-000000000abc',
      finishedAt: Date.now(),
    });
    const mine = ticket(10, 'finished', { callerUserId: staffUser('caller').id, finishedAt: Date.now() });
    const { requests } = renderCaller(queueWith([], []), {}, historyPage([other, mine], 'next-page'));
    const region = await historyRegion();
    expect(await within(region).findByRole('button', { name: 'Detail A010' })).toBeInTheDocument();
    expect(within(region).queryByText('A009')).not.toBeInTheDocument();
    within(region).getByRole('button', { name: 'Muat lebih banyak' }).click();
    await waitFor(() => {
      expect(requests.some((r) => r.url.includes('cursor=next-page'))).toBe(true);
    });
  });
});

describe('caller: the counter is held by one tab (decision 29b)', () => {
  const released = { kind: 'event', type: 'counter.updated', data: { counterId: COUNTER_ID, station: null } };

  it('says so when the counter was opened elsewhere, disables calling, and takes it back', async () => {
    live.messages.set(`counter:${COUNTER_ID}`, [released]);
    const { requests } = renderCaller(queueWith([], [ticket(2, 'waiting')]));
    const title = await screen.findByText('Loket ini dibuka di tempat lain');
    const alert = title.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('no alert');
    expect(screen.getByRole('button', { name: 'Panggil berikutnya' })).toBeDisabled();
    const takes = () => requests.filter((r) => r.method === 'PUT' && r.url.endsWith('/station')).length;
    const before = takes();
    fireEvent.click(within(alert).getByRole('button', { name: 'Ambil kembali loket ini' }));
    await waitFor(() => {
      expect(screen.queryByText('Loket ini dibuka di tempat lain')).not.toBeInTheDocument();
    });
    expect(takes()).toBe(before + 1);
    expect(screen.getByRole('button', { name: 'Panggil berikutnya' })).toBeEnabled();
  });

  it("keeps the current ticket's buttons off while the counter is held elsewhere", async () => {
    live.messages.set(`counter:${COUNTER_ID}`, [released]);
    renderCaller(queueWith([ticket(1, 'calling')], []));
    expect(await screen.findByText('Loket ini dibuka di tempat lain')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Layani' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Panggil ulang' })).toBeDisabled();
  });

  it('names another caller taking the counter over', async () => {
    const station = { counterId: COUNTER_ID, userId: OTHER_CALLER, serviceIds: [TELLER], startedAt: 1 };
    live.messages.set(`counter:${COUNTER_ID}`, [
      { kind: 'event', type: 'counter.updated', data: { counterId: COUNTER_ID, station } },
    ]);
    renderCaller(queueWith([], []));
    expect(await screen.findByText('Loket ini diambil alih pemanggil lain')).toBeInTheDocument();
  });

  it('says so when a call is refused with COUNTER_NOT_TAKEN', async () => {
    renderCaller(queueWith([], [ticket(2, 'waiting')]), {}, historyPage([]), [
      {
        method: 'POST',
        path: `/api/v1/counters/${COUNTER_ID}/call-next`,
        status: 409,
        body: { error: { code: 'COUNTER_NOT_TAKEN', message: 'x' } },
      },
    ]);
    const callNext = await screen.findByRole('button', { name: 'Panggil berikutnya' });
    await waitFor(() => {
      expect(callNext).toBeEnabled();
    });
    fireEvent.click(callNext);
    expect(await screen.findByText('Loket ini dibuka di tempat lain')).toBeInTheDocument();
  });

  it('"Ganti loket" leaves the counter, then opens the counter choice; not while a ticket is active', async () => {
    const { requests, view } = renderCaller(queueWith([], []), {}, historyPage([]), [
      { method: 'DELETE', path: `/api/v1/counters/${COUNTER_ID}/station`, status: 204 },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Ganti loket' }));
    expect(await screen.findByRole('heading', { name: 'Pilih loket' })).toBeInTheDocument();
    expect(
      requests.some((r) => r.method === 'DELETE' && r.url.endsWith(`/counters/${COUNTER_ID}/station`)),
    ).toBe(true);
    view.unmount();

    renderCaller(queueWith([ticket(1, 'serving')], []));
    expect(await screen.findByText('A001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ganti loket' })).toBeDisabled();
  });
});

describe('caller: times and SLA', () => {
  it("shows queue times on the branch's clock, whatever the machine's time zone", async () => {
    const machineZone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 02:05 UTC = 09.05 in Jakarta (the branch), 21.05 the day before in New York (the machine).
      const queuedAt = Date.UTC(2026, 10, 22, 2, 5);
      renderCaller(queueWith([], [ticket(3, 'waiting', { issuedAt: queuedAt, queuedAt })]));
      const cell = await screen.findByTestId('waiting-queued-at');
      expect(cell).toHaveTextContent('09.05');
      expect(cell).not.toHaveTextContent('21');
    } finally {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    }
  });

  it('counts the SLA from the start of service, not from the call', async () => {
    const now = Date.now();
    // Called 20 minutes ago (SLA 5 minutes) and still being called: no SLA verdict yet.
    const { view } = renderCaller(queueWith([ticket(1, 'calling', { calledAt: now - 1_200_000 })], []));
    expect(await screen.findByTestId('current-ticket-number')).toHaveTextContent('A001');
    expect(screen.queryByTestId('caller-sla')).not.toBeInTheDocument();
    expect(screen.getByText(/dihitung sejak mulai dilayani/)).toBeInTheDocument();
    view.unmount();

    // Called 20 minutes ago, served for 1 minute: within the target.
    const { view: second } = renderCaller(
      queueWith([ticket(1, 'serving', { calledAt: now - 1_200_000, servingStartedAt: now - 60_000 })], []),
    );
    expect(await screen.findByTestId('caller-sla')).toHaveTextContent('Sesuai target');
    second.unmount();

    // Served for 6 minutes: past the 5-minute target.
    renderCaller(queueWith([ticket(1, 'serving', { servingStartedAt: now - 360_000 })], []));
    expect(await screen.findByTestId('caller-sla')).toHaveTextContent('Melewati target');
  });
});

describe('caller: the services follow the catalogue', () => {
  it('reads the services again on catalog.changed: a deactivated service leaves the transfer list without a reload', async () => {
    const services: MockRoute = {
      path: `/api/v1/branches/${BRANCH_ID}/services`,
      body: { items: [makeService(TELLER, 'A'), makeService(CS, 'B')] },
    };
    const { requests, rerender } = renderCaller(queueWith([ticket(1, 'calling')], []), {}, historyPage([]), [
      services,
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer antrian A001' });
    const none = 'Tidak ada layanan lain di cabang ini.';
    expect(within(dialog).queryByText(none)).not.toBeInTheDocument();
    const reads = () =>
      requests.filter((r) => r.method === 'GET' && r.url.endsWith(`/branches/${BRANCH_ID}/services`)).length;
    const before = reads();

    // Customer Service is deactivated: the branch topic says so, and the list is read again.
    services.body = { items: [makeService(TELLER, 'A'), makeService(CS, 'B', { isActive: false })] };
    live.messages.set(`branch:${BRANCH_ID}`, [
      { kind: 'event', type: 'catalog.changed', data: { serviceId: CS } },
    ]);
    rerender();
    expect(await within(dialog).findByText(none)).toBeInTheDocument();
    expect(reads()).toBe(before + 1);
  });

  it('does not read the services again for a ticket event', async () => {
    const { requests, rerender } = renderCaller(queueWith([ticket(1, 'calling')], []));
    expect(await screen.findByText('A001')).toBeInTheDocument();
    const reads = (path: string) =>
      requests.filter((r) => r.method === 'GET' && r.url.endsWith(`/branches/${BRANCH_ID}/${path}`)).length;
    const services = reads('services');
    const queue = reads('queue');
    live.messages.set(`branch:${BRANCH_ID}`, [
      { kind: 'event', type: 'ticket.issued', data: ticket(2, 'waiting') },
    ]);
    rerender();
    // The event is heard (the queue is read again), the catalogue is not.
    await waitFor(() => {
      expect(reads('queue')).toBeGreaterThan(queue);
    });
    expect(reads('services')).toBe(services);
  });
});
