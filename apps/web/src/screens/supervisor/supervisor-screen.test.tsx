import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { staffUser } from '@/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { counterState } from './lib/counters';
import { SupervisorScreen } from './supervisor-screen';

vi.mock('@/lib/use-live', () => ({
  useLiveStatus: () => 'online',
  useLiveTopic: () => ({ state: undefined, error: null, version: 0 }),
  useLiveTopicOf: () => ({ state: undefined, error: null, version: 0 }),
  useLiveConnection: () => null,
}));

function renderAt(route: string) {
  const user = staffUser('supervisor');
  mockApi([{ path: '/api/v1/auth/me', body: { user } }]);
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
