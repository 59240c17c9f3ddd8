import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Eform } from '@antrean/shared/domain/eform';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute } from '@/test/render';
import { EformPage } from './eform-page';

const KK = '01a2010e-3799-7000-8000-00000000a001';
const FIELD_ID = '01a2010e-3799-7000-8000-0000000000f1';
const kk = {
  id: KK,
  name: 'Kartu Keluarga',
  code: 'K',
  type: 'both',
  description: null,
  slaSeconds: 600,
  printCount: 1,
  bookingWhatsapp: false,
  firstCallWhatsapp: false,
  afterHoldCallWhatsapp: false,
  randomCaller: false,
  customerPhoto: false,
  eformEnabled: true,
  showOnWeb: true,
  showOnKiosk: true,
  showRemainingQueue: true,
  finishButton: true,
  isActive: true,
  sortOrder: 0,
  subServices: [],
};
const nik = {
  id: FIELD_ID,
  field: 'nik',
  label: 'NIK',
  inputType: 'text' as const,
  placeholder: '16 digit',
  regex: '\\d{16}',
  required: true,
  validationMessage: 'NIK harus 16 angka',
  options: [],
};
const path = `/api/v1/services/${KK}/eform`;
const routes = (form: Eform, extra: MockRoute[] = []): MockRoute[] => [
  { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
  { path: '/api/v1/services', body: { items: [kk], total: 1, page: 1, pageSize: 100 } },
  { path, body: form },
  ...extra,
];
const render = () => renderWithProviders(<EformPage />, { route: '/dashboard/master/eform' });

async function typeInto(name: string | RegExp, text: string) {
  const input = screen.getByRole('textbox', { name });
  await userEvent.clear(input);
  if (text !== '') {
    await userEvent.type(
      input,
      text.replace(/[{[]/g, (c) => c + c),
    );
  }
}

describe('EformPage', () => {
  it('shows "Daftar Kosong" for a service without fields, adds one and saves it: "Sukses...!!!"', async () => {
    const { requests } = mockApi(
      routes({ serviceId: KK, fields: [] }, [
        { method: 'PUT', path, body: { serviceId: KK, fields: [nik] } },
      ]),
    );
    render();
    expect(await screen.findByText('Daftar Kosong')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tambah isian' }));
    await typeInto(/Kunci isian 1/, 'nik');
    await typeInto(/Label 1/, 'NIK');
    await typeInto(/Regex 1/, '\\d{16}');
    await userEvent.click(screen.getByRole('switch', { name: 'Wajib diisi (isian 1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Simpan e-form' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        fields: [
          {
            field: 'nik',
            label: 'NIK',
            inputType: 'text',
            placeholder: '',
            regex: '\\d{16}',
            required: true,
            validationMessage: '',
            options: [],
          },
        ],
      }),
    );
    expect(await screen.findByText('Sukses...!!! E-form Kartu Keluarga disimpan.')).toBeInTheDocument();
  });

  // The rules in the form, one row each: the input, its message, no request.
  const rules: [string, () => Promise<void>, RegExp, string][] = [
    [
      'field key format',
      () => typeInto(/Kunci isian 1/, 'No KTP'),
      /Kunci isian 1/,
      'Kunci isian: huruf kecil',
    ],
    ['label required', () => typeInto(/Label 1/, ''), /Label 1/, 'Wajib diisi.'],
    ['regex must compile', () => typeInto(/Regex 1/, '([0-9'), /Regex 1/, 'Regex tidak valid.'],
    ['regex must be safe', () => typeInto(/Regex 1/, '(\\d+)+'), /Regex 1/, 'berisiko sangat lambat'],
  ];
  it.each(rules)('validates before sending: %s', async (_rule, change, field, message) => {
    const { requests } = mockApi(routes({ serviceId: KK, fields: [nik] }));
    render();
    await screen.findByRole('textbox', { name: /Kunci isian 1/ });
    await change();
    await userEvent.click(screen.getByRole('button', { name: 'Simpan e-form' }));
    const input = screen.getByRole('textbox', { name: field });
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('asks for options when a field becomes a choice, and shows the server field errors on the fields', async () => {
    const { requests } = mockApi(
      routes({ serviceId: KK, fields: [nik] }, [
        {
          method: 'PUT',
          path,
          status: 400,
          body: errorBody('VALIDATION_FAILED', 'Data tidak valid.', {
            fields: { 'fields.0.label': 'Label ditolak server.' },
          }),
        },
      ]),
    );
    render();
    const type = await screen.findByRole('combobox', { name: /Jenis input 1/ });
    await userEvent.click(type);
    await userEvent.click(await screen.findByRole('option', { name: 'Pilihan (daftar)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Simpan e-form' }));
    expect(await screen.findByText('Isi minimal satu pilihan.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await userEvent.type(screen.getByRole('combobox', { name: /Pilihan 1/ }), 'Ya{enter}Tidak{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan e-form' }));
    expect(await screen.findByText('Label ditolak server.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      fields: [{ id: FIELD_ID, inputType: 'select', options: ['Ya', 'Tidak'] }],
    });
  });

  it('shows a load failure with a retry', async () => {
    mockApi(
      routes({ serviceId: KK, fields: [] }).map((r) =>
        r.path === path ? { ...r, status: 500, body: errorBody('INTERNAL_ERROR') } : r,
      ),
    );
    render();
    expect(await screen.findByText('E-form gagal dimuat')).toBeInTheDocument();
    expect(within(document.body).getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
