import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskConfig } from '@antrean/shared/contracts/devices.contract';
import type { IssuedTicket } from '@antrean/shared/domain/ticket/ticket';
import { DEFAULT_THEME } from '@antrean/shared/domain/theme';
import { setLanguage } from '../common/i18n';
import KioskScreen from './kiosk-screen';
import kiosk from '../../locales-devices/kiosk.json';
import onsite from '../../locales-devices/onsite.json';

type Service = KioskConfig['services'][number];

function service(overrides: Partial<Service>): Service {
  return {
    id: 'svc-teller',
    name: 'Teller',
    code: 'A',
    type: 'walk_in',
    slaSeconds: 600,
    printCount: 1,
    randomCaller: false,
    customerPhoto: false,
    finishButton: true,
    showOnKiosk: true,
    showOnWeb: true,
    showRemainingQueue: true,
    isActive: true,
    subServices: [],
    availability: { open: true, closesAt: Date.now() + 3_600_000, remainingThisHour: 10 },
    waiting: 3,
    ...overrides,
  };
}

/** A Wednesday 10:00 in Jakarta (UTC+7, no DST) and the Monday 08:00 after it: the clock is an input. */
const WEDNESDAY_1000_JAKARTA = Date.UTC(2026, 10, 25, 3, 0);
const NEXT_MONDAY_0800_JAKARTA = Date.UTC(2026, 10, 30, 1, 0);

function config(services: Service[], whatsapp = false): KioskConfig {
  return {
    kiosk: { id: 'kiosk-1', name: 'Kios Lobi', code: 'KIOS-JKT01', paperWidthMm: 80 },
    branch: {
      id: 'branch-1',
      code: 'JKT01',
      name: 'Cabang Jakarta',
      timeZone: 'Asia/Jakarta',
      whatsappVirtualTicket: whatsapp,
    },
    tenantName: 'Bank Demo',
    theme: DEFAULT_THEME,
    idleSeconds: 60,
    services,
  };
}

const issued: IssuedTicket = {
  id: 'ticket-1',
  number: 'A001',
  status: 'waiting',
  serviceId: 'svc-teller',
  branchId: 'branch-1',
  uniqueCode: 'UNIQ12345678',
  issuedAt: Date.now(),
  peopleAhead: 2,
  estimatedWait: { minSeconds: 300, maxSeconds: 720 },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function stubFetch(cfg: KioskConfig, issue: () => Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({
      url,
      method,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    if (url.endsWith('/api/v1/kiosk/config')) return json(cfg);
    if (url.endsWith('/api/v1/kiosk/heartbeat')) return new Response(null, { status: 204 });
    if (method === 'POST' && url.includes('/tickets')) return issue();
    return json({ error: { code: 'NOT_FOUND', message: 'not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, posts: () => calls.filter((c) => c.method === 'POST' && c.url.includes('/tickets')) };
}

beforeEach(() => {
  setLanguage('id');
  vi.spyOn(window, 'print').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('KioskScreen', () => {
  it('issues exactly one ticket for a double tap, with one Idempotency-Key', async () => {
    let release: (r: Response) => void = () => undefined;
    const { posts } = stubFetch(
      config([service({})]),
      () => new Promise<Response>((resolve) => (release = resolve)),
    );
    render(<KioskScreen code="KIOS-JKT01" />);
    const button = await screen.findByRole('button', { name: 'Teller' });
    fireEvent.click(button);
    fireEvent.click(button);
    await act(async () => {
      release(json(issued, 201));
    });
    expect(await screen.findByRole('heading', { name: 'Nomor antrean Anda' })).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(post?.url).toBe('/api/v1/branches/branch-1/tickets');
    expect(post?.headers['X-Kiosk-Code']).toBe('KIOS-JKT01');
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({ serviceId: 'svc-teller', channel: 'kiosk' });
    const main = within(screen.getByRole('main'));
    expect(main.getByText('A001')).toBeInTheDocument();
    expect(main.getByText('2 orang di depan Anda')).toBeInTheDocument();
    expect(main.getByText('Perkiraan menunggu 5–12 menit')).toBeInTheDocument();
    expect(main.getByRole('img', { name: 'Kode QR tiket elektronik' })).toBeInTheDocument();
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
  });

  it('ignores the second tap of a double tap on the step it opens (no ghost choice)', async () => {
    const { posts } = stubFetch(config([service({})], true), async () => json(issued, 201));
    render(<KioskScreen code="KIOS-JKT01" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Teller' }), { detail: 1 });
    const print = await screen.findByRole('button', { name: 'Cetak tiket' });
    // The double tap's second click lands on "Cetak tiket", now under the finger.
    fireEvent.click(print, { detail: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim tiket ke WhatsApp' }), { detail: 2 });
    expect(screen.getByRole('heading', { name: 'Bagaimana Anda ingin menerima tiket?' })).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    // A tap of its own prints.
    fireEvent.click(print, { detail: 1 });
    expect(await screen.findByRole('heading', { name: 'Nomor antrean Anda' })).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });

  it('reuses the key when retrying a failed tap, and takes a new one for the next visitor', async () => {
    let attempt = 0;
    const { posts } = stubFetch(config([service({})]), async () => {
      attempt += 1;
      return attempt === 1
        ? json({ error: { code: 'INTERNAL_ERROR', message: 'boom' } }, 500)
        : json(issued, 201);
    });
    render(<KioskScreen code="KIOS-JKT01" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Teller' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Terjadi gangguan');
    fireEvent.click(screen.getByRole('button', { name: 'Teller' }));
    await screen.findByRole('heading', { name: 'Nomor antrean Anda' });
    fireEvent.click(screen.getByRole('button', { name: 'Selesai' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Teller' }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    const keys = posts().map((p) => p.headers['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows a closed service disabled with its reason and next opening time (weekday and date)', async () => {
    const nextOpenAt = NEXT_MONDAY_0800_JAKARTA;
    const { posts } = stubFetch(
      config([
        service({}),
        service({
          id: 'svc-cs',
          name: 'Customer Service',
          code: 'B',
          availability: { open: false, reason: 'holiday', nextOpenAt },
        }),
      ]),
      async () => json(issued, 201),
    );
    render(<KioskScreen code="KIOS-JKT01" now={() => WEDNESDAY_1000_JAKARTA} />);
    const closed = await screen.findByRole('button', { name: 'Customer Service' });
    expect(closed).toBeDisabled();
    expect(closed).toHaveAccessibleDescription('Libur · Buka lagi Senin 30 November 08.00');
    fireEvent.click(closed);
    expect(posts()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Teller' })).toBeEnabled();
    expect(screen.queryByText(/Cabang sedang tutup/)).not.toBeInTheDocument();
  });

  it('asks for a sub service, then print or WhatsApp when the branch allows it', async () => {
    const { posts } = stubFetch(
      config([service({ subServices: [{ id: 'sub-1', name: 'Setor tunai', isActive: true }] })], true),
      async () => json(issued, 201),
    );
    render(<KioskScreen code="KIOS-JKT01" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Teller' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Setor tunai' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Kirim tiket ke WhatsApp' }));
    const input = screen.getByLabelText('Nomor WhatsApp');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim tiket' }));
    expect(await screen.findByText(/Nomor WhatsApp tidak valid/)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    fireEvent.change(input, { target: { value: '081234567890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim tiket' }));
    expect(await screen.findByText('Tiket dikirim ke WhatsApp 081234567890.')).toBeInTheDocument();
    expect(posts()[0]?.body).toEqual({
      serviceId: 'svc-teller',
      subServiceId: 'sub-1',
      channel: 'kiosk',
      phone: '081234567890',
    });
    expect(window.print).not.toHaveBeenCalled();
  });

  it('shows the offline banner and refuses to issue while the browser is offline', async () => {
    const { posts } = stubFetch(config([service({})]), async () => json(issued, 201));
    render(<KioskScreen code="KIOS-JKT01" />);
    const button = await screen.findByRole('button', { name: 'Teller' });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Koneksi terputus — mencoba lagi…');
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(posts()).toHaveLength(0);
  });

  it('checks in a booking by code typed on the keypad', async () => {
    const checkedIn = {
      id: 'ticket-9',
      number: 'A009',
      serviceId: 'svc-teller',
      subServiceId: null,
      uniqueCode: 'BOOKUNIQ1234',
      status: 'waiting',
      issuedAt: Date.now(),
    };
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        await Promise.resolve();
        if (input.endsWith('/api/v1/kiosk/config')) return json(config([service({})]));
        calls.push({ url: input, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        const code = (calls.at(-1)?.body as { bookingCode: string }).bookingCode;
        return code === 'AB12' ? json(checkedIn) : json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
      }),
    );
    render(<KioskScreen code="KIOS-JKT01" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check-in booking' }));
    for (const key of ['A', 'B', '1', '3']) fireEvent.click(screen.getByRole('button', { name: key }));
    fireEvent.click(screen.getByRole('button', { name: 'Hapus satu karakter' }));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(screen.getByLabelText('Kode booking')).toHaveValue('AB12');
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
    expect(await screen.findByRole('heading', { name: 'Check-in berhasil' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('A009')).toBeInTheDocument();
    expect(calls[0]).toEqual({ url: '/api/v1/branches/branch-1/check-in', body: { bookingCode: 'AB12' } });
  });

  describe('when every service of the branch is closed', () => {
    /** Jakarta is UTC+7 all year: these instants are fixed, whatever the machine's time zone. */
    const SATURDAY_2330_JAKARTA = Date.UTC(2026, 10, 28, 16, 30);
    const SUNDAY_0800_JAKARTA = Date.UTC(2026, 10, 29, 1, 0);
    const MONDAY_0759_JAKARTA = Date.UTC(2026, 10, 30, 0, 59);
    const MONDAY_0800_JAKARTA = NEXT_MONDAY_0800_JAKARTA;
    const NEW_YEARS_EVE_235959_JAKARTA = Date.UTC(2026, 11, 31, 16, 59, 59);
    const JANUARY_1_0800_JAKARTA = Date.UTC(2027, 0, 1, 1, 0);
    const JANUARY_2_0800_JAKARTA = Date.UTC(2027, 0, 2, 1, 0);

    function closedBranch(nextOpenAt: number | null, later = nextOpenAt): KioskConfig {
      return config([
        service({ availability: { open: false, reason: 'closed', nextOpenAt } }),
        service({
          id: 'svc-cs',
          name: 'Customer Service',
          code: 'B',
          availability: { open: false, reason: 'holiday', nextOpenAt: later },
        }),
      ]);
    }

    it.each([
      [
        'Monday 07:59, opening at 08:00',
        MONDAY_0759_JAKARTA,
        MONDAY_0800_JAKARTA,
        'Cabang sedang tutup · buka lagi hari ini 08.00',
      ],
      [
        'Saturday 23:30, opening Sunday 08:00',
        SATURDAY_2330_JAKARTA,
        SUNDAY_0800_JAKARTA,
        'Cabang sedang tutup · buka lagi besok 08.00',
      ],
      [
        'Saturday 23:30, opening Monday 08:00',
        SATURDAY_2330_JAKARTA,
        MONDAY_0800_JAKARTA,
        'Cabang sedang tutup · buka lagi Senin 30 November 08.00',
      ],
      [
        '31 December 23:59:59, opening 1 January 08:00',
        NEW_YEARS_EVE_235959_JAKARTA,
        JANUARY_1_0800_JAKARTA,
        'Cabang sedang tutup · buka lagi besok 08.00',
      ],
      [
        '31 December 23:59:59, opening 2 January 08:00',
        NEW_YEARS_EVE_235959_JAKARTA,
        JANUARY_2_0800_JAKARTA,
        'Cabang sedang tutup · buka lagi Sabtu 2 Januari 08.00',
      ],
    ])('says so once for the branch (%s)', async (_when, now, nextOpenAt, text) => {
      stubFetch(closedBranch(nextOpenAt, nextOpenAt + 3_600_000), async () => json(issued, 201));
      render(<KioskScreen code="KIOS-JKT01" now={() => now} />);
      expect(await screen.findByText(text)).toBeInTheDocument();
      // Once for the branch: no service buttons repeating it, the earliest opening wins.
      expect(screen.queryByRole('button', { name: 'Teller' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Tutup ·|Libur ·/)).not.toBeInTheDocument();
    });

    it('says it in English, and without a time when none is known', async () => {
      stubFetch(closedBranch(MONDAY_0800_JAKARTA), async () => json(issued, 201));
      const { unmount } = render(<KioskScreen code="KIOS-JKT01" now={() => MONDAY_0759_JAKARTA} />);
      await screen.findByText('Cabang sedang tutup · buka lagi hari ini 08.00');
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
      expect(screen.getByText('The branch is closed · opens again today 08:00')).toBeInTheDocument();
      unmount();
      setLanguage('id');
      stubFetch(closedBranch(null), async () => json(issued, 201));
      render(<KioskScreen code="KIOS-JKT01" now={() => MONDAY_0759_JAKARTA} />);
      expect(await screen.findByText('Cabang sedang tutup')).toBeInTheDocument();
    });

    it('lists the services when one is only full for this hour (the branch is open)', async () => {
      stubFetch(
        config([
          service({ availability: { open: false, reason: 'closed', nextOpenAt: MONDAY_0800_JAKARTA } }),
          service({
            id: 'svc-cs',
            name: 'Customer Service',
            code: 'B',
            availability: { open: false, reason: 'full', nextOpenAt: null },
          }),
        ]),
        async () => json(issued, 201),
      );
      render(<KioskScreen code="KIOS-JKT01" now={() => MONDAY_0759_JAKARTA} />);
      expect(await screen.findByRole('button', { name: 'Teller' })).toHaveAccessibleDescription(
        'Tutup · Buka lagi hari ini 08.00',
      );
      expect(screen.queryByText(/Cabang sedang tutup/)).not.toBeInTheDocument();
    });
  });

  it.each([401, 404])(
    'explains an unknown or disabled code (%i) and stops asking the server',
    async (status) => {
      vi.useFakeTimers();
      const fetchMock = vi.fn(async () =>
        json({ error: { code: status === 401 ? 'AUTH_REQUIRED' : 'NOT_FOUND', message: 'x' } }, status),
      );
      vi.stubGlobal('fetch', fetchMock);
      render(<KioskScreen code="KIOS-NOPE" />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      expect(
        screen.getByRole('heading', { name: 'Kode perangkat tidak dikenal atau dinonaktifkan' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/KIOS-NOPE/)).toBeInTheDocument();
      expect(screen.getByText(/\/dashboard\/master\/display/)).toBeInTheDocument();
      expect(screen.queryByText('Koneksi terputus — mencoba lagi…')).not.toBeInTheDocument();
      const calls = fetchMock.mock.calls.length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(120_000);
      });
      expect(fetchMock.mock.calls.length).toBe(calls);
    },
  );

  it('shows the offline marker when the server goes down, and clears it when it is back', async () => {
    vi.useFakeTimers();
    let down = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (down) throw new TypeError('Failed to fetch');
      return String(input).endsWith('/heartbeat')
        ? new Response(null, { status: 204 })
        : json(config([service({})]));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<KioskScreen code="KIOS-JKT01" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    const button = screen.getByRole('button', { name: 'Teller' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    down = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Koneksi terputus — mencoba lagi…');
    expect(within(screen.getByRole('banner')).getByText('Offline')).toBeInTheDocument();
    expect(button).toBeDisabled();
    down = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByText('Offline')).not.toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('shows the offline marker when a proxy answers 502 with an HTML page', async () => {
    vi.useFakeTimers();
    let down = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (down) {
          return new Response('<html>Bad Gateway</html>', {
            status: 502,
            headers: { 'content-type': 'text/html' },
          });
        }
        return String(input).endsWith('/heartbeat')
          ? new Response(null, { status: 204 })
          : json(config([service({})]));
      }),
    );
    render(<KioskScreen code="KIOS-JKT01" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    down = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Koneksi terputus — mencoba lagi…');
  });

  it('asks for the kiosk code when the URL has none', () => {
    render(<KioskScreen code={null} />);
    expect(screen.getByLabelText('Kode kios')).toBeInTheDocument();
  });
});

describe('device catalogues', () => {
  it.each([
    ['kiosk.json', kiosk],
    ['onsite.json', onsite],
  ])('%s has the same keys in id and en', (_name, catalogue) => {
    expect(Object.keys(catalogue.en).sort()).toEqual(Object.keys(catalogue.id).sort());
    for (const value of [...Object.values(catalogue.id), ...Object.values(catalogue.en)]) {
      expect(value).not.toBe('');
    }
  });
});
