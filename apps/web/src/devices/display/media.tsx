import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import type { DisplayConfig } from '@antrean/shared/contracts/devices.contract';
import { RUNNING_TEXT_PX_PER_SECOND } from '@antrean/shared/domain/running-text-speed';
import { useMediaSources } from './media-cache';
import type { Translate } from './parts';

interface MediaItem {
  kind: 'image' | 'video';
  id: string;
  name: string;
  url: string;
  /** Images: seconds on screen. */
  seconds: number;
}

/** The playlist: banners then videos, in the admin's order (the server sorted and filtered them). */
function playlistOf(config: DisplayConfig): MediaItem[] {
  return [
    ...config.banners.flatMap((b) =>
      b.url
        ? [{ kind: 'image' as const, id: b.id, name: b.name, url: b.url, seconds: b.durationSeconds }]
        : [],
    ),
    ...config.videos.flatMap((v) =>
      v.url ? [{ kind: 'video' as const, id: v.id, name: v.name, url: v.url, seconds: 0 }] : [],
    ),
  ];
}

function PlaylistVideo({
  item,
  src,
  current,
  loop,
  onEnded,
  onBroken,
}: {
  item: MediaItem;
  src: string;
  current: boolean;
  loop: boolean;
  onEnded: () => void;
  onBroken: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (current) {
      // Muted, so the autoplay rules allow it; a refusal leaves the frame shown (no error).
      video.play().catch(() => undefined);
    } else {
      video.pause();
      if (video.currentTime > 0) video.currentTime = 0;
    }
  }, [current]);
  return (
    <video
      ref={ref}
      className={`dsp-media-item${current ? ' is-current' : ' is-next'}`}
      src={src}
      aria-label={item.name}
      aria-hidden={current ? undefined : true}
      muted
      playsInline
      preload="auto"
      autoPlay={current}
      loop={loop}
      onEnded={current ? onEnded : undefined}
      onError={onBroken}
      data-media-id={item.id}
    />
  );
}

/**
 * The media area's playlist: banners (each for its seconds) then videos (muted, autoplay, inline,
 * each to its end), looping. The next item is already in the page under the current one, loaded
 * (`preload`), and takes its place by a swap of visibility: no black frame between items. A file
 * that fails to load is dropped from the rotation without a word; with nothing playable the
 * tenant's logo or name stays. Files play from the display's cache (`useMediaSources`).
 */
export function MediaArea({ config, t }: { config: DisplayConfig; t: Translate }) {
  const items = useMemo(() => playlistOf(config), [config]);
  const sources = useMediaSources(useMemo(() => items.map((i) => i.url), [items]));
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const playable = items.filter((i) => sources[i.url] !== undefined && !broken.has(i.id));
  const [position, setPosition] = useState<{ id: string | null }>({ id: null });

  // The current item: the one playing if it is still in the playlist, else the first.
  const index = Math.max(
    0,
    playable.findIndex((i) => i.id === position.id),
  );
  const current = playable[index];
  const next = playable.length > 1 ? playable[(index + 1) % playable.length] : undefined;
  const nextId = next?.id ?? null;
  const advance = () => {
    setPosition({ id: nextId });
  };
  const markBroken = (id: string) => {
    setBroken((previous) => new Set(previous).add(id));
  };

  const imageSeconds = current?.kind === 'image' ? current.seconds : null;
  const currentId = current?.id;
  useEffect(() => {
    if (imageSeconds === null || nextId === null) return undefined;
    const timer = setTimeout(
      () => {
        setPosition({ id: nextId });
      },
      Math.max(1, imageSeconds) * 1000,
    );
    return () => clearTimeout(timer);
  }, [currentId, imageSeconds, nextId]);

  const shown = [current, next].filter((i): i is MediaItem => i !== undefined);
  return (
    <section className="dsp-media" aria-label={t('media')}>
      {!current && (
        <div className="dsp-media-empty">
          {config.theme.logoUrl ? (
            <img src={config.theme.logoUrl} alt={config.tenantName} />
          ) : (
            <span>{config.tenantName}</span>
          )}
        </div>
      )}
      {shown.map((item) => {
        const isCurrent = item.id === current?.id;
        const src = sources[item.url] ?? item.url;
        return item.kind === 'image' ? (
          <img
            key={item.id}
            className={`dsp-media-item${isCurrent ? ' is-current' : ' is-next'}`}
            src={src}
            alt={isCurrent ? item.name : ''}
            aria-hidden={isCurrent ? undefined : true}
            onError={() => markBroken(item.id)}
            data-media-id={item.id}
          />
        ) : (
          <PlaylistVideo
            key={item.id}
            item={item}
            src={src}
            current={isCurrent}
            loop={playable.length === 1}
            onEnded={advance}
            onBroken={() => markBroken(item.id)}
          />
        );
      })}
    </section>
  );
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The running texts, one after the other, each crossing the screen at its own speed (pixels per
 * second, so a long text takes longer, not faster); one text loops. Under prefers-reduced-motion
 * each stands still for 8 s (display.css).
 */
export function Marquee({ texts, t }: { texts: DisplayConfig['runningTexts']; t: Translate }) {
  const items = texts.filter((s) => s.content.trim());
  const [turn, setTurn] = useState(0);
  const item = items.length > 0 ? items[turn % items.length] : undefined;
  const track = useRef<HTMLDivElement>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  const content = item?.content ?? '';
  const speed = item?.speed ?? 'normal';
  useLayoutEffect(() => {
    const width = track.current?.scrollWidth ?? 0;
    // The track is the screen's width of padding plus the text (jsdom measures nothing).
    setSeconds(width > 0 ? width / RUNNING_TEXT_PX_PER_SECOND[speed] : Math.max(8, content.length * 0.3));
  }, [content, speed]);
  const many = items.length > 1;
  const nextTurn = useCallback(() => setTurn((n) => n + 1), []);
  useEffect(() => {
    if (!many || !prefersReducedMotion()) return undefined;
    const timer = setTimeout(nextTurn, 8_000);
    return () => clearTimeout(timer);
  }, [many, turn, nextTurn]);
  if (!item) return null;
  const style: CSSProperties = {
    '--dsp-marquee-duration': `${seconds ?? 0}s`,
    animationIterationCount: many ? 1 : 'infinite',
    visibility: seconds === null ? 'hidden' : undefined,
  };
  return (
    <footer className="dsp-marquee" aria-label={t('runningText')}>
      <div
        key={`${item.id}-${turn}`}
        ref={track}
        className="dsp-marquee-track"
        style={style}
        onAnimationEnd={many ? nextTurn : undefined}
        data-speed={item.speed}
      >
        <span>{item.content}</span>
      </div>
    </footer>
  );
}
