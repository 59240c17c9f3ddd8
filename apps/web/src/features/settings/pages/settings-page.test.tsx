import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_TEMPLATES } from '@antrean/shared/domain/message';
import type { TenantSettings } from '@antrean/shared/domain/tenant-settings';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders, type MockRoute, type RecordedRequest } from '@/test/render';
import { SettingsPage } from './settings-page';

const settings = (overrides: Partial<TenantSettings> = {}): TenantSettings => ({
  defaultLanguage: 'id',
  checkInBeforeMinutes: 30,
  checkInAfterMinutes: 15,
  skipLimit: 3,
  reviewTimeoutSeconds: 10,
  whatsappProvider: 'log',
  whatsappPhoneNumberId: '',
  whatsappAccessTokenSet: false,
  whatsappAppSecretSet: false,
  whatsappVerifyTokenSet: false,
  whatsappTemplates: NO_TEMPLATES,
  ...overrides,
});

function routes(current: TenantSettings, extra: MockRoute[] = []): MockRoute[] {
  return [
    { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
    ...extra,
    { path: '/api/v1/settings', body: current },
  ];
}

const renderPage = () => renderWithProviders(<SettingsPage />, { route: '/dashboard/konfigurasi' });
const user = () => userEvent.setup({ delay: null });
const puts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT');

async function chooseProvider(u: ReturnType<typeof user>, name: string) {
  await u.click(await screen.findByRole('combobox', { name: /Penyedia WhatsApp/ }));
  await u.click(await screen.findByRole('option', { name }));
}

describe('SettingsPage', () => {
  it('shows the saved settings and saves every field, then says "Sukses...!!!"', async () => {
    const saved = settings({ skipLimit: 5 });
    const { requests } = mockApi(
      routes(settings(), [{ method: 'PUT', path: '/api/v1/settings', body: saved }]),
    );
    const u = user();
    renderPage();
    const skip = await screen.findByRole('textbox', { name: /Batas lewati/ });
    expect(skip).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: /Check-in paling awal/ })).toHaveValue('30 menit');
    await u.clear(skip);
    await u.type(skip, '5');
    await u.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Sukses...!!!')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toEqual({
      defaultLanguage: 'id',
      checkInBeforeMinutes: 30,
      checkInAfterMinutes: 15,
      skipLimit: 5,
      reviewTimeoutSeconds: 10,
      whatsappProvider: 'log',
      whatsappPhoneNumberId: '',
      whatsappAccessToken: '',
      whatsappTemplates: NO_TEMPLATES,
      whatsappAppSecret: '',
      whatsappVerifyToken: '',
    });
  });

  describe('each validation rule shows its message on the field and sends nothing', () => {
    const cases: [string, RegExp, string, string][] = [
      ['check-in before required', /Check-in paling awal/, '', 'Wajib diisi.'],
      ['check-in before ≤ 240', /Check-in paling awal/, '241', 'Maksimal 240.'],
      ['check-in after required', /Check-in paling lambat/, '', 'Wajib diisi.'],
      ['skip limit ≤ 20', /Batas lewati/, '21', 'Maksimal 20.'],
      ['review timeout ≥ 3', /Batas waktu tinjauan/, '2', 'Minimal 3.'],
      ['review timeout ≤ 120', /Batas waktu tinjauan/, '121', 'Maksimal 120.'],
    ];
    it.each(cases)('%s', async (_name, label, value, message) => {
      const { requests } = mockApi(routes(settings()));
      const u = user();
      renderPage();
      const input = await screen.findByRole('textbox', { name: label });
      await u.clear(input);
      if (value) await u.type(input, value);
      await u.click(screen.getByRole('button', { name: 'Simpan' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(puts(requests)).toHaveLength(0);
    });

    it('WhatsApp Cloud needs a phone number id of digits', async () => {
      const { requests } = mockApi(routes(settings()));
      const u = user();
      renderPage();
      await chooseProvider(u, 'WhatsApp Cloud API');
      await u.click(screen.getByRole('button', { name: 'Simpan' }));
      expect(await screen.findByText('Wajib diisi.')).toBeInTheDocument();
      await u.type(screen.getByRole('textbox', { name: /Phone number ID/ }), '12ab');
      await u.click(screen.getByRole('button', { name: 'Simpan' }));
      expect(await screen.findByText('Format tidak valid.')).toBeInTheDocument();
      expect(puts(requests)).toHaveLength(0);
    });
  });

  it("puts the server's field error (no token stored) on the token field", async () => {
    const { requests } = mockApi(
      routes(settings(), [
        {
          method: 'PUT',
          path: '/api/v1/settings',
          status: 400,
          body: errorBody('VALIDATION_FAILED', 'x', { fields: { whatsappAccessToken: 'Wajib diisi.' } }),
        },
      ]),
    );
    const u = user();
    renderPage();
    await chooseProvider(u, 'WhatsApp Cloud API');
    expect(screen.getByLabelText(/Access token/)).toHaveAccessibleDescription('Belum diatur.');
    await u.type(screen.getByRole('textbox', { name: /Phone number ID/ }), '1098765');
    await u.click(screen.getByRole('button', { name: 'Simpan' }));
    const token = screen.getByLabelText(/Access token/);
    expect(await screen.findByText('Wajib diisi.')).toBeInTheDocument();
    expect(token).toHaveAccessibleDescription(expect.stringContaining('Wajib diisi.'));
    expect(puts(requests)[0]?.body).toMatchObject({
      whatsappProvider: 'whatsapp-cloud',
      whatsappPhoneNumberId: '1098765',
      whatsappAccessToken: '',
    });
  });

  it('edits the Cloud template name of each kind, with its parameters, and checks the name', async () => {
    const current = settings({
      whatsappProvider: 'whatsapp-cloud',
      whatsappPhoneNumberId: '55',
      whatsappAccessTokenSet: true,
      whatsappTemplates: { ...NO_TEMPLATES, first_call: 'antrean_call' },
    });
    const { requests } = mockApi(
      routes(current, [{ method: 'PUT', path: '/api/v1/settings', body: current }]),
    );
    const u = user();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Template pesan WhatsApp Cloud' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Panggilan pertama' })).toHaveValue('antrean_call');
    const otp = screen.getByRole('textbox', { name: 'Kode verifikasi' });
    expect(otp).toHaveAccessibleDescription('Parameter isi: {{1}} kode, {{2}} menit berlaku');
    await u.type(otp, 'Kode OTP');
    await u.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Format tidak valid.')).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);
    await u.clear(otp);
    await u.type(otp, 'antrean_otp');
    await u.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Sukses...!!!')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({
      whatsappTemplates: { ...NO_TEMPLATES, first_call: 'antrean_call', verification_code: 'antrean_otp' },
    });
  });

  it('shows the webhook URL of the tenant and saves a new app secret and verify token', async () => {
    const current = settings({
      whatsappProvider: 'whatsapp-cloud',
      whatsappPhoneNumberId: '55',
      whatsappAccessTokenSet: true,
      whatsappAppSecretSet: true,
    });
    const { requests } = mockApi(
      routes(current, [{ method: 'PUT', path: '/api/v1/settings', body: current }]),
    );
    const u = user();
    renderPage();
    const url = await screen.findByRole('textbox', { name: 'Callback URL' });
    expect(url).toHaveValue(
      `${window.location.origin}/api/v1/webhooks/whatsapp/${staffUser('admin').tenantId}`,
    );
    expect(screen.getByLabelText(/App secret/)).toHaveAccessibleDescription(/Sudah diatur/);
    expect(screen.getByLabelText(/Verify token/)).toHaveAccessibleDescription('Belum diatur.');
    await u.type(screen.getByLabelText(/Verify token/), 'my-verify-token');
    await u.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Sukses...!!!')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({
      whatsappAppSecret: '',
      whatsappVerifyToken: 'my-verify-token',
    });
  });

  it('never shows a stored token: only that it is set', async () => {
    mockApi(
      routes(
        settings({
          whatsappProvider: 'whatsapp-cloud',
          whatsappPhoneNumberId: '55',
          whatsappAccessTokenSet: true,
        }),
      ),
    );
    renderPage();
    expect(await screen.findByText(/Sudah diatur \(tersimpan terenkripsi\)/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Access token/)).toHaveValue('');
  });

  it('sends a test message: checks the number, then reports success or the provider refusal', async () => {
    const answer: MockRoute = {
      method: 'POST',
      path: '/api/v1/settings/whatsapp/test',
      body: { provider: 'whatsapp-cloud', providerMessageId: 'wamid.7' },
    };
    // The route is looked up per request: changing `answer` changes the next reply.
    const { requests } = mockApi(routes(settings(), [answer]));
    const u = user();
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Kirim pesan uji' })).closest('div');
    if (!card) throw new Error('card');
    const to = within(card).getByRole('textbox', { name: /Nomor WhatsApp tujuan/ });
    await u.type(to, '12345');
    await u.click(within(card).getByRole('button', { name: 'Kirim pesan uji' }));
    expect(
      await within(card).findByText('Nomor WhatsApp tidak valid (contoh 081234567890).'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.url.includes('/whatsapp/test'))).toHaveLength(0);

    await u.clear(to);
    await u.type(to, '081234567890');
    await u.click(within(card).getByRole('button', { name: 'Kirim pesan uji' }));
    expect(await screen.findByText('Pesan uji terkirim (ID wamid.7).')).toBeInTheDocument();
    expect(requests.find((r) => r.url.includes('/whatsapp/test'))?.body).toEqual({ to: '+6281234567890' });

    answer.status = 502;
    answer.body = errorBody('WHATSAPP_SEND_FAILED', 'x', { reason: 'HTTP 401: Invalid OAuth access token' });
    await u.click(within(card).getByRole('button', { name: 'Kirim pesan uji' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Penyedia WhatsApp menolak atau tidak menjawab');
    expect(alert).toHaveTextContent('HTTP 401: Invalid OAuth access token');
  });

  it('shows a load failure with a retry', async () => {
    mockApi(
      routes(settings()).map((r) =>
        r.path === '/api/v1/settings' ? { ...r, status: 500, body: errorBody('INTERNAL_ERROR') } : r,
      ),
    );
    renderPage();
    expect(await screen.findByText('Konfigurasi gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
