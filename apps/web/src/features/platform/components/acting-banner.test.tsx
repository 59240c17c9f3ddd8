import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { staffUser } from '@/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { useSession } from '@/lib/session';
import { ActingBanner } from './acting-banner';

const TENANT_ID = '01a2010e-3799-7875-b125-a79576848a96';
const acting = staffUser('superadmin', { tenantId: TENANT_ID, tenantName: 'Bank Nusantara' });

function Page() {
  const { data: user } = useSession();
  const location = useLocation();
  return (
    <>
      {user ? <ActingBanner user={user} /> : null}
      <output data-testid="location">{location.pathname}</output>
    </>
  );
}

describe('ActingBanner', () => {
  it('says whose data this is, and stopping goes back to the tenants page (audited by the server)', async () => {
    const { requests } = mockApi([
      { path: '/api/v1/auth/me', body: { user: acting } },
      { method: 'DELETE', path: '/api/v1/auth/acting-tenant', body: { user: staffUser('superadmin') } },
    ]);
    renderWithProviders(<Page />, { route: '/dashboard/master/loket' });
    const banner = await screen.findByRole('region', { name: 'Bekerja di dalam tenant' });
    expect(banner).toHaveTextContent('Anda bekerja di dalam tenant Bank Nusantara sebagai superadmin');
    await userEvent.click(within(banner).getByRole('button', { name: 'Berhenti' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/master/tenant'));
    expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/api/v1/auth/acting-tenant'))).toBe(
      true,
    );
    expect(screen.queryByRole('region', { name: 'Bekerja di dalam tenant' })).not.toBeInTheDocument();
  });

  it('is not shown to a tenant admin or a superadmin outside any tenant', async () => {
    mockApi([{ path: '/api/v1/auth/me', body: { user: staffUser('superadmin') } }]);
    const { unmount } = renderWithProviders(<Page />, { route: '/dashboard' });
    await screen.findByTestId('location');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Bekerja di dalam tenant' })).not.toBeInTheDocument();
    unmount();
    mockApi([{ path: '/api/v1/auth/me', body: { user: staffUser('admin') } }]);
    renderWithProviders(<Page />, { route: '/dashboard' });
    await screen.findByTestId('location');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Bekerja di dalam tenant' })).not.toBeInTheDocument();
  });
});
