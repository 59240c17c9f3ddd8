import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useMemo, useReducer } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisplayConfig } from '@antrean/shared/contracts/devices.contract';
import { DEFAULT_THEME } from '@antrean/shared/domain/theme';
import type { LiveMessage } from '@/lib/use-live';
import type { DisplaySnapshot } from './display-state';
import DisplayScreen, { SOUND_UNLOCKED_KEY } from './display-screen';

/** A fake live topic: tests push messages; the mocked hook folds them with the screen's reducer. */
const live = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const messages: unknown[] = [];
  return {
    messages,
    error: null as string | null,
    status: 'online',
    sent: [] as unknown[],
    topics: [] as (string | null)[],
    push(message: unknown) {
      messages.push(message);
      for (const l of listeners) l();
    },
    listeners,
    reset() {
      messages.length = 0;
      this.error = null;
      this.status = 'online';
      this.sent.length = 0;
      this.topics.length = 0;
    },
  };
});

vi.mock('@/lib/use-live', () => ({
  useLiveStatus: () => live.status,
  useLiveConnection: () => ({ send: (frame: unknown) => live.sent.push(frame) }),
  useLiveTopic: <T,>(topic: string | null, reduce: (s: T | undefined, m: LiveMessage) => T) => {
    const [, force] = useReducer((n: number) => n + 1, 0);
    useEffect(() => {
      live.topics.push(topic);
      const listener = () => force();
      live.listeners.add(listener);
      return () => {
        live.listeners.delete(listener);
      };
    }, [topic]);
    // Fold of everything pushed so far, memoised like the real hook's reducer state.
    const version = live.messages.length;
    const state = useMemo(() => {
      let folded: T | undefined;
      for (const message of live.messages) folded = reduce(folded, message as LiveMessage);
      return folded;
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [version]);
    return { state, error: live.error, version };
  },
}));

const config: DisplayConfig = {
  display: {
    id: 'd1',
    name: 'Display Lobi',
    code: 'DSP-JKT01',
    layout: 'classic',
    counterId: null,
    serviceIds: [],
  },
  branch: {
    id: 'b1',
    code: 'JKT01',
    name: 'KC Jakarta Sudirman',
    timeZone: 'Asia/Jakarta',
    whatsappVirtualTicket: false,
  },
  tenantName: 'Bank Nusantara',
  theme: DEFAULT_THEME,
  voice: { mode: 'voice_id', rate: 1, pitch: 1, volume: 1, voiceNameId: null, voiceNameEn: null, repeat: 1 },
  runningTexts: [
    {
      id: '01a2010e-3799-7000-8000-00000000a001',
      content: 'Selamat datang di Bank Nusantara',
      speed: 'normal',
    },
  ],
  banners: [],
  videos: [],
};

const snapshot: DisplaySnapshot = {
  branch: { id: 'b1', code: 'JKT01', name: 'KC Jakarta Sudirman', timeZone: 'Asia/Jakarta' },
  serviceDay: '2026-11-22',
  counters: [
    { id: 'c1', name: 'Loket 1', number: 1, serviceIds: ['s1'], current: null },
    { id: 'c2', name: 'Loket 2', number: 2, serviceIds: ['s1'], current: null },
  ],
  services: [{ id: 's1', code: 'A', name: 'Teller', waiting: 4 }],
  recentCalls: [],
  fx: {
    currencies: [
      {
        code: 'USD',
        name: 'US Dollar',
        flag: 'US',
        buy: '15500',
        sell: '15700.125',
        bankNoteBuy: '15450',
        bankNoteSell: '15750',
        ttCounterBuy: null,
        ttCounterSell: null,
      },
    ],
    updatedAt: Date.UTC(2026, 10, 22, 2, 30),
  },
  rates: { products: [{ name: 'Deposito', items: [{ name: '1 bulan', percentage: '4.25' }] }] },
  voice: {
    mode: 'voice_id',
    numberStyle: 'number',
    templateId: null,
    templateEn: null,
    rate: 1,
    pitch: 1,
    volume: 1,
    voiceNameId: null,
    voiceNameEn: null,
    repeat: 1,
  },
};

const called = {
  kind: 'event',
  type: 'ticket.called',
  data: {
    ticket: {
      id: 't12',
      number: 'A012',
      status: 'calling',
      serviceId: 's1',
      counterId: 'c1',
      calledAt: 1000,
      recallCount: 0,
    },
  },
};

function stubConfig(body: DisplayConfig | null, status = 200) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      status === 200
        ? new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Tidak ditemukan' } }), {
            status,
          }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  live.reset();
  window.__antreanSpoken = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DisplayScreen', () => {
  it('says so when its organisation is deactivated, and comes back by itself once it is reactivated', async () => {
    let inactive = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          inactive
            ? new Response(
                JSON.stringify({
                  error: { code: 'TENANT_INACTIVE', message: 'Akun organisasi Anda tidak aktif.' },
                }),
                { status: 403 },
              )
            : new Response(JSON.stringify(config), {
                status: 200,
                headers: { 'content-type': 'application/json' },
              }),
        ),
      ),
    );
    live.push({ kind: 'snapshot', data: snapshot });
    render(<DisplayScreen code="DSP-JKT01" layout="classic" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'KC Jakarta Sudirman' })).toBeInTheDocument();

    // The server cuts the display's topic off with TENANT_INACTIVE; its config is refused too.
    inactive = true;
    act(() => {
      live.error = 'TENANT_INACTIVE';
      live.push({ kind: 'snapshot', data: snapshot });
    });
    expect(await screen.findByText('Layanan organisasi sedang tidak aktif')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Loket 1' })).not.toBeInTheDocument();

    // Reactivated: the retried config loads, the display subscribes afresh and shows the counters.
    inactive = false;
    act(() => {
      live.error = null;
    });
    expect(await screen.findByRole('region', { name: 'Loket 1' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('Layanan organisasi sedang tidak aktif')).not.toBeInTheDocument();
  }, 15000);

  it('shows the FX board from the snapshot with the time of its last update, and a new board at once (fx.updated)', async () => {
    stubConfig(config);
    live.push({ kind: 'snapshot', data: snapshot });
    render(<DisplayScreen code="DSP-JKT01" layout="classic" />);
    const board = await screen.findByRole('region', { name: 'Kurs valuta asing' });
    const usd = within(board).getByRole('row', { name: /USD/ });
    // Exact decimals grouped the Indonesian way; a missing rate is a dash.
    expect(usd).toHaveTextContent('15.500,00');
    expect(usd).toHaveTextContent('15.700,125');
    expect(usd).toHaveTextContent('—');
    // 02:30 UTC is 09:30 in the branch's time zone (Asia/Jakarta).
    expect(within(board).getByText(/Diperbarui 22 Nov.* 09[.:]30/)).toBeInTheDocument();

    act(() =>
      live.push({
        kind: 'event',
        type: 'fx.updated',
        data: {
          currencies: [{ ...snapshot.fx.currencies[0], buy: '16150.5' }],
          updatedAt: Date.UTC(2026, 10, 22, 3, 5),
        },
      }),
    );
    expect(within(board).getByRole('row', { name: /USD/ })).toHaveTextContent('16.150,50');
    expect(within(board).getByText(/Diperbarui 22 Nov.* 10[.:]05/)).toBeInTheDocument();
  });

  it('shows the counters, announces a call in Indonesian and asks for a tap to enable sound', async () => {
    const fetchMock = stubConfig(config);
    live.push({ kind: 'snapshot', data: snapshot });
    render(<DisplayScreen code="DSP-JKT01" layout="classic" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'KC Jakarta Sudirman' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/display/config',
      expect.objectContaining({ headers: expect.objectContaining({ 'X-Display-Code': 'DSP-JKT01' }) }),
    );
    expect(live.topics).toContain('display:DSP-JKT01');
    const overlay = screen.getByRole('dialog', { name: 'Suara pengumuman belum aktif' });
    expect(
      within(overlay).getByRole('button', { name: 'Ketuk untuk mengaktifkan suara' }),
    ).toBeInTheDocument();

    act(() => live.push(called));

    const tile = screen.getByRole('region', { name: 'Loket 1' });
    expect(within(tile).getByText('A012')).toBeInTheDocument();
    expect(within(tile).getByText('Memanggil')).toBeInTheDocument();
    expect(tile).toHaveClass('is-flashing');
    await waitFor(() =>
      expect(window.__antreanSpoken).toEqual([
        { lang: 'id-ID', text: 'Nomor antrian A dua belas, silakan menuju loket satu' },
      ]),
    );
    expect(screen.getByRole('status', { name: 'Pengumuman' })).toHaveTextContent(
      'Nomor antrian A dua belas, silakan menuju loket satu',
    );
    expect(
      within(screen.getByRole('region', { name: 'Panggilan terakhir' })).getByText('A012'),
    ).toBeInTheDocument();
  });

  it('a new voice setting (voice.updated) applies to the next call, without a reload', async () => {
    const fetchMock = stubConfig(config);
    live.push({ kind: 'snapshot', data: snapshot });
    render(<DisplayScreen code="DSP-JKT01" layout="classic" />);
    await screen.findByRole('region', { name: 'Loket 1' });
    act(() => live.push(called));
    await waitFor(() =>
      expect(window.__antreanSpoken?.map((s) => s.text)).toEqual([
        'Nomor antrian A dua belas, silakan menuju loket satu',
      ]),
    );
    const configLoads = fetchMock.mock.calls.length;
    act(() =>
      live.push({
        kind: 'event',
        type: 'voice.updated',
        data: { ...snapshot.voice, numberStyle: 'digits', templateId: 'Antrian {number} ke {counter}' },
      }),
    );
    act(() =>
      live.push({
        ...called,
        data: { ticket: { ...called.data.ticket, id: 't13', number: 'A013', calledAt: 2000 } },
      }),
    );
    await waitFor(() =>
      expect(window.__antreanSpoken?.map((s) => s.text)).toEqual([
        'Nomor antrian A dua belas, silakan menuju loket satu',
        'Antrian A nol satu tiga ke loket satu',
      ]),
    );
    // No reload: the config was not fetched again.
    expect(fetchMock.mock.calls.length).toBe(configLoads);
  });

  it('speaks through speechSynthesis, one call after another, and acks each', async () => {
    const spoken: { text: string; lang: string; rate: number }[] = [];
    class Utterance {
      lang = '';
      rate = 1;
      pitch = 1;
      volume = 1;
      voice: unknown = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public text: string) {}
    }
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    vi.stubGlobal('speechSynthesis', {
      getVoices: () => [],
      cancel: () => undefined,
      speak: (u: Utterance) => {
        spoken.push({ text: u.text, lang: u.lang, rate: u.rate });
        setTimeout(() => u.onend?.(), 10);
      },
    });
    stubConfig(config);
    window.sessionStorage.setItem(SOUND_UNLOCKED_KEY, '1');
    // How to speak comes with the live snapshot.
    live.push({
      kind: 'snapshot',
      data: { ...snapshot, voice: { ...snapshot.voice, mode: 'both', rate: 0.9 } },
    });
    render(<DisplayScreen code="DSP-JKT01" layout="modern" />);
    await screen.findByRole('heading', { level: 1, name: 'KC Jakarta Sudirman' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => {
      live.push(called);
      live.push({
        kind: 'event',
        type: 'ticket.called',
        data: {
          ticket: {
            id: 't13',
            number: 'A013',
            status: 'calling',
            serviceId: 's1',
            counterId: 'c2',
            calledAt: 1001,
            recallCount: 0,
          },
        },
      });
    });

    await waitFor(() =>
      expect(live.sent).toEqual([
        { type: 'ack', ticketId: 't12' },
        { type: 'ack', ticketId: 't13' },
      ]),
    );
    expect(spoken).toEqual([
      { text: 'Nomor antrian A dua belas, silakan menuju loket satu', lang: 'id-ID', rate: 0.9 },
      { text: 'Ticket number A twelve, please proceed to counter one', lang: 'en-US', rate: 0.9 },
      { text: 'Nomor antrian A tiga belas, silakan menuju loket dua', lang: 'id-ID', rate: 0.9 },
      { text: 'Ticket number A thirteen, please proceed to counter two', lang: 'en-US', rate: 0.9 },
    ]);
    expect(window.__antreanSpoken).toHaveLength(4);
    expect(
      within(screen.getByRole('region', { name: 'Sedang dipanggil' })).getByText('A013'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 orang menunggu')).toBeInTheDocument();
  });

  it('the overlay button unlocks the sound and is remembered for the session', async () => {
    stubConfig(config);
    live.push({ kind: 'snapshot', data: snapshot });
    render(<DisplayScreen code="DSP-JKT01" layout="big" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ketuk untuk mengaktifkan suara' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(SOUND_UNLOCKED_KEY)).toBe('1');
  });

  it('pos-display shows only its counter (query fallback) and announces only its calls', async () => {
    stubConfig(config);
    window.history.replaceState(null, '', '/pos-display/DSP-JKT01?counter=c2');
    live.push({ kind: 'snapshot', data: { ...snapshot, voice: { ...snapshot.voice, mode: 'off' } } });
    render(<DisplayScreen code="DSP-JKT01" layout="pos" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loket 2' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => live.push(called));
    expect(screen.queryByText('A012')).not.toBeInTheDocument();
    expect(live.sent).toEqual([]);
    window.history.replaceState(null, '', '/');
  });

  it('shows the offline marker and keeps the last state', async () => {
    stubConfig(config);
    live.status = 'offline';
    live.push({ kind: 'snapshot', data: snapshot });
    render(<DisplayScreen code="DSP-JKT01" layout="classic" />);
    expect(await screen.findByRole('region', { name: 'Loket 1' })).toBeInTheDocument();
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });

  it.each([404, 401])(
    'says so, and how to fix it, when the display code is unknown or disabled (%i)',
    async (status) => {
      stubConfig(null, status);
      live.status = 'offline';
      render(<DisplayScreen code="NOPE" layout="classic" />);
      expect(
        await screen.findByRole('heading', { name: 'Kode perangkat tidak dikenal atau dinonaktifkan' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/NOPE.*\/dashboard\/master\/display/)).toBeInTheDocument();
      expect(screen.queryByText('Offline')).not.toBeInTheDocument();
    },
  );

  it('asks for the code when the address has none', async () => {
    render(<DisplayScreen code={null} layout="modern" />);
    await userEvent.type(screen.getByLabelText('Kode display'), 'DSP-JKT01');
    await userEvent.click(screen.getByRole('button', { name: 'Buka' }));
    expect(window.location.pathname).toBe('/new-display/DSP-JKT01');
    window.history.replaceState(null, '', '/');
  });
});
