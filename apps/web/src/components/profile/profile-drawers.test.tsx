import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@antrean/shared/contracts/profile.contract';
import { ProfileMenu } from '@/app/layouts/profile-menu';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { ProfileButton } from './profile-button';

const user = staffUser('admin');
const profile = (overrides: Partial<Profile> = {}): Profile => ({
  id: user.id,
  username: user.username,
  fullName: user.fullName,
  role: 'admin',
  phone: null,
  avatarFileId: null,
  canHaveAvatar: true,
  ...overrides,
});

function routes(extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user } },
    { path: '/api/v1/profile', body: profile() },
    ...extra,
  ];
}

async function openFromMenu(item: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Menu profil' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the profile menu', () => {
  it('edits the own name and phone and says so', async () => {
    const { requests } = mockApi(
      routes([{ method: 'PUT', path: '/api/v1/profile', body: profile({ fullName: 'Admin Baru' }) }]),
    );
    renderWithProviders(<ProfileMenu user={user} />);
    await openFromMenu('Ubah profil');
    const drawer = await screen.findByRole('dialog', { name: 'Ubah profil' });
    const name = await within(drawer).findByRole('textbox', { name: /Nama lengkap/ });
    expect(name).toHaveValue(user.fullName);
    expect(within(drawer).getByText('Pilih gambar')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Admin Baru');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /Telepon/ }), '081234567890');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      fullName: 'Admin Baru',
      phone: '+6281234567890',
      avatarFileId: null,
    });
    expect(await screen.findByText('Sukses...!!! Profil disimpan.')).toBeInTheDocument();
  });

  describe('validates each rule in the form before sending', () => {
    const cases: [string, string, string, string][] = [
      ['full name shorter than 3', 'Nama lengkap', 'Ad', 'Minimal 3 karakter.'],
      ['full name empty', 'Nama lengkap', '', 'Wajib diisi.'],
      ['a bad phone', 'Telepon', '0812', 'Nomor WhatsApp tidak valid (contoh 081234567890).'],
    ];
    it.each(cases)('%s', async (_name, field, value, message) => {
      const { requests } = mockApi(routes());
      renderWithProviders(<ProfileMenu user={user} />);
      await openFromMenu('Ubah profil');
      const drawer = await screen.findByRole('dialog', { name: 'Ubah profil' });
      const input = await within(drawer).findByRole('textbox', { name: new RegExp(field) });
      await userEvent.clear(input);
      if (value) await userEvent.type(input, value);
      await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
      expect(await within(drawer).findByText(message)).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    });
  });

  it('a platform account has no photo field', async () => {
    mockApi([{ path: '/api/v1/profile', body: profile({ role: 'superadmin', canHaveAvatar: false }) }]);
    renderWithProviders(<ProfileMenu user={staffUser('superadmin')} />);
    await openFromMenu('Ubah profil');
    const drawer = await screen.findByRole('dialog', { name: 'Ubah profil' });
    expect(await within(drawer).findByText('Akun platform tidak menyimpan foto.')).toBeInTheDocument();
    expect(within(drawer).queryByText('Pilih gambar')).not.toBeInTheDocument();
  });
});

describe('changing the password (staff screens)', () => {
  it('checks the new password, then shows a wrong current password on its field', async () => {
    const { requests } = mockApi(
      routes([
        {
          method: 'POST',
          path: '/api/v1/profile/password',
          status: 400,
          body: errorBody('USER_PASSWORD_WRONG', 'Kata sandi saat ini salah.', {
            fields: { currentPassword: 'Kata sandi saat ini salah.' },
          }),
        },
      ]),
    );
    renderWithProviders(<ProfileButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Profil saya' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ubah kata sandi' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ubah kata sandi' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findAllByText('Kata sandi wajib diisi.')).toHaveLength(2);
    await userEvent.type(within(drawer).getByLabelText(/Kata sandi saat ini/), 'lama-sekali');
    await userEvent.type(within(drawer).getByLabelText(/Kata sandi baru/), 'pendek');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Minimal 8 karakter.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(drawer).getByLabelText(/Kata sandi baru/), '-panjang');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Simpan' }));
    expect(await within(drawer).findByText('Kata sandi saat ini salah.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      currentPassword: 'lama-sekali',
      newPassword: 'pendek-panjang',
    });
  });
});
