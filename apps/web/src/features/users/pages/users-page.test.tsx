import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserList } from '@antrean/shared/contracts/users.contract';
import type { StaffUser } from '@antrean/shared/domain/staff-user';
import { BRANCH, BRANCH_ID, staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { ServiceUsersPage, UsersPage } from './users-page';

const USER_ID = '01a2010e-3799-7000-8000-00000000d001';

const caller = (overrides: Partial<StaffUser> = {}): StaffUser => ({
  id: USER_ID,
  username: 'caller.sudirman',
  fullName: 'Budi Santoso',
  role: 'caller',
  phone: '081234567890',
  branchIds: [BRANCH_ID],
  isActive: true,
  avatarFileId: null,
  lastLoginAt: null,
  ...overrides,
});
const page = (items: StaffUser[], total = items.length): UserList => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

function routes(list: UserList, extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    { path: '/api/v1/branches', body: { items: [BRANCH] } },
    { path: '/api/v1/users', body: list },
    ...extra,
  ];
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(route = '/dashboard/master/user-layanan', admins = false) {
  return renderWithProviders(
    <>
      {admins ? <UsersPage /> : <ServiceUsersPage />}
      <Location />
    </>,
    { route },
  );
}

const listRequests = (requests: { method: string; url: string }[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.includes('/api/v1/users?'))
    .map((r) => new URL(r.url, 'http://x'));

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Tambah user layanan' }));
  return screen.findByRole('dialog', { name: 'Tambah pengguna' });
}

async function fillValid(drawer: HTMLElement) {
  await userEvent.type(within(drawer).getByRole('textbox', { name: /Nama lengkap/ }), 'Siti Aminah');
  await userEvent.type(within(drawer).getByRole('textbox', { name: /Username/ }), 'siti.aminah');
  await userEvent.type(within(drawer).getByLabelText(/Kata sandi/), 'rahasia-123');
  await userEvent.click(within(drawer).getByRole('combobox', { name: /Cabang/ }));
  await userEvent.click(await screen.findByRole('option', { name: `${BRANCH.code} · ${BRANCH.name}` }));
}

describe('ServiceUsersPage', () => {
  it('shows the empty state', async () => {
    mockApi(routes(page([])));
    renderPage();
    expect(await screen.findByText('Tidak ada data untuk ditampilkan')).toBeInTheDocument();
  });

  it('keeps paging, search and filters in the URL and asks the server for them', async () => {
    const { requests } = mockApi(routes(page([caller()], 45)));
    renderPage('/dashboard/master/user-layanan?q=budi&page=2&role=caller');
    expect(await screen.findByText('Budi Santoso')).toBeInTheDocument();
    const first = listRequests(requests)[0];
    expect(first?.searchParams.get('q')).toBe('budi');
    expect(first?.searchParams.get('page')).toBe('2');
    expect(first?.searchParams.get('group')).toBe('service');
    expect(first?.searchParams.get('role')).toBe('caller');

    await userEvent.click(screen.getByRole('button', { name: 'Halaman 3' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('page=3'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('page')).toBe('3'));

    const search = screen.getByRole('searchbox', { name: 'Cari nama, username atau telepon' });
    await userEvent.clear(search);
    await userEvent.type(search, 'siti');
    // A new search starts again on page 1.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?q=siti&role=caller'));
    await waitFor(() => expect(listRequests(requests).at(-1)?.searchParams.get('q')).toBe('siti'));

    await userEvent.click(screen.getByRole('button', { name: /Username/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=username'));
  });

  describe('validates each rule in the form before sending', () => {
    const cases: [string, (drawer: HTMLElement) => Promise<void>, string][] = [
      [
        'username shorter than 7',
        async (d) => {
          const input = within(d).getByRole('textbox', { name: /Username/ });
          await userEvent.clear(input);
          await userEvent.type(input, 'siti');
        },
        'Minimal 7 karakter.',
      ],
      [
        'username with a space',
        async (d) => {
          const input = within(d).getByRole('textbox', { name: /Username/ });
          await userEvent.clear(input);
          await userEvent.type(input, 'siti aminah');
        },
        'Nama pengguna tidak boleh mengandung spasi.',
      ],
      [
        'full name shorter than 3',
        async (d) => {
          const input = within(d).getByRole('textbox', { name: /Nama lengkap/ });
          await userEvent.clear(input);
          await userEvent.type(input, 'Si');
        },
        'Minimal 3 karakter.',
      ],
      [
        'password missing',
        async (d) => {
          await userEvent.clear(within(d).getByLabelText(/Kata sandi/));
        },
        'Kata sandi wajib diisi.',
      ],
      [
        'password shorter than 8',
        async (d) => {
          const input = within(d).getByLabelText(/Kata sandi/);
          await userEvent.clear(input);
          await userEvent.type(input, 'abc12');
        },
        'Minimal 8 karakter.',
      ],
      [
        'no branch chosen',
        async (d) => {
          await userEvent.type(within(d).getByRole('combobox', { name: /Cabang/ }), '{Backspace}');
        },
        'Wajib dipilih.',
      ],
      [
        'a bad phone',
        async (d) => {
          await userEvent.type(within(d).getByRole('textbox', { name: /Telepon/ }), '12ab');
        },
        'Nomor WhatsApp tidak valid (contoh 081234567890).',
      ],
    ];
    it.each(cases)('%s', async (_name, breakIt, message) => {
      const { requests } = mockApi(routes(page([])));
      renderPage();
      const drawer = await openCreate();
      await fillValid(drawer);
      await breakIt(drawer);
      await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
      expect(await within(drawer).findByText(message)).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    });
  });

  it('sends a valid user, then shows the server field errors on the fields', async () => {
    const { requests } = mockApi(
      routes(page([]), [
        {
          method: 'POST',
          path: '/api/v1/users',
          status: 409,
          body: errorBody('USERNAME_TAKEN', 'Nama pengguna sudah dipakai.', {
            fields: { username: 'Nama pengguna sudah dipakai.' },
          }),
        },
      ]),
    );
    renderPage();
    const drawer = await openCreate();
    await fillValid(drawer);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Nama pengguna sudah dipakai.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      fullName: 'Siti Aminah',
      username: 'siti.aminah',
      password: 'rahasia-123',
      role: 'caller',
      phone: null,
      branchIds: [BRANCH_ID],
      isActive: true,
    });
  });

  it('edits without a password unless a new one is typed; a refusal shows above the form', async () => {
    const { requests } = mockApi(
      routes(page([caller()]), [
        { method: 'PATCH', path: `/api/v1/users/${USER_ID}`, body: caller({ fullName: 'Budi S.' }) },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Ubah Budi Santoso' }));
    let drawer = await screen.findByRole('dialog', { name: 'Ubah Budi Santoso' });
    const name = within(drawer).getByRole('textbox', { name: /Nama lengkap/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Budi S.');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PATCH')?.body).not.toHaveProperty('password');
    expect(await screen.findByText('Sukses...!!! Budi S. disimpan.')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Ubah Budi Santoso' }));
    drawer = await screen.findByRole('dialog', { name: 'Ubah Budi Santoso' });
    await userEvent.type(within(drawer).getByLabelText(/Kata sandi baru/), 'sandi-baru-99');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toMatchObject({
      password: 'sandi-baru-99',
    });
  });

  it('deactivates and deletes only after confirmation', async () => {
    const { requests } = mockApi(
      routes(page([caller()]), [
        { method: 'DELETE', path: `/api/v1/users/${USER_ID}`, status: 204 },
        { method: 'PATCH', path: `/api/v1/users/${USER_ID}`, body: caller({ isActive: false }) },
      ]),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Nonaktifkan Budi Santoso' }));
    const confirm = await screen.findByRole('dialog', { name: 'Nonaktifkan Budi Santoso?' });
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isActive: false });

    await userEvent.click(screen.getByRole('button', { name: 'Hapus Budi Santoso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hapus Budi Santoso?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Hapus Budi Santoso' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Sukses...!!! Budi Santoso dihapus.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi(
      routes(page([])).map((r) =>
        r.path === '/api/v1/users' ? { ...r, status: 500, body: errorBody('INTERNAL_ERROR') } : r,
      ),
    );
    renderPage();
    expect(await screen.findByText('Daftar user layanan gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});

describe('UsersPage', () => {
  it('lists the admins, creates one without branches and shows a refusal above the form', async () => {
    const { requests } = mockApi(
      routes(page([caller({ role: 'admin', branchIds: [], fullName: 'Admin Dua' })]), [
        {
          method: 'PATCH',
          path: `/api/v1/users/${USER_ID}`,
          status: 409,
          body: errorBody(
            'USER_LAST_ADMIN',
            'Admin aktif terakhir tidak dapat dinonaktifkan, diubah perannya, atau dihapus.',
          ),
        },
      ]),
    );
    renderPage('/dashboard/pengguna', true);
    expect(await screen.findByText('Admin Dua')).toBeInTheDocument();
    expect(listRequests(requests)[0]?.searchParams.get('group')).toBe('admins');
    await userEvent.click(screen.getByRole('button', { name: 'Ubah Admin Dua' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ubah Admin Dua' });
    expect(within(drawer).getByText('Admin melihat semua cabang.')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('switch', { name: /Aktif/ }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(drawer).findByText(
        'Admin aktif terakhir tidak dapat dinonaktifkan, diubah perannya, atau dihapus.',
      ),
    ).toBeInTheDocument();
  });
});
