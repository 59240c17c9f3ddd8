import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserImportPreview } from '@antrean/shared/contracts/user-import.contract';
import { errorBody, mockApi, renderWithProviders } from '@/test/render';
import { UserImportDrawer } from './user-import-drawer';

const CSV =
  'nama_lengkap,username,kata_sandi,peran,cabang\r\nBudi Santoso,budi.santoso,rahasia-123,caller,JKT01\r\n';
const row = (overrides: Partial<UserImportPreview['rows'][number]> = {}) => ({
  line: 2,
  fullName: 'Budi Santoso',
  username: 'budi.santoso',
  role: 'caller',
  branchCodes: ['JKT01'],
  phone: '',
  errors: {},
  ...overrides,
});

async function choose(csv = CSV) {
  const input = document.body.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await userEvent.upload(input, new File([csv], 'pengguna.csv', { type: 'text/csv' }));
}

describe('UserImportDrawer', () => {
  it('lists the errors of each row and does not offer to import a file with errors', async () => {
    const { requests } = mockApi([
      {
        method: 'POST',
        path: '/api/v1/users/import/preview',
        body: {
          rows: [
            row(),
            row({
              line: 3,
              username: 'budi',
              errors: { username: 'Minimal 7 karakter.', branchCodes: 'Kode cabang tidak dikenal: XX9' },
            }),
          ],
          valid: 1,
          invalid: 1,
        } satisfies UserImportPreview,
      },
    ]);
    renderWithProviders(<UserImportDrawer onClose={vi.fn()} />);
    await choose();
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ csv: CSV });
    const table = await screen.findByRole('table', { name: 'Hasil pemeriksaan berkas' });
    expect(within(table).getByText('Username: Minimal 7 karakter.')).toBeInTheDocument();
    expect(within(table).getByText('Cabang: Kode cabang tidak dikenal: XX9')).toBeInTheDocument();
    expect(screen.getByText('1 baris salah')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Impor 1 pengguna' })).toBeDisabled();
  });

  it('imports a checked file and says how many', async () => {
    const onClose = vi.fn();
    const { requests } = mockApi([
      {
        method: 'POST',
        path: '/api/v1/users/import/preview',
        body: { rows: [row()], valid: 1, invalid: 0 } satisfies UserImportPreview,
      },
      { method: 'POST', path: '/api/v1/users/import', status: 201, body: { created: 1 } },
    ]);
    renderWithProviders(<UserImportDrawer onClose={onClose} />);
    await choose();
    expect(await screen.findByText('Siap diimpor')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Impor 1 pengguna' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.url.endsWith('/api/v1/users/import'))?.body).toEqual({ csv: CSV });
    expect(await screen.findByText('Sukses...!!! 1 pengguna diimpor.')).toBeInTheDocument();
  });

  it('shows a file the server cannot read', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/v1/users/import/preview',
        status: 400,
        body: errorBody('USER_IMPORT_BAD_FILE', 'Berkas tidak dapat dibaca sebagai daftar pengguna.'),
      },
    ]);
    renderWithProviders(<UserImportDrawer onClose={vi.fn()} />);
    await choose('x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Berkas tidak dapat dibaca');
  });
});
