import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { Counter } from '@antrean/shared/domain/counter';
import type { BranchService } from '@antrean/shared/domain/service';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { BranchQueue, Ticket } from '@antrean/shared/domain/ticket/ticket';
import { saveCounterChoice } from '@/features/auth/lib/counter-choice';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { TicketActionButtons } from './components/ticket-action-buttons';
import { CallerScreen } from './caller-screen';
import { callerActions, slaState } from './lib/ticket-actions';

vi.mock('@/lib/use-live', () => ({
  useLiveStatus: () => 'online',
  useLiveTopic: () => ({ state: undefined, error: null, version: 0 }),
  useLiveConnection: () => null,
}));

const TELLER = '01a2010e-3799-7482-aa9e-1ab2aa531a10';
const CS = '01a2010e-3799-714d-acb4-bed47831e04b';
const COUNTER_ID = '01a2010e-3799-754c-b5da-6b9478492001';

function service(id: string, code: string, overrides: Partial<BranchService> = {}): BranchService {
  return {
    id,
    name: code === 'A' ? 'Teller' : 'Customer Service',
    code,
    type: 'both',
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
    ...overrides,
  };
}

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
  return {
    id: `01a2010e-3799-7000-8000-0000000000${String(n).padStart(2, '0')}`,
    branchId: BRANCH_ID,
    serviceId: TELLER,
    subServiceId: null,
    number: `A${String(n).padStart(3, '0')}`,
    serviceDay: '2026-11-22',
    status,
    channel: 'kiosk',
    uniqueCode: `code${String(n)}abcdefgh`,
    bookingCode: null,
    isBooking: false,
    phone: null,
    customerName: null,
    photoUrl: null,
    counterId: ['calling', 'called', 'serving'].includes(status) ? COUNTER_ID : null,
    callerUserId: null,
    slotStartAt: null,
    issuedAt: now - 600_000 + n,
    checkedInAt: null,
    queuedAt: now - 600_000 + n,
    firstCalledAt: null,
    calledAt: ['calling', 'called', 'serving'].includes(status) ? now - 30_000 : null,
    servingStartedAt: status === 'serving' ? now - 20_000 : null,
    finishedAt: null,
    postponedAt: null,
    recallCount: 0,
    transferCount: 0,
    waitSeconds: null,
    serviceSeconds: null,
    slaBreached: null,
    version: 1,
    ...overrides,
  };
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

function renderCaller(queue: BranchQueue, tellerOverrides: Partial<BranchService> = {}) {
  const user = staffUser('caller');
  saveCounterChoice(user.id, { branchId: BRANCH_ID, serviceIds: [TELLER], counterId: COUNTER_ID });
  const api = mockApi([
    { path: '/api/v1/auth/me', body: { user } },
    { path: '/api/v1/branches', body: { items: [BRANCH] } },
    {
      path: `/api/v1/branches/${BRANCH_ID}/services`,
      body: { items: [service(TELLER, 'A', tellerOverrides), service(CS, 'B')] },
    },
    { path: `/api/v1/branches/${BRANCH_ID}/counters`, body: { items: [counter] } },
    { path: `/api/v1/branches/${BRANCH_ID}/queue`, body: queue },
    {
      method: 'PUT',
      path: `/api/v1/counters/${COUNTER_ID}/station`,
      body: { counterId: COUNTER_ID, userId: user.id, serviceIds: [TELLER], startedAt: Date.now() },
    },
    { path: '/api/v1/theme', status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } },
  ]);
  renderWithProviders(
    <Routes>
      <Route path="/caller" element={<CallerScreen />} />
    </Routes>,
    { route: '/caller' },
  );
  return api;
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
