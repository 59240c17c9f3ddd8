import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnSiteConfig } from '@antrean/shared/contracts/devices.contract';
import type { IssuedTicket, PublicTicket } from '@antrean/shared/domain/ticket/ticket';
import { DEFAULT_THEME } from '@antrean/shared/domain/theme';
import type { LiveMessage } from '@/lib/use-live';
import { setLanguage } from '../common/i18n';
import onsiteCatalogue from '../../locales-devices/onsite.json';

interface LiveStub {
  snapshot: unknown;
  status: 'online' | 'offline' | 'connecting';
}
const live = vi.hoisted((): LiveStub => ({ snapshot: null, status: 'online' }));

vi.mock('@/lib/use-live', () => ({
  useLiveStatus: () => live.status,
  useLiveTopic: (topic: string | null, reduce: (s: unknown, m: LiveMessage) => unknown) =>
    topic && live.snapshot
      ? { state: reduce(undefined, { kind: 'snapshot', data: live.snapshot }), error: null, version: 1 }
      : { state: undefined, error: null, version: 0 },
}));

const { default: ETicketScreen } = await import('./eticket-screen');
const { default: OnSiteScreen } = await import('./onsite-screen');

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const publicTicket: PublicTicket = {
  number: 'A001',
  status: 'waiting',
  serviceDay: '2026-11-22',
  service: { id: 'svc-teller', name: 'Teller', code: 'A' },
  branch: { id: 'branch-1', name: 'Cabang Jakarta', code: 'JKT01', timeZone: 'Asia/Jakarta' },
  peopleAhead: 0,
  estimatedWait: { minSeconds: 60, maxSeconds: 240 },
  counter: null,
  issuedAt: Date.now(),
  calledAt: null,
};

beforeEach(() => {
  setLanguage('id');
  live.snapshot = null;
  live.status = 'online';
});

describe('ETicketScreen', () => {
  it('shows "Silakan menuju Loket 1" when the live ticket is calling at Loket 1', async () => {
    const calling: PublicTicket = {
      ...publicTicket,
      status: 'calling',
      counter: { id: 'counter-1', name: 'Loket 1', number: 1 },
      calledAt: Date.now(),
    };
    live.snapshot = calling;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(calling)),
    );
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
    render(<ETicketScreen uniqueCode="UNIQ12345678" />);
    expect(await screen.findByText('Silakan menuju Loket 1')).toBeInTheDocument();
    expect(screen.getByText('A001')).toBeInTheDocument();
    expect(screen.getByText('Terhubung')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aktifkan suara' })).toBeInTheDocument();
    await waitFor(() => expect(vibrate).toHaveBeenCalledWith([300, 100, 300]));
  });

  it('shows people ahead and the estimated wait while waiting, and the offline marker', async () => {
    live.status = 'offline';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ...publicTicket, peopleAhead: 4 })),
    );
    render(<ETicketScreen uniqueCode="UNIQ12345678" />);
    expect(await screen.findByText('4 orang di depan Anda')).toBeInTheDocument();
    expect(screen.getByText('Perkiraan menunggu 1–4 menit')).toBeInTheDocument();
    expect(screen.getByText('Menunggu dipanggil')).toBeInTheDocument();
    expect(screen.getByText('Offline, menyambung ulang…')).toBeInTheDocument();
  });

  it('says when the ticket does not exist', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404)),
    );
    render(<ETicketScreen uniqueCode="NOPE12345678" />);
    expect(await screen.findByRole('heading', { name: 'Tiket tidak ditemukan' })).toBeInTheDocument();
  });
});

describe('OnSiteScreen', () => {
  const config: OnSiteConfig = {
    branch: {
      id: 'branch-1',
      code: 'JKT01',
      name: 'Cabang Jakarta',
      timeZone: 'Asia/Jakarta',
      whatsappVirtualTicket: true,
    },
    tenantName: 'Bank Demo',
    theme: DEFAULT_THEME,
    services: [
      {
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
        availability: { open: true, closesAt: Date.now() + 3_600_000, remainingThisHour: 5 },
        waiting: 2,
      },
    ],
  };
  const issued: IssuedTicket = {
    id: 'ticket-1',
    number: 'A001',
    status: 'waiting',
    serviceId: 'svc-teller',
    branchId: 'branch-1',
    uniqueCode: 'UNIQ12345678',
    issuedAt: Date.now(),
    peopleAhead: 0,
    estimatedWait: { minSeconds: 0, maxSeconds: 0 },
  };

  it('takes one ticket for a double tap and goes to the e-ticket', async () => {
    let release: (r: Response) => void = () => undefined;
    const posts: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(init);
          return new Promise<Response>((resolve) => (release = resolve));
        }
        expect(String(input)).toBe('/api/v1/public/branches/branch-1/on-site');
        return json(config);
      }),
    );
    const popstate = vi.fn();
    window.addEventListener('popstate', popstate);
    render(<OnSiteScreen branchId="branch-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Teller' }));
    const take = screen.getByRole('button', { name: 'Ambil tiket' });
    fireEvent.click(take);
    fireEvent.click(take);
    release(json(issued, 201));
    await waitFor(() => expect(window.location.pathname).toBe('/eticket-on-site/UNIQ12345678'));
    expect(posts).toHaveLength(1);
    expect((posts[0]?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(popstate).toHaveBeenCalled();
    window.removeEventListener('popstate', popstate);
    window.history.replaceState(null, '', '/');
  });

  it('opens by the branch code as people type it, and issues at the branch id the server answers with', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        urls.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return init?.method === 'POST' ? json(issued, 201) : json(config);
      }),
    );
    render(<OnSiteScreen branchId="jkt01" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Teller' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ambil tiket' }));
    await waitFor(() => expect(window.location.pathname).toBe('/eticket-on-site/UNIQ12345678'));
    expect(urls).toEqual([
      'GET /api/v1/public/branches/jkt01/on-site',
      'POST /api/v1/public/branches/branch-1/tickets',
    ]);
    window.history.replaceState(null, '', '/');
  });

  it.each([400, 404])(
    'says the branch is unknown (not a network error) when the server answers %i',
    async (status) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          json({ error: { code: status === 400 ? 'VALIDATION_FAILED' : 'NOT_FOUND', message: 'x' } }, status),
        ),
      );
      render(<OnSiteScreen branchId="???" />);
      expect(
        await screen.findByRole('heading', { name: onsiteCatalogue.id['branch.notFound'] }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );
});
