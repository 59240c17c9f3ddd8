import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { staffUser, BRANCH, BRANCH_ID } from '@/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import type { Monitor } from '@antrean/shared/contracts/monitor.contract';
import { makeTicket, TELLER } from '@/test/queue-fixtures';
import { counterState, counterTimer } from './lib/counters';
import { SupervisorScreen } from './supervisor-screen';

vi.mock('@/lib/use-live', () => ({
  useLiveStatus: () => 'online',
  useLiveTopic: () => ({ state: undefined, error: null, version: 0 }),
  useLiveTopicOf: () => ({ state: undefined, error: null, version: 0 }),
  useLiveConnection: () => null,
}));

function renderAt(route: string, monitor?: Monitor) {
  const user = staffUser('supervisor');
  mockApi([
    { path: '/api/v1/auth/me', body: { user } },
    ...(monitor
      ? [
          { path: `/api/v1/branches/by-code/${BRANCH.code}`, body: BRANCH },
          { path: `/api/v1/branches/${BRANCH_ID}/monitor`, body: monitor },
        ]
      : []),
  ]);
  renderWithProviders(
    <Routes>
      <Route path="/spv/monitoring/:spvId" element={<SupervisorScreen />} />
    </Routes>,
    { route },
  );
  return user;
}

describe('supervisor monitor', () => {
  it("shows the not-found page for another supervisor's id", async () => {
    renderAt('/spv/monitoring/01a2010e-3799-7000-8000-000000000999');
    expect(await screen.findByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Kode cabang/)).not.toBeInTheDocument();
  });

  it('asks for a branch code on the own monitor', async () => {
    renderAt(`/spv/monitoring/${staffUser('supervisor').id}`);
    expect(await screen.findByRole('textbox', { name: /Kode cabang/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tampilkan' })).toBeInTheDocument();
  });

  it('derives the calling status of a counter', () => {
    const caller = { id: 'x', fullName: 'Budi', since: 0 };
    expect(counterState({ caller: null, current: null })).toBe('empty');
    expect(counterState({ caller, current: null })).toBe('idle');
  });
});

describe('supervisor: the SLA runs from the start of service', () => {
  const NOW = Date.UTC(2026, 10, 22, 3, 0);
  const base = { slaSeconds: 300 };

  it('gives a called ticket a call timer and no SLA verdict, a served one its serving time', () => {
    const calling = makeTicket(1, { status: 'calling', calledAt: NOW - 1_200_000 });
    expect(counterTimer({ ...base, current: calling }, NOW)).toEqual({ phase: 'calling', seconds: 1200 });
    const served = makeTicket(1, {
      status: 'serving',
      calledAt: NOW - 1_200_000,
      servingStartedAt: NOW - 60_000,
    });
    expect(counterTimer({ ...base, current: served }, NOW)).toEqual({
      phase: 'serving',
      seconds: 60,
      slaSeconds: 300,
      breached: false,
    });
    const late = makeTicket(1, { status: 'serving', servingStartedAt: NOW - 300_000 });
    expect(counterTimer({ ...base, current: late }, NOW)).toMatchObject({ breached: true });
    expect(counterTimer({ ...base, current: null }, NOW)).toBeNull();
  });

  it('shows a long call as a call, not as a breached SLA', async () => {
    const now = Date.now();
    const counter = (n: number, current: Monitor['counters'][number]['current']) => ({
      id: `01a2010e-3799-754c-b5da-6b947849200${String(n)}`,
      name: `Loket ${String(n)}`,
      number: n,
      serviceIds: [TELLER],
      caller: { id: staffUser('caller').id, fullName: 'Budi', since: now - 3_600_000 },
      current,
      elapsedSeconds: 1200,
      slaSeconds: 300,
      slaBreached: false,
    });
    const monitor: Monitor = {
      branch: BRANCH,
      serviceDay: '2026-11-22',
      now,
      counters: [
        counter(1, makeTicket(1, { status: 'calling', calledAt: now - 1_200_000 })),
        counter(
          2,
          makeTicket(2, { status: 'serving', calledAt: now - 1_200_000, servingStartedAt: now - 60_000 }),
        ),
      ],
      services: [
        {
          id: TELLER,
          code: 'A',
          name: 'Teller',
          slaSeconds: 300,
          waiting: 0,
          held: 0,
          skipped: 0,
          finished: 0,
        },
      ],
      devices: [],
    };
    renderAt(`/spv/monitoring/${staffUser('supervisor').id}?code=${BRANCH.code}`, monitor);
    const [calling, serving] = await screen.findAllByTestId('spv-timer');
    if (!calling || !serving) throw new Error('timers missing');
    expect(calling).toHaveTextContent('Dipanggil 20:00');
    expect(within(calling).queryByText(/Melewati target/)).not.toBeInTheDocument();
    expect(serving).toHaveTextContent(/1:0\d \/ 5:00 · Sesuai target/);
  });
});
