import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useMemo, useReducer } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskConfig } from '@antrean/shared/contracts/devices.contract';
import { DEFAULT_THEME } from '@antrean/shared/domain/theme';
import type { LiveMessage } from '@/lib/use-live';
import { setLanguage } from '../common/i18n';
import KioskScreen from './kiosk-screen';

/** A fake live socket: the test pushes frames of a topic; the mocked hook folds them like the real one. */
const live = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  return {
    topics: [] as (string | null)[],
    messages: [] as { topic: string; message: unknown }[],
    push(topic: string, message: unknown) {
      this.messages.push({ topic, message });
      for (const l of listeners) l();
    },
    listeners,
  };
});

vi.mock('@/lib/use-live', () => ({
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
    const mine = live.messages.filter((m) => m.topic === topic);
    const version = mine.length;
    const state = useMemo(() => {
      let folded: T | undefined;
      for (const { message } of mine) folded = reduce(folded, message as LiveMessage);
      return folded;
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [version]);
    return { state, error: null, version };
  },
}));

type Service = KioskConfig['services'][number];
const service = (id: string, name: string, code: string): Service => ({
  id,
  name,
  code,
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
  waiting: 0,
});
const config = (services: Service[]): KioskConfig => ({
  kiosk: { id: 'kiosk-1', name: 'Kios Lobi', code: 'KIOS-JKT01', paperWidthMm: 80 },
  branch: {
    id: 'branch-1',
    code: 'JKT01',
    name: 'Cabang Jakarta',
    timeZone: 'Asia/Jakarta',
    whatsappVirtualTicket: false,
  },
  tenantName: 'Dinas Kependudukan',
  theme: DEFAULT_THEME,
  idleSeconds: 60,
  services,
});

const KK = service('svc-kk', 'Kartu Keluarga', 'K');
const KTP = service('svc-ktp', 'KTP Elektronik', 'E');

beforeEach(() => {
  setLanguage('id');
  live.topics.length = 0;
  live.messages.length = 0;
});

describe('kiosk: the catalogue changes live', () => {
  it('reloads its services on catalog.changed, so a deactivated service leaves at once', async () => {
    let served = config([KK, KTP]);
    const configReads = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/api/v1/kiosk/config')) {
          configReads();
          return new Response(JSON.stringify(served), { headers: { 'content-type': 'application/json' } });
        }
        return new Response(null, { status: 204 });
      }),
    );
    render(<KioskScreen code="KIOS-JKT01" />);
    expect(await screen.findByRole('button', { name: 'KTP Elektronik' })).toBeInTheDocument();
    expect(live.topics).toContain('kiosk:KIOS-JKT01');
    const topic = 'kiosk:KIOS-JKT01';
    // The subscription's first snapshot re-reads nothing (the configuration was just loaded).
    act(() => live.push(topic, { kind: 'snapshot', data: { branchId: 'branch-1' } }));
    expect(configReads).toHaveBeenCalledTimes(1);
    // Other events of the topic do not reload either.
    act(() => live.push(topic, { kind: 'event', type: 'ticket.issued', data: {} }));
    expect(configReads).toHaveBeenCalledTimes(1);

    // The admin deactivates "KTP Elektronik": the server announces it, the kiosk reads again.
    served = config([KK]);
    act(() => live.push(topic, { kind: 'event', type: 'catalog.changed', data: { serviceId: 'svc-ktp' } }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'KTP Elektronik' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Kartu Keluarga' })).toBeInTheDocument();
    expect(configReads).toHaveBeenCalledTimes(2);

    // After a reconnect (a fresh snapshot) it reads again: it may have missed events meanwhile.
    served = config([KK, KTP]);
    act(() => live.push(topic, { kind: 'snapshot', data: { branchId: 'branch-1' } }));
    expect(await screen.findByRole('button', { name: 'KTP Elektronik' })).toBeInTheDocument();
  });
});

describe('kiosk: the theme changes live', () => {
  it("shows a new theme's renamed labels and background image on theme.updated, in both languages", async () => {
    let served = config([KK]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/api/v1/kiosk/config')) {
          return new Response(JSON.stringify(served), { headers: { 'content-type': 'application/json' } });
        }
        return new Response(null, { status: 204 });
      }),
    );
    const { container } = render(<KioskScreen code="KIOS-JKT01" />);
    expect(await screen.findByRole('button', { name: 'Ambil antrean' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pilih layanan' })).toBeInTheDocument();
    const root = () => container.querySelector<HTMLElement>('.kiosk-root');
    expect(root()?.style.backgroundImage).toBe('none');
    act(() => live.push('kiosk:KIOS-JKT01', { kind: 'snapshot', data: { branchId: 'branch-1' } }));

    served = {
      ...config([KK]),
      theme: {
        ...DEFAULT_THEME,
        backgroundUrl: '/api/v1/public/branding/bg-1',
        // Only the Indonesian text of the heading is renamed: English keeps the product's.
        labels: {
          kioskServicesTab: { id: 'Ambil Nomor', en: 'Get your number' },
          kioskServicesTitle: { id: 'Mau ke mana?' },
        },
      },
    };
    act(() =>
      live.push('kiosk:KIOS-JKT01', { kind: 'event', type: 'theme.updated', data: { themeId: 't-1' } }),
    );
    expect(await screen.findByRole('button', { name: 'Ambil Nomor' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mau ke mana?' })).toBeInTheDocument();
    expect(root()?.style.backgroundImage).toContain('url("/api/v1/public/branding/bg-1")');

    act(() => setLanguage('en'));
    expect(await screen.findByRole('button', { name: 'Get your number' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose a service' })).toBeInTheDocument();
  });
});

describe('kiosk: its own settings change live', () => {
  it('reads its configuration again on kiosk.updated: the services chosen for it, without a reload', async () => {
    let served = config([KK, KTP]);
    const configReads = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/api/v1/kiosk/config')) {
          configReads();
          return new Response(JSON.stringify(served), { headers: { 'content-type': 'application/json' } });
        }
        return new Response(null, { status: 204 });
      }),
    );
    render(<KioskScreen code="KIOS-JKT01" />);
    expect(await screen.findByRole('button', { name: 'KTP Elektronik' })).toBeInTheDocument();
    const topic = 'kiosk:KIOS-JKT01';
    act(() => live.push(topic, { kind: 'snapshot', data: { branchId: 'branch-1' } }));
    // The admin keeps only Kartu Keluarga on this kiosk and renames it.
    served = { ...config([KK]), kiosk: { ...config([KK]).kiosk, name: 'Kios Pintu', paperWidthMm: 58 } };
    act(() => live.push(topic, { kind: 'event', type: 'kiosk.updated', data: { kioskId: 'kiosk-1' } }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'KTP Elektronik' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Kartu Keluarga' })).toBeInTheDocument();
    expect(configReads).toHaveBeenCalledTimes(2);
  });
});
