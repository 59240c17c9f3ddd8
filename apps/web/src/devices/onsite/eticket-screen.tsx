import './onsite.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicTicketAnswer as PublicTicket } from '../common/contracts';
import type { LiveEventType } from '@antrean/shared/live/topics';
import { useLiveStatus, useLiveTopic, type LiveMessage } from '@/lib/use-live';
import { DeviceHttpError, deviceFetch } from '../common/http';
import { readLiveMessage } from '../common/live.mapper';
import { useT } from '../common/i18n';
import catalogues from '../../locales-devices/onsite.json';
import { aheadText, formatClock, isObject, isTicketStatus, waitText } from './device-kit';
import { QrCode } from './qr';
import { LangSwitch } from './lang-switch';
import { LoadState } from './load-state';

type Status = PublicTicket['status'];

interface LiveTicket {
  /** The latest full public ticket from a snapshot, if any. */
  snapshot: PublicTicket | null;
  /** The last event's type and the status it carried. */
  event: { type: LiveEventType; status: Status | null } | null;
}

/** Hand-written guard for the HTTP answer (no zod here): the fields this screen reads. */
function isPublicTicket(value: unknown): value is PublicTicket {
  return (
    isObject(value) &&
    typeof value.number === 'string' &&
    isTicketStatus(value.status) &&
    isObject(value.service) &&
    isObject(value.branch) &&
    typeof value.peopleAhead === 'number' &&
    typeof value.issuedAt === 'number'
  );
}

/** The `ticket:` topic's messages, typed by the shared live event map. */
function reduce(state: LiveTicket | undefined, raw: LiveMessage): LiveTicket {
  const message = readLiveMessage('ticket', raw);
  if (message.kind === 'snapshot') return { snapshot: message.data, event: null };
  const status = 'ticket' in message.data ? message.data.ticket.status : null;
  return { snapshot: state?.snapshot ?? null, event: { type: message.type, status } };
}

/** AudioContext, or older WebKit's prefixed one; undefined when neither exists. */
function audioContextClass(): typeof AudioContext | undefined {
  // Read through `unknown`: the DOM typings claim AudioContext always exists, older WebKit disagrees.
  const standard: unknown = Reflect.get(window, 'AudioContext');
  const ctor: unknown = standard ?? Reflect.get(window, 'webkitAudioContext');
  // A constructor can only be checked for being a function at run time.
  return isAudioContextClass(ctor) ? ctor : undefined;
}

function isAudioContextClass(value: unknown): value is typeof AudioContext {
  return typeof value === 'function';
}

const CALLING: readonly Status[] = ['calling', 'called'];
const FINAL: readonly Status[] = ['finished', 'cancelled', 'no_show'];

/** A short three-beep alert through Web Audio (only once the visitor has enabled sound). */
function beep(ctx: AudioContext): void {
  const start = ctx.currentTime + 0.05;
  for (let i = 0; i < 3; i += 1) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = 880;
    const at = start + i * 0.3;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.25);
  }
}

export default function ETicketScreen({ uniqueCode }: { uniqueCode: string | null }) {
  const { t, lang } = useT(catalogues);
  const [ticket, setTicket] = useState<PublicTicket | null>(null);
  const [loadError, setLoadError] = useState<'not-found' | 'network' | null>(null);
  const [soundOn, setSoundOn] = useState(false);
  const [copied, setCopied] = useState(false);
  const audioRef = useRef<AudioContext | null>(null);
  const alertedRef = useRef<string | null>(null);
  const liveStatus = useLiveStatus();
  const live = useLiveTopic<LiveTicket>(uniqueCode ? `ticket:${uniqueCode}` : null, reduce);

  const refetch = useCallback(async () => {
    if (!uniqueCode) return;
    try {
      setTicket(
        await deviceFetch(`/api/v1/public/tickets/${encodeURIComponent(uniqueCode)}`, {
          accept: isPublicTicket,
        }),
      );
      setLoadError(null);
    } catch (err) {
      setLoadError(err instanceof DeviceHttpError && err.status === 404 ? 'not-found' : 'network');
    }
  }, [uniqueCode]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- refetch after a live event from the server
    void refetch();
  }, [refetch]);

  // Live: a snapshot replaces the ticket; an event updates the status at once, then refetches.
  useEffect(() => {
    const liveState = live.state;
    if (!liveState) return;
    if (!liveState.event) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- folds the live snapshot (an external system) into state
      if (liveState.snapshot) setTicket(liveState.snapshot);
      return;
    }
    const status = liveState.event.status;
    if (status) setTicket((current) => (current ? { ...current, status } : current));
    void refetch();
    // Only a new snapshot or event (version) matters, not a new state object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.version, refetch]);

  // "People ahead" moves without events on this ticket: refetch every 20 s until it is over.
  const status = ticket?.status;
  useEffect(() => {
    if (!status || FINAL.includes(status)) return undefined;
    const id = setInterval(() => void refetch(), 20_000);
    return () => clearInterval(id);
  }, [status, refetch]);

  // Sound and vibration when called (again): once per call time.
  const callKey =
    ticket && CALLING.includes(ticket.status) ? `${ticket.calledAt ?? ''}|${ticket.counter?.id ?? ''}` : null;
  useEffect(() => {
    if (!callKey || alertedRef.current === callKey) return;
    alertedRef.current = callKey;
    if (audioRef.current) beep(audioRef.current);
    if (typeof navigator.vibrate === 'function') navigator.vibrate([300, 100, 300]);
  }, [callKey]);

  function enableSound() {
    const Ctor = audioContextClass();
    if (!Ctor) return;
    audioRef.current ??= new Ctor();
    void audioRef.current.resume().catch(() => undefined);
    beep(audioRef.current);
    setSoundOn(true);
  }

  const url = typeof window === 'undefined' ? '' : window.location.href;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      setCopied(false);
    }
  }
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  if (!uniqueCode || loadError === 'not-found') {
    return (
      <main className="os-root">
        <div className="os-card">
          <h1>{t('eticket.notFound')}</h1>
        </div>
      </main>
    );
  }
  if (!ticket) {
    return (
      <main className="os-root">
        <div className="os-card">
          <LoadState failed={loadError === 'network'} onRetry={() => void refetch()} t={t} />
        </div>
      </main>
    );
  }

  const calling = CALLING.includes(ticket.status);
  const counterName = ticket.counter?.name ?? t('eticket.counterUnknown');
  const waiting = ticket.status === 'waiting';
  const wait = waiting ? waitText(ticket.estimatedWait, ticket.peopleAhead, t) : null;
  const tz = ticket.branch.timeZone;

  return (
    <div className="os-root">
      <header className="os-header">
        <div className="os-header-text">
          <div className="os-tenant">{ticket.branch.name}</div>
          <div
            className={liveStatus === 'online' ? 'os-live os-live-on' : 'os-live os-live-off'}
            role="status"
          >
            {liveStatus === 'online'
              ? t('live.online')
              : liveStatus === 'connecting'
                ? t('live.connecting')
                : t('live.offline')}
          </div>
        </div>
        <LangSwitch t={t} />
      </header>
      <main className="os-main">
        <section className="os-card os-ticket" aria-labelledby="os-ticket-title">
          <h1 id="os-ticket-title" className="os-ticket-label">
            {t('eticket.title')}
          </h1>
          <p className="os-number">{ticket.number}</p>
          <p className="os-ticket-service">{ticket.service.name}</p>
          {calling ? (
            <div className="os-called" role="alert">
              <p className="os-called-title">{t('eticket.goTo', { counter: counterName })}</p>
              <p>{t('eticket.calledHint')}</p>
            </div>
          ) : (
            <p className={`os-status os-status-${ticket.status}`} aria-live="polite">
              {t(`status.${ticket.status}`)}
              {ticket.status === 'serving' && ticket.counter ? ` — ${ticket.counter.name}` : ''}
            </p>
          )}
          {waiting && (
            <>
              <p className="os-ahead">{aheadText(ticket.peopleAhead, t)}</p>
              {wait && <p>{wait}</p>}
            </>
          )}
          <p className="os-hint">{t('eticket.issuedAt', { time: formatClock(ticket.issuedAt, tz, lang) })}</p>
          {!FINAL.includes(ticket.status) && (
            <button type="button" className="os-btn" onClick={enableSound} aria-pressed={soundOn}>
              {soundOn ? t('sound.on') : t('sound.enable')}
            </button>
          )}
          <div className="os-qr">
            <QrCode value={url} label={t('eticket.qr')} size={168} />
          </div>
          <div className="os-row">
            <button type="button" className="os-btn" onClick={() => void copy()}>
              {t('eticket.copy')}
            </button>
            {canShare && (
              <button
                type="button"
                className="os-btn"
                onClick={() =>
                  void navigator
                    .share({ title: t('eticket.shareTitle', { number: ticket.number }), url })
                    .catch(() => undefined)
                }
              >
                {t('eticket.share')}
              </button>
            )}
          </div>
          {copied && <p role="status">{t('eticket.copied')}</p>}
        </section>
      </main>
    </div>
  );
}
