import './kiosk.css';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type MouseEvent, type SyntheticEvent, type ReactNode } from 'react';
import type { KioskConfig } from '@antrean/shared/contracts/devices.contract';
import type { IssuedTicket, Ticket } from '@antrean/shared/domain/ticket/ticket';
import { DeviceHttpError, deviceFetch, isNoContent } from '../common/http';
import { setLanguage, useT } from '../common/i18n';
import catalogues from '../../locales-devices/kiosk.json';
import {
  PHONE_PATTERN,
  activeSubs,
  aheadText,
  availabilityText,
  eticketUrl,
  formatClock,
  formatDate,
  isIssuedTicket,
  isObject,
  isTicketStatus,
  hasServicesConfig,
  navigate,
  newKey,
  readableOn,
  waitText,
  type DeviceService,
} from '../onsite/device-kit';
import { QrCode } from '../onsite/qr';
import { Keypad } from './keypad';
import { PhotoStep } from './photo-step';

type T = ReturnType<typeof useT<typeof catalogues>>['t'];

/** Hand-written guard (no zod here): the parts of the configuration the kiosk reads. */
function isKioskConfig(value: unknown): value is KioskConfig {
  return hasServicesConfig(value) && isObject(value.kiosk) && typeof value.idleSeconds === 'number';
}

/** The checked-in ticket: the fields the kiosk shows. */
function isCheckedInTicket(value: unknown): value is Ticket {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.number === 'string' &&
    typeof value.serviceId === 'string' &&
    isTicketStatus(value.status)
  );
}
type Sub = DeviceService['subServices'][number];

interface Shown {
  number: string;
  uniqueCode: string;
  service: DeviceService | null;
  sub: Sub | null;
  peopleAhead: number | null;
  estimatedWait: IssuedTicket['estimatedWait'] | null;
  issuedAt: number;
}

type Step =
  | { kind: 'home' }
  | { kind: 'sub'; service: DeviceService }
  | { kind: 'delivery'; service: DeviceService; sub: Sub | null }
  | { kind: 'phone'; service: DeviceService; sub: Sub | null }
  | { kind: 'photo'; ticketId: string; next: Step }
  | { kind: 'result'; shown: Shown; phone: string | null }
  | { kind: 'checked-in'; shown: Shown; status: Ticket['status'] };

const REFRESH_MS = 30_000;
const HEARTBEAT_MS = 30_000;

/** Enter the kiosk code when the URL has none. */
function CodeForm() {
  const { t } = useT(catalogues);
  const [value, setValue] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const code = value.trim();
    if (code) navigate(`/mkios/${encodeURIComponent(code)}`);
  };
  return (
    <main className="kiosk-root kiosk-center">
      <form className="kiosk-panel kiosk-code-form" onSubmit={submit}>
        <h1>{t('code.title')}</h1>
        <label htmlFor="kiosk-code-input">{t('code.label')}</label>
        <input
          id="kiosk-code-input"
          className="kiosk-input"
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(event) => setValue(event.target.value.toUpperCase())}
        />
        <button type="submit" className="kiosk-btn kiosk-btn-primary">
          {t('code.submit')}
        </button>
      </form>
    </main>
  );
}

/**
 * Whether a click is the second (or later) tap of a double tap: `detail` is the browser's
 * tap/click count. A step that appears under the visitor's finger ignores it, or the second tap
 * on the previous step would choose whatever button now sits there (e.g. "Cetak tiket" instead of
 * letting the visitor pick WhatsApp). Keyboard and assistive-technology clicks have `detail` 0.
 */
function isRepeatTap(event: MouseEvent): boolean {
  return event.detail > 1;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

function Clock({ timeZone }: { timeZone: string }) {
  const { lang } = useT(catalogues);
  const now = useNow(1000);
  return (
    <div className="kiosk-clock">
      <time className="kiosk-clock-time">{formatClock(now, timeZone, lang)}</time>
      <span className="kiosk-clock-date">{formatDate(now, timeZone, lang)}</span>
    </div>
  );
}

/** The ticket as printed on thermal paper: `copies` blocks, one per page. */
function PrintTickets({ shown, config, copies, t }: { shown: Shown; config: KioskConfig; copies: number; t: T }) {
  const { lang } = useT(catalogues);
  const width = config.kiosk.paperWidthMm <= 58 ? 58 : 80;
  const tz = config.branch.timeZone;
  const wait = shown.service?.showRemainingQueue && shown.peopleAhead !== null ? waitText(shown.estimatedWait, shown.peopleAhead, t) : null;
  return (
    <div className="kiosk-print" data-paper={width} aria-hidden="true">
      <style>{`@page { size: ${width}mm auto; margin: 0; }`}</style>
      {Array.from({ length: Math.max(1, copies) }, (_, index) => (
        <div className="kiosk-print-copy" key={index}>
          <div className="kiosk-print-tenant">{config.tenantName}</div>
          <div>{config.branch.name}</div>
          <div className="kiosk-print-label">{t('result.heading')}</div>
          <div className="kiosk-print-number">{shown.number}</div>
          <div className="kiosk-print-service">
            {shown.service?.name}
            {shown.sub ? ` — ${shown.sub.name}` : ''}
          </div>
          {shown.peopleAhead !== null && <div>{aheadText(shown.peopleAhead, t)}</div>}
          {wait && <div>{wait}</div>}
          <QrCode value={eticketUrl(shown.uniqueCode)} label={t('result.qr')} size={width === 58 ? 120 : 160} />
          <div className="kiosk-print-small">{t('result.qrHint')}</div>
          <div className="kiosk-print-small">
            {formatDate(shown.issuedAt, tz, lang)} {formatClock(shown.issuedAt, tz, lang)}
          </div>
        </div>
      ))}
    </div>
  );
}

function useBarcodeDetector(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * BarcodeDetector is not in the DOM typings yet. A constructor can only be checked for being a
 * function at run time; its shape is the Shape Detection API's (`detect` → `{ rawValue }[]`).
 */
function isBarcodeDetectorClass(value: unknown): value is BarcodeDetectorClass {
  return typeof value === 'function';
}

/** Scans a booking QR with the camera (BarcodeDetector) and hands back its code. */
function QrScanner({ onCode, onClose, t }: { onCode: (code: string) => void; onClose: () => void; t: T }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let cancelled = false;
    const Detector: unknown = Reflect.get(window, 'BarcodeDetector');
    // Only rendered when `useBarcodeDetector()` saw it; without it `new` threw before as well.
    if (!isBarcodeDetectorClass(Detector)) throw new TypeError('BarcodeDetector is not available');
    const detector = new Detector({ formats: ['qr_code'] });
    // mediaDevices is missing outside secure contexts (a kiosk on plain http).
     
    navigator.mediaDevices
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- mediaDevices is undefined outside secure contexts
      ?.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((s) => {
        if (cancelled) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream = s;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = s;
        void video.play().catch(() => undefined);
        timer = setInterval(() => {
          if (video.readyState < 2) return;
          detector
            .detect(video)
            .then((codes) => {
              // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- detectors may report codes without rawValue
              const raw = codes[0]?.rawValue?.trim();
              if (!raw) return;
              // A booking QR may carry the bare code or a URL ending with it.
              const code = /^https?:\/\//i.test(raw) ? (raw.split(/[/?#]/).filter(Boolean).pop() ?? raw) : raw;
              onCode(code.toUpperCase());
            })
            .catch(() => undefined);
        }, 400);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);
  return (
    <div className="kiosk-scanner">
      {failed ? (
        <p role="alert">{t('checkin.cameraFailed')}</p>
      ) : (
        <video ref={videoRef} className="kiosk-photo-video" muted playsInline aria-label={t('checkin.scanVideo')} />
      )}
      <button type="button" className="kiosk-btn" onClick={onClose}>
        {t('checkin.scanClose')}
      </button>
    </div>
  );
}

function KioskApp({ code }: { code: string }) {
  const { t, lang } = useT(catalogues);
  const [config, setConfig] = useState<KioskConfig | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [netDown, setNetDown] = useState(false);
  const [browserOffline, setBrowserOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const offline = netDown || browserOffline;

  const [step, setStep] = useState<Step>({ kind: 'home' });
  const [tab, setTab] = useState<'services' | 'checkin'>('services');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [bookingCode, setBookingCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const hasDetector = useBarcodeDetector();

  const intentRef = useRef<{ signature: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const lastActivity = useRef(0);
  const printedFor = useRef<string | null>(null);

  const headers = { 'X-Kiosk-Code': code };

  // --- config: load, refresh every 30 s, retry with backoff while failing -------------------
  /** Loads the config; false when the network or the server failed (try again later). */
  const loadConfig = useCallback(async (): Promise<boolean> => {
    try {
      const next = await deviceFetch('/api/v1/kiosk/config', { headers: { 'X-Kiosk-Code': code }, accept: isKioskConfig });
      setConfig(next);
      setNotFound(false);
      setNetDown(false);
      return true;
    } catch (err) {
      if (err instanceof DeviceHttpError && err.status === 404) {
        setNotFound(true);
        return true;
      }
      setNetDown(true);
      return false;
    }
  }, [code]);

  useEffect(() => {
    let attempt = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const run = async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const ok = await loadConfig();
      if (stopped) return;
      if (ok) {
        attempt = 0;
        timer = setTimeout(() => void run(), REFRESH_MS);
      } else {
        timer = setTimeout(() => void run(), Math.min(30_000, 1000 * 2 ** attempt));
        attempt += 1;
      }
    };
    void run();
    const heartbeat = setInterval(() => {
      deviceFetch('/api/v1/kiosk/heartbeat', { method: 'POST', headers: { 'X-Kiosk-Code': code }, accept: isNoContent }).catch(
        (err: unknown) => {
          if (err instanceof DeviceHttpError && err.code === 'NETWORK_ERROR') setNetDown(true);
        },
      );
    }, HEARTBEAT_MS);
    const goOnline = () => {
      setBrowserOffline(false);
      attempt = 0;
      void run();
    };
    const goOffline = () => setBrowserOffline(true);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      clearInterval(heartbeat);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [code, loadConfig]);

  // --- back to the start -----------------------------------------------------------------
  const goHome = useCallback(() => {
    intentRef.current = null;
    setStep({ kind: 'home' });
    setTab('services');
    setError(null);
    setPhone('');
    setPhoneError(null);
    setBookingCode('');
    setScanning(false);
  }, []);

  const idleSeconds = config?.idleSeconds ?? 60;
  const atStart = step.kind === 'home' && tab === 'services' && !error;
  useEffect(() => {
    const touch = () => {
      lastActivity.current = Date.now();
    };
    touch();
    window.addEventListener('pointerdown', touch, true);
    window.addEventListener('keydown', touch, true);
    window.addEventListener('touchstart', touch, true);
    const timer = setInterval(() => {
      if (atStart || inFlight.current) return;
      if (Date.now() - lastActivity.current >= Math.max(5, idleSeconds) * 1000) {
        goHome();
        setLanguage('id');
      }
    }, 1000);
    return () => {
      window.removeEventListener('pointerdown', touch, true);
      window.removeEventListener('keydown', touch, true);
      window.removeEventListener('touchstart', touch, true);
      clearInterval(timer);
    };
  }, [atStart, idleSeconds, goHome]);

  // --- print once when a printed ticket is shown ---------------------------------------------
  useEffect(() => {
    if (step.kind !== 'result' || step.phone !== null) return undefined;
    const uniqueCode = step.shown.uniqueCode;
    if (printedFor.current === uniqueCode) return undefined;
    // Marked when it really prints (StrictMode runs effects twice in development).
    const id = setTimeout(() => {
      printedFor.current = uniqueCode;
      window.print();
    }, 300);
    return () => clearTimeout(id);
  }, [step]);

  if (notFound) {
    return (
      <main className="kiosk-root kiosk-center">
        <div className="kiosk-panel">
          <h1>{t('code.unknown')}</h1>
          <p>{t('code.unknownHint', { code })}</p>
          <button type="button" className="kiosk-btn kiosk-btn-primary" onClick={() => navigate('/mkios')}>
            {t('code.other')}
          </button>
        </div>
      </main>
    );
  }

  const offlineBanner = offline ? (
    <div className="kiosk-offline" role="alert">
      {t('offline')}
    </div>
  ) : null;

  if (!config) {
    return (
      <main className="kiosk-root kiosk-center">
        {offlineBanner}
        <p role="status">{t('loading')}</p>
      </main>
    );
  }

  const { theme, branch } = config;
  const style: CSSProperties = {
    '--k-primary': theme.primaryColor,
    '--k-on-primary': readableOn(theme.primaryColor),
    '--k-bg': theme.displayBackground,
    '--k-fg': readableOn(theme.displayBackground),
    fontFamily: theme.fontFamily,
  };

  // --- issuing -----------------------------------------------------------------------------
  async function issue(service: DeviceService, sub: Sub | null, toPhone: string | null) {
    if (inFlight.current) return; // a double tap: the first tap is already on its way
    if (offline) {
      setError(t('error.offline'));
      return;
    }
    const signature = `${service.id}|${sub?.id ?? ''}|${toPhone ?? ''}`;
    if (intentRef.current?.signature !== signature) intentRef.current = { signature, key: newKey() };
    const key = intentRef.current.key;
    inFlight.current = true;
    setPending(true);
    setError(null);
    setPhoneError(null);
    try {
      const ticket = await deviceFetch(`/api/v1/branches/${encodeURIComponent(branch.id)}/tickets`, {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': key },
        body: {
          serviceId: service.id,
          ...(sub ? { subServiceId: sub.id } : {}),
          channel: 'kiosk',
          ...(toPhone ? { phone: toPhone } : {}),
        },
        accept: isIssuedTicket,
      });
      intentRef.current = null; // the ticket is shown: the next tap is a new intent
      const shown: Shown = {
        number: ticket.number,
        uniqueCode: ticket.uniqueCode,
        service,
        sub,
        peopleAhead: ticket.peopleAhead,
        estimatedWait: ticket.estimatedWait,
        issuedAt: ticket.issuedAt,
      };
      const result: Step = { kind: 'result', shown, phone: toPhone };
      setStep(service.customerPhoto ? { kind: 'photo', ticketId: ticket.id, next: result } : result);
      void loadConfig();
    } catch (err) {
      const e = err instanceof DeviceHttpError ? err : new DeviceHttpError(0, 'NETWORK_ERROR', String(err));
      if (e.code === 'NETWORK_ERROR') {
        setNetDown(true);
        setError(t('error.network'));
      } else if (e.status >= 500) {
        setError(t('error.server'));
      } else if (e.status === 429) {
        setError(t('error.rateLimited'));
      } else {
        intentRef.current = null; // refused: nothing was issued
        if (e.code === 'SERVICE_NOT_AVAILABLE') {
          setError(t('error.notAvailable'));
          void loadConfig();
        } else if (e.code === 'VALIDATION_FAILED' && toPhone) {
          setPhoneError(t('phone.invalid'));
        } else {
          setError(e.message || t('error.server'));
        }
      }
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  function chooseService(service: DeviceService) {
    if (pending) return;
    setError(null);
    if (activeSubs(service).length > 0) {
      setStep({ kind: 'sub', service });
      return;
    }
    chooseSub(service, null);
  }

  function chooseSub(service: DeviceService, sub: Sub | null) {
    if (branch.whatsappVirtualTicket) {
      setStep({ kind: 'delivery', service, sub });
      return;
    }
    void issue(service, sub, null);
  }

  function back() {
    intentRef.current = null;
    setError(null);
    setPhoneError(null);
    if (step.kind === 'phone') setStep({ kind: 'delivery', service: step.service, sub: step.sub });
    else if (step.kind === 'delivery' && step.sub) setStep({ kind: 'sub', service: step.service });
    else goHome();
  }

  async function checkIn(event?: SyntheticEvent) {
    event?.preventDefault();
    const bookingValue = bookingCode.trim().toUpperCase();
    if (inFlight.current) return;
    if (bookingValue.length < 4) {
      setError(t('checkin.tooShort'));
      return;
    }
    if (offline) {
      setError(t('error.offline'));
      return;
    }
    inFlight.current = true;
    setPending(true);
    setError(null);
    try {
      const ticket = await deviceFetch(`/api/v1/branches/${encodeURIComponent(branch.id)}/check-in`, {
        method: 'POST',
        headers,
        body: { bookingCode: bookingValue },
        accept: isCheckedInTicket,
      });
      const service = config?.services.find((s) => s.id === ticket.serviceId) ?? null;
      const shown: Shown = {
        number: ticket.number,
        uniqueCode: ticket.uniqueCode,
        service,
        sub: service?.subServices.find((s) => s.id === ticket.subServiceId) ?? null,
        peopleAhead: null,
        estimatedWait: null,
        issuedAt: ticket.issuedAt,
      };
      const result: Step = { kind: 'checked-in', shown, status: ticket.status };
      setStep(service?.customerPhoto ? { kind: 'photo', ticketId: ticket.id, next: result } : result);
      setBookingCode('');
    } catch (err) {
      const e = err instanceof DeviceHttpError ? err : new DeviceHttpError(0, 'NETWORK_ERROR', String(err));
      if (e.code === 'NETWORK_ERROR') {
        setNetDown(true);
        setError(t('error.network'));
      } else if (e.status === 404) {setError(t('checkin.notFound'));}
      else if (e.code === 'TICKET_INVALID_TRANSITION') {setError(t('checkin.invalid'));}
      else if (e.status === 429) {setError(t('error.rateLimited'));}
      else {setError(e.message || t('error.server'));}
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  function submitPhone(event: SyntheticEvent) {
    event.preventDefault();
    if (step.kind !== 'phone') return;
    const value = phone.trim();
    if (!PHONE_PATTERN.test(value)) {
      setPhoneError(t('phone.invalid'));
      return;
    }
    void issue(step.service, step.sub, value);
  }

  const errorBox = error ? (
    <p className="kiosk-error" role="alert">
      {error}
    </p>
  ) : null;

  const backButton = (
    <button type="button" className="kiosk-btn" onClick={back} disabled={pending}>
      {t('back')}
    </button>
  );

  let body: ReactNode;
  if (step.kind === 'sub') {
    const subs = activeSubs(step.service);
    body = (
      <section className="kiosk-panel" aria-labelledby="kiosk-sub-title">
        <h1 id="kiosk-sub-title">{t('sub.title', { service: step.service.name })}</h1>
        {errorBox}
        <div className="kiosk-grid">
          {subs.map((sub) => (
            <button
              key={sub.id}
              type="button"
              className="kiosk-service"
              disabled={pending || offline}
              onClick={(event) => {
                if (!isRepeatTap(event)) chooseSub(step.service, sub);
              }}
            >
              <span className="kiosk-service-name">{sub.name}</span>
            </button>
          ))}
        </div>
        <div className="kiosk-actions">{backButton}</div>
      </section>
    );
  } else if (step.kind === 'delivery') {
    body = (
      <section className="kiosk-panel" aria-labelledby="kiosk-delivery-title">
        <h1 id="kiosk-delivery-title">{t('delivery.title')}</h1>
        <p>
          {step.service.name}
          {step.sub ? ` — ${step.sub.name}` : ''}
        </p>
        {errorBox}
        <div className="kiosk-grid kiosk-grid-2">
          <button
            type="button"
            className="kiosk-service kiosk-btn-primary"
            disabled={pending || offline}
            aria-busy={pending}
            onClick={(event) => {
              if (!isRepeatTap(event)) void issue(step.service, step.sub, null);
            }}
          >
            <span className="kiosk-service-name">{t('delivery.print')}</span>
          </button>
          <button
            type="button"
            className="kiosk-service"
            disabled={pending || offline}
            onClick={(event) => {
              if (isRepeatTap(event)) return;
              setPhone('');
              setPhoneError(null);
              setStep({ kind: 'phone', service: step.service, sub: step.sub });
            }}
          >
            <span className="kiosk-service-name">{t('delivery.whatsapp')}</span>
          </button>
        </div>
        {pending && <p role="status">{t('issuing')}</p>}
        <div className="kiosk-actions">{backButton}</div>
      </section>
    );
  } else if (step.kind === 'phone') {
    body = (
      <form className="kiosk-panel" onSubmit={submitPhone} aria-labelledby="kiosk-phone-title">
        <h1 id="kiosk-phone-title">{t('phone.title')}</h1>
        <label htmlFor="kiosk-phone">{t('phone.label')}</label>
        <input
          id="kiosk-phone"
          className="kiosk-input"
          inputMode="none"
          autoComplete="off"
          value={phone}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby="kiosk-phone-help"
          onChange={(event) => setPhone(event.target.value.replace(/[^0-9+]/g, '').slice(0, 16))}
        />
        <p id="kiosk-phone-help" className={phoneError ? 'kiosk-error' : 'kiosk-hint'} role={phoneError ? 'alert' : undefined}>
          {phoneError ?? t('phone.hint')}
        </p>
        {errorBox}
        <Keypad
          onKey={(k) => setPhone((v) => (v + k).slice(0, 16))}
          onBackspace={() => setPhone((v) => v.slice(0, -1))}
          onClear={() => setPhone('')}
          labels={{ backspace: t('keypad.backspace'), clear: t('keypad.clear'), group: t('keypad.group') }}
          disabled={pending}
        />
        <div className="kiosk-actions">
          {backButton}
          <button type="submit" className="kiosk-btn kiosk-btn-primary" disabled={pending || offline} aria-busy={pending}>
            {pending ? t('issuing') : t('phone.send')}
          </button>
        </div>
      </form>
    );
  } else if (step.kind === 'photo') {
    body = (
      <PhotoStep
        ticketId={step.ticketId}
        kioskCode={code}
        onDone={() => setStep(step.next)}
        labels={{
          title: t('photo.title'),
          hint: t('photo.hint'),
          take: t('photo.take'),
          skip: t('photo.skip'),
          next: t('photo.next'),
          unavailable: t('photo.unavailable'),
          uploading: t('photo.uploading'),
          failed: t('photo.failed'),
          video: t('photo.video'),
        }}
      />
    );
  } else if (step.kind === 'result' || step.kind === 'checked-in') {
    const { shown } = step;
    const wait =
      shown.service?.showRemainingQueue && shown.peopleAhead !== null ? waitText(shown.estimatedWait, shown.peopleAhead, t) : null;
    body = (
      <section className="kiosk-panel kiosk-result" aria-labelledby="kiosk-result-title">
        <h1 id="kiosk-result-title">{step.kind === 'result' ? t('result.heading') : t('checkin.success')}</h1>
        <p className="kiosk-number">{shown.number}</p>
        <p className="kiosk-result-service">
          {shown.service?.name}
          {shown.sub ? ` — ${shown.sub.name}` : ''}
        </p>
        {shown.peopleAhead !== null && <p className="kiosk-result-ahead">{aheadText(shown.peopleAhead, t)}</p>}
        {wait && <p>{wait}</p>}
        {step.kind === 'checked-in' && (
          <p>{step.status === 'unvalidated' ? t('checkin.needsValidation') : t('checkin.wait')}</p>
        )}
        {step.kind === 'result' && step.phone && <p role="status">{t('result.sentWhatsapp', { phone: step.phone })}</p>}
        {step.kind === 'result' && !step.phone && <p className="kiosk-hint">{t('result.takePrint')}</p>}
        <div className="kiosk-result-qr">
          <QrCode value={eticketUrl(shown.uniqueCode)} label={t('result.qr')} size={180} />
          <p>{t('result.qrHint')}</p>
        </div>
        <div className="kiosk-actions">
          <button type="button" className="kiosk-btn" onClick={() => window.print()}>
            {step.kind === 'result' && !step.phone ? t('result.reprint') : t('result.print')}
          </button>
          <button type="button" className="kiosk-btn kiosk-btn-primary" onClick={goHome}>
            {t('result.done')}
          </button>
        </div>
      </section>
    );
  } else if (tab === 'checkin') {
    body = (
      <form className="kiosk-panel" onSubmit={(event) => void checkIn(event)} aria-labelledby="kiosk-checkin-title">
        <h1 id="kiosk-checkin-title">{t('checkin.title')}</h1>
        <label htmlFor="kiosk-booking-code">{t('checkin.label')}</label>
        <input
          id="kiosk-booking-code"
          className="kiosk-input"
          inputMode="none"
          autoComplete="off"
          autoCapitalize="characters"
          value={bookingCode}
          maxLength={32}
          onChange={(event) => setBookingCode(event.target.value.toUpperCase().replace(/[^A-Z0-9-]/g, ''))}
        />
        {errorBox}
        {scanning ? (
          <QrScanner
            t={t}
            onClose={() => setScanning(false)}
            onCode={(value) => {
              setScanning(false);
              setBookingCode(value.slice(0, 32));
            }}
          />
        ) : (
          <Keypad
            letters
            onKey={(k) => setBookingCode((v) => (v + k).slice(0, 32))}
            onBackspace={() => setBookingCode((v) => v.slice(0, -1))}
            onClear={() => setBookingCode('')}
            labels={{ backspace: t('keypad.backspace'), clear: t('keypad.clear'), group: t('keypad.group') }}
            disabled={pending}
          />
        )}
        <div className="kiosk-actions">
          {hasDetector && !scanning && (
            <button type="button" className="kiosk-btn" onClick={() => setScanning(true)}>
              {t('checkin.scan')}
            </button>
          )}
          <button type="submit" className="kiosk-btn kiosk-btn-primary" disabled={pending || offline} aria-busy={pending}>
            {pending ? t('checkin.pending') : t('checkin.submit')}
          </button>
        </div>
      </form>
    );
  } else {
    const tz = branch.timeZone;
    body = (
      <section className="kiosk-panel" aria-labelledby="kiosk-services-title">
        <h1 id="kiosk-services-title">{t('services.title')}</h1>
        {errorBox}
        {config.services.length === 0 && <p>{t('services.none')}</p>}
        <div className="kiosk-grid">
          {config.services.map((service) => {
            const closed = availabilityText(service.availability, tz, lang, t);
            const describedBy = `kiosk-svc-${service.id}-info`;
            return (
              <button
                key={service.id}
                type="button"
                className="kiosk-service"
                disabled={Boolean(closed) || pending || offline}
                aria-label={service.name}
                aria-describedby={describedBy}
                onClick={() => chooseService(service)}
              >
                <span className="kiosk-service-code" aria-hidden="true">
                  {service.code}
                </span>
                <span className="kiosk-service-name">{service.name}</span>
                <span className="kiosk-service-info" id={describedBy}>
                  {closed ? (
                    <span className="kiosk-service-closed">{closed.next ? `${closed.reason} · ${closed.next}` : closed.reason}</span>
                  ) : service.showRemainingQueue ? (
                    t('avail.waiting', { count: service.waiting })
                  ) : null}
                </span>
              </button>
            );
          })}
        </div>
        {pending && <p role="status">{t('issuing')}</p>}
      </section>
    );
  }

  const printable = step.kind === 'result' || step.kind === 'checked-in' ? step.shown : null;

  return (
    <div className="kiosk-root" style={style}>
      <header className="kiosk-header">
        <div className="kiosk-brand">
          {theme.logoUrl && <img src={theme.logoUrl} alt={config.tenantName} className="kiosk-logo" />}
          <div>
            <div className="kiosk-tenant">{config.tenantName}</div>
            <div className="kiosk-branch">{branch.name}</div>
          </div>
        </div>
        <Clock timeZone={branch.timeZone} />
        <div className="kiosk-lang" role="group" aria-label={t('lang.group')}>
          <button type="button" className="kiosk-lang-btn" aria-pressed={lang === 'id'} aria-label="Bahasa Indonesia" onClick={() => setLanguage('id')}>
            ID
          </button>
          <button type="button" className="kiosk-lang-btn" aria-pressed={lang === 'en'} aria-label="English" onClick={() => setLanguage('en')}>
            EN
          </button>
        </div>
      </header>
      {offlineBanner}
      {step.kind === 'home' && (
        <nav className="kiosk-tabs" aria-label={t('tabs.label')}>
          <button
            type="button"
            className="kiosk-tab"
            aria-pressed={tab === 'services'}
            onClick={() => {
              setTab('services');
              setError(null);
            }}
          >
            {t('tabs.services')}
          </button>
          <button
            type="button"
            className="kiosk-tab"
            aria-pressed={tab === 'checkin'}
            onClick={() => {
              setTab('checkin');
              setError(null);
            }}
          >
            {t('tabs.checkin')}
          </button>
        </nav>
      )}
      <main className="kiosk-main">{body}</main>
      {printable && (
        <PrintTickets shown={printable} config={config} copies={printable.service?.printCount ?? 1} t={t} />
      )}
    </div>
  );
}

export default function KioskScreen({ code }: { code: string | null }) {
  if (!code) return <CodeForm />;
  return <KioskApp key={code} code={code} />;
}
