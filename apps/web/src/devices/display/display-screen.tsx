import './display.css';
import { memo, useCallback, useEffect, useId, useRef, useState, type CSSProperties, type JSX } from 'react';
import type { DisplayConfig } from '@antrean/shared/contracts/devices.contract';
import { displayPath, type DisplayLayout } from '@antrean/shared/common/device-paths';
import type { Language } from '@antrean/shared/i18n/lang';
import { useLiveConnection, useLiveStatus, useLiveTopic } from '@/lib/use-live';
import type { LiveConnection } from '@/lib/live';
import { backdrop } from '@antrean/shared/common/contrast';
import { useT, useThemeLabels } from '../common/i18n';
import { useFavicon } from '../common/use-favicon';
import catalogues from '../../locales-devices/display.json';
import { Announcer, audioAllowedWithoutGesture, unlockAudio, type VoiceSettings } from './announcer';
import { readableOn } from './contrast';
import { hasSnapshot, reduceDisplay, type DisplayState } from './display-state';
import { BigLayout, ClassicLayout, ModernLayout, PosLayout } from './layouts';
import type { LayoutProps, Translate } from './parts';
import { CONFIG_REFRESH_MS, useDisplayConfig } from './use-display-config';

export type { DisplayLayout };

/** sessionStorage flag: the sound was unlocked by a tap in this tab. */
export const SOUND_UNLOCKED_KEY = 'antrean.display.soundUnlocked';
/** How long a fresh call stays highlighted, and its caption on screen. */
const FLASH_MS = 8_000;
const CAPTION_MS = 12_000;

const LAYOUTS: Record<DisplayLayout, (props: LayoutProps) => JSX.Element> = {
  classic: ClassicLayout,
  modern: ModernLayout,
  big: BigLayout,
  pos: PosLayout,
};

const OFF_VOICE: VoiceSettings = {
  mode: 'off',
  numberStyle: 'number',
  templateId: null,
  templateEn: null,
  rate: 1,
  pitch: 1,
  volume: 1,
  voiceNameId: null,
  voiceNameEn: null,
  repeat: 1,
};

function readUnlocked(): boolean {
  try {
    return window.sessionStorage.getItem(SOUND_UNLOCKED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeUnlocked(value: boolean): void {
  try {
    if (value) window.sessionStorage.setItem(SOUND_UNLOCKED_KEY, '1');
    else window.sessionStorage.removeItem(SOUND_UNLOCKED_KEY);
  } catch {
    // private mode: the overlay just shows again next time
  }
}

function themeStyle(config: DisplayConfig | null): CSSProperties {
  if (!config) return {};
  const { theme } = config;
  const bg = theme.displayBackground;
  const accent = theme.secondaryColor;
  return {
    '--dsp-bg': bg,
    '--dsp-fg': readableOn(bg, theme.displayTextColor),
    '--dsp-primary': theme.primaryColor,
    '--dsp-on-primary': readableOn(theme.primaryColor, '#ffffff'),
    '--dsp-accent': accent,
    '--dsp-on-accent': readableOn(accent, '#ffffff'),
    // Highlights drawn on the background (numbers, headings) use the accent only when it is readable there.
    '--dsp-accent-text': readableOn(bg, accent, 3),
    backgroundImage: backdrop(bg, theme.backgroundUrl),
    fontFamily: theme.fontFamily || undefined,
  };
}

/** No code in the address: ask for it, then go to the same layout's address with it. */
function CodeForm({ layout, t }: { layout: DisplayLayout; t: Translate }) {
  const inputId = useId();
  const [value, setValue] = useState('');
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const code = value.trim();
    if (!code) return;
    window.history.pushState(null, '', displayPath(layout, code));
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  return (
    <main className="dsp-root dsp-center">
      <form className="dsp-code-form" onSubmit={submit}>
        <h1>{t('codeTitle')}</h1>
        <p>{t('codeHelp')}</p>
        <label htmlFor={inputId}>{t('codeLabel')}</label>
        <input
          id={inputId}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
        />
        <button type="submit">{t('codeSubmit')}</button>
      </form>
    </main>
  );
}

function Message({ title, text }: { title: string; text: string }) {
  return (
    <main className="dsp-root dsp-center">
      <div className="dsp-message-box">
        <h1>{title}</h1>
        <p>{text}</p>
      </div>
    </main>
  );
}

/** Subscribes to the display topic; remounted (new `key`) to fetch a fresh snapshot. */
const LiveFeed = memo(function LiveFeed({
  topic,
  onChange,
}: {
  topic: string;
  onChange: (state: DisplayState | undefined, error: string | null) => void;
}) {
  const live = useLiveTopic<DisplayState>(topic, reduceDisplay);
  useEffect(() => {
    onChange(live.state, live.error);
  }, [live.state, live.error, onChange]);
  return null;
});

/** The live state narrowed to the services the display shows (its counters, calls and waiting counts). */
function shownState(state: DisplayState, shows: (serviceId: string) => boolean): DisplayState {
  return {
    ...state,
    services: state.services.filter((s) => shows(s.id)),
    counters: state.counters.filter((c) => c.serviceIds.length === 0 || c.serviceIds.some(shows)),
    recentCalls: state.recentCalls.filter((t) => shows(t.serviceId)),
    calls: state.calls.filter((c) => shows(c.ticket.serviceId)),
  };
}

function useFlashing(): [ReadonlySet<string>, (ticketId: string) => void] {
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);
  const flash = useCallback((ticketId: string) => {
    setFlashing((previous) => new Set(previous).add(ticketId));
    const existing = timers.current.get(ticketId);
    if (existing) clearTimeout(existing);
    timers.current.set(
      ticketId,
      setTimeout(() => {
        timers.current.delete(ticketId);
        setFlashing((previous) => {
          const next = new Set(previous);
          next.delete(ticketId);
          return next;
        });
      }, FLASH_MS),
    );
  }, []);
  return [flashing, flash];
}

function DisplayApp({
  code,
  layout,
  t,
  lang,
}: {
  code: string;
  layout: DisplayLayout;
  t: Translate;
  lang: Language;
}) {
  // Settings or theme changed (a `display.updated` / `theme.updated` event): fetch the config again.
  const [configVersion, setConfigVersion] = useState(0);
  const seenReconfigure = useRef(0);
  const { config, error: configError } = useDisplayConfig(code, configVersion);
  useFavicon(config?.theme.faviconUrl);
  useThemeLabels(catalogues, config?.theme.labels, 'display');
  const status = useLiveStatus();
  const connection = useLiveConnection();
  const connectionRef = useRef<LiveConnection | null>(null);

  // Live state: the last known state stays on screen while a fresh snapshot is fetched.
  const [feed, setFeed] = useState<{ state: DisplayState | undefined; error: string | null }>({
    state: undefined,
    error: null,
  });
  const [generation, setGeneration] = useState(0);
  const onFeed = useCallback((state: DisplayState | undefined, error: string | null) => {
    setFeed((previous) => ({ state: state ?? previous.state, error }));
    if (state) {
      if (state.reconfigure > seenReconfigure.current) {
        // Settings changed: the config again, and a fresh snapshot (the display's own voice mode).
        setConfigVersion((v) => v + 1);
        setGeneration((g) => g + 1);
      }
      seenReconfigure.current = state.reconfigure;
    }
    if (state && state.resync > 0) setGeneration((g) => g + 1); // queue reset, counter change: resubscribe
  }, []);
  useEffect(() => {
    const timer = setInterval(() => setGeneration((g) => g + 1), CONFIG_REFRESH_MS); // corrects any drift in counts
    return () => clearInterval(timer);
  }, []);
  // The organisation was deactivated: the feed is cut off (`cut`), the config then answers
  // TENANT_INACTIVE and keeps being retried (`inactive`); once it loads again, subscribe afresh.
  const [tenantPhase, setTenantPhase] = useState<'ok' | 'cut' | 'inactive'>('ok');
  if (tenantPhase === 'ok' && feed.error === 'TENANT_INACTIVE') {
    setTenantPhase('cut');
    setConfigVersion((v) => v + 1);
  } else if (configError === 'inactive' && tenantPhase !== 'inactive') {
    setTenantPhase('inactive');
  } else if (tenantPhase === 'inactive' && configError === null && config) {
    setTenantPhase('ok');
    setFeed((previous) => ({ ...previous, error: null }));
    setGeneration((g) => g + 1);
  }

  // Sound: a one-time tap unless the browser already allows audio, and again when the watchdog says so.
  const [unlocked, setUnlocked] = useState(readUnlocked);
  useEffect(() => {
    if (readUnlocked()) return;
    let active = true;
    void audioAllowedWithoutGesture().then((allowed) => {
      if (active && allowed) {
        writeUnlocked(true);
        setUnlocked(true);
      }
    });
    return () => {
      active = false;
    };
  }, []);
  const unlock = async () => {
    writeUnlocked(true);
    setUnlocked(true);
    await unlockAudio();
  };

  // Announcements, one after another; the ack goes out when each is done.
  const [caption, setCaption] = useState<string | null>(null);
  const captionTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const voiceRef = useRef<VoiceSettings>(OFF_VOICE);
  const langRef = useRef(lang);
  // How to speak comes live with the display's state (snapshot, `voice.updated`): the next call
  // is spoken the new way without a reload. Until the first snapshot, the config's mode.
  const voice: VoiceSettings = hasSnapshot(feed.state)
    ? feed.state.voice
    : config
      ? { ...OFF_VOICE, ...config.voice }
      : OFF_VOICE;
  useEffect(() => {
    connectionRef.current = connection;
    voiceRef.current = voice;
    langRef.current = lang;
  });
  const announcerRef = useRef<Announcer | null>(null);
  useEffect(() => {
    const announcer = new Announcer({
      voice: () => voiceRef.current,
      uiLanguage: () => langRef.current,
      onCaption: (text) => {
        setCaption(text);
        if (captionTimer.current) clearTimeout(captionTimer.current);
        captionTimer.current = setTimeout(() => setCaption(null), CAPTION_MS);
      },
      onNeedsUnlock: () => {
        writeUnlocked(false);
        setUnlocked(false);
      },
      onDone: (ticketId) => connectionRef.current?.send({ type: 'ack', ticketId }),
    });
    announcerRef.current = announcer;
    return () => {
      announcer.dispose();
      announcerRef.current = null;
      if (captionTimer.current) clearTimeout(captionTimer.current);
    };
  }, []);

  const posCounterId =
    layout === 'pos'
      ? (config?.display.counterId ?? new URLSearchParams(window.location.search).get('counter'))
      : null;

  // The services this display shows (none configured: all of them).
  const shownIds = config?.display.serviceIds;
  const shows = useCallback(
    (serviceId: string) => !shownIds || shownIds.length === 0 || shownIds.includes(serviceId),
    [shownIds],
  );
  const [flashing, flash] = useFlashing();
  const announced = useRef(new Set<string>());
  const calls = feed.state?.calls;
  const configLoaded = config !== null;
  useEffect(() => {
    if (!calls || !configLoaded) return;
    for (const call of calls) {
      if (announced.current.has(call.key)) continue;
      announced.current.add(call.key);
      if (layout === 'pos' && call.ticket.counterId !== posCounterId) continue;
      if (!shows(call.ticket.serviceId)) continue;
      flash(call.ticket.id);
      announcerRef.current?.enqueue({
        ticketId: call.ticket.id,
        ticketNumber: call.ticket.number,
        counterName: call.counterName,
        counterNumber: call.counterNumber,
      });
    }
    if (announced.current.size > 500) announced.current = new Set([...announced.current].slice(-200));
  }, [calls, configLoaded, layout, posCounterId, flash, shows]);

  useEffect(() => {
    if (config) document.title = `${config.display.name} · ${config.branch.name}`;
  }, [config]);
  // The admin gave the display another layout: open that layout's screen.
  const configuredLayout = config?.display.layout;
  useEffect(() => {
    if (configuredLayout && configVersion > 0 && configuredLayout !== layout) {
      window.location.replace(displayPath(configuredLayout, code));
    }
  }, [configuredLayout, configVersion, layout, code]);

  const topic = `display:${code}`;
  const feedElement = <LiveFeed key={generation} topic={topic} onChange={onFeed} />;
  const offline = status !== 'online' || configError === 'failed';
  const marker = offline && (
    <div className="dsp-offline" role="status" title={t('offlineHelp')}>
      <span aria-hidden="true" className="dsp-offline-dot" />
      {t('offline')}
      <span className="dsp-visually-hidden"> {t('offlineHelp')}</span>
    </div>
  );

  if (tenantPhase !== 'ok' || configError === 'inactive') {
    return (
      <>
        {feedElement}
        <Message title={t('inactiveTitle')} text={t('inactiveHelp')} />
      </>
    );
  }
  if (configError === 'notFound' || feed.error === 'NOT_FOUND') {
    return (
      <>
        {feedElement}
        <Message title={t('notFoundTitle')} text={t('notFoundHelp', { code })} />
      </>
    );
  }
  if (feed.error && feed.error !== 'INTERNAL_ERROR' && !hasSnapshot(feed.state)) {
    return (
      <>
        {feedElement}
        <Message title={t('unavailableTitle')} text={t('unavailableHelp', { reason: feed.error })} />
      </>
    );
  }

  const state = feed.state && shownState(feed.state, shows);
  const Layout = LAYOUTS[layout];
  const showOverlay = config !== null && voice.mode !== 'off' && !unlocked;
  return (
    <div className={`dsp-root dsp-root-${layout}`} style={themeStyle(config)}>
      {feedElement}
      {config && hasSnapshot(state) ? (
        <Layout
          config={config}
          state={state}
          flashing={flashing}
          t={t}
          lang={lang}
          posCounterId={posCounterId}
        />
      ) : (
        <div className="dsp-center" role="status">
          {t('connecting')}
        </div>
      )}
      <div
        className={`dsp-caption${caption ? ' is-visible' : ''}`}
        role="status"
        aria-live="polite"
        aria-label={t('announcement')}
      >
        {caption}
      </div>
      {marker}
      {showOverlay && (
        <div className="dsp-overlay" role="dialog" aria-modal="true" aria-labelledby="dsp-sound-title">
          <div className="dsp-overlay-box">
            <h2 id="dsp-sound-title">{t('soundTitle')}</h2>
            <p>{t('soundHelp')}</p>
            <button type="button" className="dsp-overlay-button" onClick={() => void unlock()}>
              {t('soundUnlock')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The display screens (`/display`, `/new-display`, `/big-display`, `/pos-display` + `/:code`):
 * four layouts over the same live state, with voice announcements (see announcer.ts).
 */
export default function DisplayScreen({ code, layout }: { code: string | null; layout: DisplayLayout }) {
  const { t, lang } = useT(catalogues);
  if (!code) return <CodeForm layout={layout} t={t} />;
  return <DisplayApp key={code} code={code} layout={layout} t={t} lang={lang} />;
}
