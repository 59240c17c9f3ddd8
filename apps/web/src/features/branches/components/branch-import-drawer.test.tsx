import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BranchImportPreview } from '@antrean/shared/contracts/branch-import.contract';
import { xlsxWorkbook } from '@antrean/shared/testing/xlsx-workbook';
import { errorBody, mockApi, renderWithProviders } from '@/test/render';
import { BranchImportDrawer } from './branch-import-drawer';

const CSV =
  'kode,nama,alamat,provinsi,kota,kelurahan,kategori\r\nJKT01,Cabang Jakarta,Jl. Merdeka 1,DKI Jakarta,Jakarta Pusat,Gambir,Kantor Cabang\r\n';
const row = (overrides: Partial<BranchImportPreview['rows'][number]> = {}) => ({
  line: 2,
  code: 'JKT01',
  name: 'Cabang Jakarta',
  city: 'Jakarta Pusat',
  category: 'Kantor Cabang',
  errors: {},
  ...overrides,
});

async function choose(csv = CSV) {
  const input = document.body.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await userEvent.upload(input, new File([csv], 'cabang.csv', { type: 'text/csv' }));
}

describe('BranchImportDrawer', () => {
  it('lists the errors of each row and does not offer to import a file with errors', async () => {
    const { requests } = mockApi([
      {
        method: 'POST',
        path: '/api/v1/branches/import/preview',
        body: {
          rows: [
            row(),
            row({
              line: 3,
              code: 'JKT01',
              name: 'Cb',
              errors: {
                code: 'Kode cabang ini muncul lebih dari sekali di berkas.',
                name: 'Minimal 3 karakter.',
              },
            }),
          ],
          valid: 1,
          invalid: 1,
        } satisfies BranchImportPreview,
      },
    ]);
    renderWithProviders(<BranchImportDrawer onClose={vi.fn()} />);
    await choose();
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ csv: CSV });
    const table = await screen.findByRole('table', { name: 'Hasil pemeriksaan berkas' });
    expect(
      within(table).getByText('Kode cabang: Kode cabang ini muncul lebih dari sekali di berkas.'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Nama cabang: Minimal 3 karakter.')).toBeInTheDocument();
    expect(screen.getByText('1 baris salah')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Impor 1 cabang' })).toBeDisabled();
  });

  it('sends an Excel workbook (XLSX) as base64 for the server to read', async () => {
    const { requests } = mockApi([
      {
        method: 'POST',
        path: '/api/v1/branches/import/preview',
        body: { rows: [row()], valid: 1, invalid: 0 } satisfies BranchImportPreview,
      },
    ]);
    renderWithProviders(<BranchImportDrawer onClose={vi.fn()} />);
    const workbook = xlsxWorkbook([
      ['kode', 'nama'],
      ['JKT01', 'Cabang Jakarta'],
    ]);
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, new File([workbook], 'cabang.xlsx', { type: '' }));
    expect(await screen.findByText('Siap diimpor')).toBeInTheDocument();
    expect(screen.getByText('cabang.xlsx')).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'POST')?.body as { xlsx: string };
    expect(Object.keys(sent)).toEqual(['xlsx']);
    expect(Uint8Array.from(atob(sent.xlsx), (c) => c.charCodeAt(0))).toEqual(workbook);
  });

  it('imports a checked file and says how many', async () => {
    const onClose = vi.fn();
    const { requests } = mockApi([
      {
        method: 'POST',
        path: '/api/v1/branches/import/preview',
        body: { rows: [row()], valid: 1, invalid: 0 } satisfies BranchImportPreview,
      },
      { method: 'POST', path: '/api/v1/branches/import', status: 201, body: { created: 1 } },
    ]);
    renderWithProviders(<BranchImportDrawer onClose={onClose} />);
    await choose();
    expect(await screen.findByText('Siap diimpor')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Impor 1 cabang' });
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.url.endsWith('/api/v1/branches/import'))?.body).toEqual({ csv: CSV });
    expect(await screen.findByText('Sukses...!!! 1 cabang diimpor.')).toBeInTheDocument();
  });

  it('shows a file the server cannot read', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/v1/branches/import/preview',
        status: 400,
        body: errorBody('BRANCH_IMPORT_BAD_FILE', 'Berkas tidak dapat dibaca sebagai daftar cabang.'),
      },
    ]);
    renderWithProviders(<BranchImportDrawer onClose={vi.fn()} />);
    await choose('x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Berkas tidak dapat dibaca');
  });
});
