import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { staffUser } from '@/test/fixtures';
import { createTestQueryClient, mockApi, renderWithProviders } from '@/test/render';
import { ScreenHeader } from './components/screen-header';
import { countMessages, useBranchLive } from './hooks/use-branch-live';

const live = vi.hoisted(() => ({ version: 0, topics: [] as (string | null)[] }));

vi.mock('@/lib/use-live', () => ({
  useLiveStatus: () => 'offline',
  useLiveTopicOf: (ref: { name: string } | null) => {
    live.topics.push(ref?.name ?? null);
    return { state: live.version, error: null, version: live.version };
  },
  useLiveConnection: () => null,
}));

describe('ScreenHeader', () => {
  it('shows the context, the live status, and signs out after the screen’s own step', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { href: window.location.href, assign });
    const { requests } = mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('operator') } },
      { method: 'POST', path: '/api/v1/auth/logout', status: 204 },
    ]);
    const order: string[] = [];
    const beforeSignOut = vi.fn(() => {
      order.push(`before:${String(requests.filter((r) => r.method === 'POST').length)}`);
      return Promise.resolve();
    });
    renderWithProviders(
      <ScreenHeader
        title="Loket 1"
        subtitle="A Teller · Staf"
        signOutTo="/masuk"
        beforeSignOut={beforeSignOut}
      />,
    );
    expect(screen.getByText('Loket 1')).toBeInTheDocument();
    expect(screen.getByText('A Teller · Staf')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Koneksi terputus');
    fireEvent.click(screen.getByRole('button', { name: 'Keluar' }));
    await waitFor(() => {
      expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/api/v1/auth/logout'))).toBe(true);
    });
    expect(order).toEqual(['before:0']);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('/masuk');
    });
    vi.unstubAllGlobals();
  });
});

describe('useBranchLive', () => {
  it('subscribes to the branch topic and invalidates the given queries on every message', () => {
    const queryClient = createTestQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    live.version = 0;
    const { rerender } = renderHook(
      ({ branchId }: { branchId: string }) => useBranchLive(branchId, [['queue', branchId]], countMessages),
      { wrapper, initialProps: { branchId: 'b1' } },
    );
    expect(live.topics.at(-1)).toBe('branch:b1');
    expect(invalidate).not.toHaveBeenCalled();
    live.version = 1;
    rerender({ branchId: 'b1' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['queue', 'b1'] });
    // No branch yet: no topic and nothing to invalidate.
    invalidate.mockClear();
    live.version = 2;
    rerender({ branchId: '' });
    expect(live.topics.at(-1)).toBeNull();
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('ScreenHeader on a narrow screen', () => {
  it('keeps the language and "Sign out" behind one button', async () => {
    mockApi([{ path: '/api/v1/auth/me', body: { user: staffUser('supervisor') } }]);
    renderWithProviders(<ScreenHeader title="Monitoring" subtitle="Sari" signOutTo="/masuk" />);
    // jsdom applies no media queries: the wide header's switch and button are there too.
    expect(screen.getAllByRole('combobox', { name: 'Bahasa' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Bahasa dan keluar' }));
    await waitFor(() => {
      expect(screen.getAllByRole('combobox', { name: 'Bahasa' })).toHaveLength(2);
    });
    expect(screen.getAllByRole('button', { name: 'Keluar' })).toHaveLength(2);
  });
});
