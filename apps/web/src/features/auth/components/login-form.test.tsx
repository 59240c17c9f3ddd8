import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '@/features/auth/pages/login-page';
import { i18n } from '@/lib/i18n';
import { errorBody, mockApi, renderWithProviders } from '@/test/render';

function loginRequests(requests: ReturnType<typeof mockApi>['requests']) {
  return requests.filter((r) => r.url === '/api/v1/auth/login');
}

describe('login page', () => {
  it('shows the Indonesian required-field messages on an empty submit, without calling the API', async () => {
    const { requests } = mockApi([]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoginPage />, { route: '/login' });

    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    const username = screen.getByLabelText('Nama pengguna');
    const password = screen.getByLabelText('Kata sandi');
    await waitFor(() => expect(username).toHaveAccessibleDescription('Wajib diisi.'));
    expect(password).toHaveAccessibleDescription('Kata sandi wajib diisi.');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(loginRequests(requests)).toHaveLength(0);
  });

  it('shows the message of the server error code, in the interface language', async () => {
    const { requests } = mockApi([
      {
        method: 'POST',
        path: '/api/v1/auth/login',
        status: 401,
        // The server's own text is ignored: the code is translated by the web app.
        body: errorBody('AUTH_INVALID_CREDENTIALS', 'server text'),
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoginPage />, { route: '/login' });

    await user.type(screen.getByLabelText('Nama pengguna'), 'admin.nusantara');
    await user.type(screen.getByLabelText('Kata sandi'), 'salah-sandi{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nama pengguna atau kata sandi salah.');
    const [request] = loginRequests(requests);
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ username: 'admin.nusantara', password: 'salah-sandi' });
    expect(request?.headers['accept-language']).toBe('id');
    expect(request?.credentials).toBe('same-origin');
  });

  it('puts the server field errors (details.fields) on the inputs', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/v1/auth/login',
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'x', {
          part: 'body',
          fields: { username: 'Maksimal 100 karakter.' },
        }),
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoginPage />, { route: '/login' });

    await user.type(screen.getByLabelText('Nama pengguna'), 'someone');
    await user.type(screen.getByLabelText('Kata sandi'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Nama pengguna')).toHaveAccessibleDescription('Maksimal 100 karakter.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('switches every text to English with the language switch, and remembers it', async () => {
    mockApi([]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoginPage />, { route: '/login' });

    const select = screen.getByRole('combobox', { name: 'Bahasa' });
    expect(within(select).getByRole('option', { name: 'Bahasa Indonesia' })).toBeInTheDocument();
    await user.selectOptions(select, 'English');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('antrean.language')).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This field is required.'),
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
  });

  it('re-renders visible validation messages when the language changes', async () => {
    mockApi([]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoginPage />, { route: '/login' });

    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nama pengguna')).toHaveAccessibleDescription('Wajib diisi.'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bahasa' }), 'en');
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This field is required.'),
    );
    expect(i18n.language).toBe('en');
  });
});
