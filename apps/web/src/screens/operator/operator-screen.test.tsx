import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { OperatorScreen, operatorActions } from './operator-screen';

vi.mock('@/lib/use-live', () => ({
  useLiveStatus: () => 'online',
  useLiveTopic: () => ({ state: undefined, error: null, version: 0 }),
  useLiveConnection: () => null,
}));

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
        path: `/api/v1/branches/${BRANCH_ID}/queue`,
        body: {
          branchId: BRANCH_ID,
          serviceDay: '2026-11-22',
          services: [
            {
              serviceId: '01a2010e-3799-7482-aa9e-1ab2aa531a10',
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
