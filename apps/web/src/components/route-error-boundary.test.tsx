import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { claimAutomaticReload } from '@/lib/chunk-errors';
import { lazyScreen } from '@/lib/lazy-route';
import { createTestQueryClient, mockApi } from '@/test/render';
import { RouteErrorBoundary } from './route-error-boundary';

function renderFailingScreen(error: Error) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          () => Promise.reject(error),
          () => () => null,
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('route error boundary', () => {
  it('shows a translated message with a reload button when a screen part cannot be loaded', async () => {
    mockApi([]);
    claimAutomaticReload(); // The one automatic reload was already spent.
    renderFailingScreen(new TypeError('Failed to fetch dynamically imported module: /assets/caller.js'));
    expect(await screen.findByRole('heading', { name: 'Gagal memuat halaman' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeInTheDocument();
  });

  it('shows the generic message for any other error', async () => {
    mockApi([]);
    renderFailingScreen(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'Terjadi kesalahan' })).toBeInTheDocument();
  });
});
