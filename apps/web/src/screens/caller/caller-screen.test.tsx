import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { Counter } from '@antrean/shared/domain/counter';
import type { BranchService } from '@antrean/shared/domain/service';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { TicketList } from '@antrean/shared/contracts/ticket-list.contract';
import type { BranchQueue, Ticket } from '@antrean/shared/domain/ticket/ticket';
import { saveCounterChoice } from '@/features/auth/lib/counter-choice';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { makeService, makeTicket, TELLER } from '@/test/queue-fixtures';
import { TicketActionButtons } from '@/features/queue/components/ticket-action-buttons';
import { CallerScreen } from './caller-screen';
import { callerActions, slaState } from '@/features/queue/lib/ticket-actions';

vi.mock('@/lib/use-live', () => ({
  useLiveStatus: () => 'online',
  useLiveTopic: () => ({ state: undefined, error: null, version: 0 }),
  useLiveTopicOf: () => ({ state: undefined, error: null, version: 0 }),
  useLiveConnection: () => null,
}));

const CS = '01a2010e-3799-714d-acb4-bed47831e04b';
const COUNTER_ID = '01a2010e-3799-754c-b5da-6b9478492001';

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
) {
  const user = staffUser('caller');
  saveCounterChoice(user.id, { branchId: BRANCH_ID, serviceIds: [TELLER], counterId: COUNTER_ID });
  const api = mockApi([
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
  const view = renderWithProviders(
    <Routes>
      <Route path="/caller" element={<CallerScreen />} />
    </Routes>,
    { route: '/caller' },
  );
  return { ...api, user, view };
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
