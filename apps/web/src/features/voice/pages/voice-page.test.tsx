import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffUser } from '@/test/fixtures';
import { errorBody, mockApi, renderWithProviders } from '@/test/render';
import { VoicePage } from './voice-page';

const settings = { mode: 'voice_id', numberStyle: 'number', templateId: null, templateEn: null };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VoicePage', () => {
  it('speaks a sample the way the displays will, refuses a sentence without {number}, saves', async () => {
    const spoken: string[] = [];
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        constructor(public text: string) {}
      },
    );
    vi.stubGlobal('speechSynthesis', {
      cancel: () => undefined,
      speak: (u: { text: string }) => spoken.push(u.text),
    });
    const { requests } = mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/voice-settings', body: settings },
      { method: 'PUT', path: '/api/v1/voice-settings', body: { ...settings, numberStyle: 'digits' } },
    ]);
    renderWithProviders(<VoicePage />, { route: '/dashboard/parameter/mode-suara' });
    await userEvent.click(await screen.findByRole('radio', { name: /Per digit/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Dengarkan contoh' }));
    expect(spoken).toEqual(['Nomor antrian A nol satu dua, silakan menuju loket satu']);

    const sentence = screen.getByRole('textbox', { name: /Kalimat bahasa Indonesia/ });
    await userEvent.type(sentence, 'Silakan ke {{counter}');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(/Kalimat harus memuat/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(sentence);
    await userEvent.type(sentence, 'Antrian {{number} ke {{counter}');
    await userEvent.click(screen.getByRole('button', { name: 'Dengarkan contoh' }));
    expect(spoken.at(-1)).toBe('Antrian A nol satu dua ke loket satu');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        mode: 'voice_id',
        numberStyle: 'digits',
        templateId: 'Antrian {number} ke {counter}',
        templateEn: null,
      }),
    );
    expect(await screen.findByText('Mode suara disimpan.')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi([
      { path: '/api/v1/auth/me', body: { user: staffUser('admin') } },
      { path: '/api/v1/voice-settings', status: 500, body: errorBody('INTERNAL_ERROR') },
    ]);
    renderWithProviders(<VoicePage />, { route: '/dashboard/parameter/mode-suara' });
    expect(await screen.findByText('Pengaturan suara gagal dimuat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
