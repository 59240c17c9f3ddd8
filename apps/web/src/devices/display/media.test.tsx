import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisplayConfig } from '@antrean/shared/contracts/devices.contract';
import { DEFAULT_THEME } from '@antrean/shared/domain/theme';
import { Marquee, MediaArea } from './media';
import type { Translate } from './parts';

const t: Translate = (key) => key;

const banner = (n: number, seconds = 5) => ({
  id: `01a2010e-3799-7000-8000-00000000b00${n}`,
  name: `Banner ${n}`,
  url: `/api/v1/public/media/b${n}`,
  durationSeconds: seconds,
});
const video = (n: number) => ({
  id: `01a2010e-3799-7000-8000-00000000c00${n}`,
  name: `Video ${n}`,
  url: `/api/v1/public/media/v${n}`,
});

function configWith(media: Pick<DisplayConfig, 'banners' | 'videos'>): DisplayConfig {
  return {
    display: { id: 'd', name: 'D', code: 'DSP', layout: 'classic', counterId: null, serviceIds: [] },
    branch: { id: 'b', code: 'B', name: 'Cabang', timeZone: 'Asia/Jakarta', whatsappVirtualTicket: false },
    tenantName: 'Bank Nusantara',
    theme: { ...DEFAULT_THEME, logoUrl: null, faviconUrl: null },
    voice: { mode: 'off', rate: 1, pitch: 1, volume: 1, voiceNameId: null, voiceNameEn: null, repeat: 1 },
    runningTexts: [],
    ...media,
  };
}

/** The item on screen and the one loaded under it. */
function onScreen() {
  const current = document.querySelector('.dsp-media-item.is-current')?.getAttribute('data-media-id') ?? null;
  const next = document.querySelector('.dsp-media-item.is-next')?.getAttribute('data-media-id') ?? null;
  return { current, next };
}

describe('the media area (jsdom: no Cache API, files from the network)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom does not play media: the element's play/pause are observed, not run.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('plays banners for their seconds, then videos to their end, and loops; the next is always loaded underneath', () => {
    render(
      <MediaArea config={configWith({ banners: [banner(1, 4), banner(2, 6)], videos: [video(1)] })} t={t} />,
    );
    expect(onScreen()).toEqual({ current: banner(1).id, next: banner(2).id });
    act(() => {
      vi.advanceTimersByTime(3_999);
    });
    expect(onScreen().current).toBe(banner(1).id);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onScreen()).toEqual({ current: banner(2).id, next: video(1).id });
    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    expect(onScreen()).toEqual({ current: video(1).id, next: banner(1).id });
    const playing = screen.getByLabelText('Video 1');
    expect(playing).toHaveProperty('muted', true);
    expect(playing.hasAttribute('playsinline')).toBe(true);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    // A video is not timed: it plays to its end.
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onScreen().current).toBe(video(1).id);
    fireEvent.ended(playing);
    expect(onScreen()).toEqual({ current: banner(1).id, next: banner(2).id });
  });

  it('skips a file that does not load, silently; with nothing left, shows the tenant', () => {
    render(<MediaArea config={configWith({ banners: [banner(1), banner(2)], videos: [] })} t={t} />);
    const second = document.querySelector(`[data-media-id="${banner(2).id}"]`);
    if (!second) throw new Error('the next banner is not preloaded');
    fireEvent.error(second);
    expect(onScreen()).toEqual({ current: banner(1).id, next: null });
    expect(screen.queryByRole('alert')).toBeNull();
    const first = document.querySelector(`[data-media-id="${banner(1).id}"]`);
    if (!first) throw new Error('no banner on screen');
    fireEvent.error(first);
    expect(onScreen()).toEqual({ current: null, next: null });
    expect(screen.getByText('Bank Nusantara')).toBeTruthy();
  });

  it('loops a single video by itself', () => {
    render(<MediaArea config={configWith({ banners: [], videos: [video(2)] })} t={t} />);
    expect(screen.getByLabelText('Video 2')).toHaveProperty('loop', true);
    expect(onScreen()).toEqual({ current: video(2).id, next: null });
  });
});

describe('the running texts', () => {
  const texts: DisplayConfig['runningTexts'] = [
    { id: '01a2010e-3799-7000-8000-00000000e001', content: 'Selamat datang di cabang', speed: 'slow' },
    { id: '01a2010e-3799-7000-8000-00000000e002', content: 'Jam layanan 08.00-15.00', speed: 'fast' },
  ];

  it('shows one text at a time, each at its own speed, the next after it crossed', () => {
    render(<Marquee texts={texts} t={t} />);
    const track = () => document.querySelector('.dsp-marquee-track');
    expect(track()?.textContent).toBe('Selamat datang di cabang');
    expect(track()?.getAttribute('data-speed')).toBe('slow');
    const first = track();
    if (!first) throw new Error('no marquee');
    // jsdom has no AnimationEvent: React listens for the prefixed name there.
    act(() => {
      first.dispatchEvent(new Event('webkitAnimationEnd', { bubbles: true }));
    });
    expect(track()?.textContent).toBe('Jam layanan 08.00-15.00');
    expect(track()?.getAttribute('data-speed')).toBe('fast');
  });

  it('shows nothing without texts', () => {
    const { container } = render(<Marquee texts={[]} t={t} />);
    expect(container.innerHTML).toBe('');
  });
});
