import './kiosk.css';
import { useCallback, useEffect, useReducer, useRef, type CSSProperties, type ReactNode } from 'react';
import type { CheckInBody, KioskConfigAnswer, KioskIssueBody } from '../common/contracts';
import { deviceFetch } from '../common/http';
import { backdrop } from '@antrean/shared/common/contrast';
import { setLanguage, useT, useThemeLabels } from '../common/i18n';
import catalogues from '../../locales-devices/kiosk.json';
import { PHONE_PATTERN, isIssuedTicket, newKey, readableOn, type DeviceService } from '../onsite/device-kit';
import { CodeForm, UnknownCode } from './code-form';
import { failureOf, isCheckedInTicket, shownOf } from './kiosk-answers';
import { KioskHeader } from './kiosk-header';
import {
  BOOKING_CODE_MIN,
  checkInFailure,
  choiceOf,
  initialKioskState,
  intentFor,
  isAtStart,
  issueFailure,
  kioskReducer,
  type Sub,
} from './kiosk-machine';
import { PhotoStep } from './photo-step';
import { PrintTickets } from './print-tickets';
import { CheckInStep } from './steps/checkin-step';
import { DeliveryStep } from './steps/delivery-step';
import { PhoneStep } from './steps/phone-step';
import { ResultStep } from './steps/result-step';
import { ServicesStep } from './steps/services-step';
import { SubStep } from './steps/sub-step';
import { useIdleReset } from './use-idle-reset';
import { useCatalogReload } from './use-catalog-reload';
import { useFavicon } from '../common/use-favicon';
import { useKioskConfig } from './use-kiosk-config';

function themeStyle(config: KioskConfigAnswer): CSSProperties {
  const { theme } = config;
  return {
    '--k-primary': theme.primaryColor,
    '--k-on-primary': readableOn(theme.primaryColor),
    '--k-bg': theme.displayBackground,
    '--k-fg': readableOn(theme.displayBackground),
    backgroundImage: backdrop(theme.displayBackground, theme.backgroundUrl),
    fontFamily: theme.fontFamily,
  };
}

function KioskApp({ code, now }: { code: string; now: () => number }) {
  const { t, lang } = useT(catalogues);
  const { config, unknown, offline, reload, markDown } = useKioskConfig(code);
  useCatalogReload(unknown ? '' : code, reload);
  useFavicon(config?.theme.faviconUrl);
  useThemeLabels(catalogues, config?.theme.labels, 'kiosk');
  const [state, dispatch] = useReducer(kioskReducer, initialKioskState);
  const intentRef = useRef<{ signature: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const printedFor = useRef<string | null>(null);

  const goHome = useCallback(() => {
    intentRef.current = null;
    dispatch({ type: 'home' });
  }, []);
  const busy = useCallback(() => inFlight.current, []);
  const idleReset = useCallback(() => {
    goHome();
    setLanguage('id');
  }, [goHome]);
  useIdleReset(isAtStart(state), config?.idleSeconds ?? 60, busy, idleReset, now);

  // Print once when a printed ticket is shown (marked when it really prints: StrictMode runs effects twice).
  const { step } = state;
  useEffect(() => {
    if (step.kind !== 'result' || step.phone !== null) return undefined;
    const uniqueCode = step.shown.uniqueCode;
    if (printedFor.current === uniqueCode) return undefined;
    const id = setTimeout(() => {
      printedFor.current = uniqueCode;
      window.print();
    }, 300);
    return () => clearTimeout(id);
  }, [step]);

  if (unknown) return <UnknownCode code={code} />;
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
  const { branch } = config;
  const headers = { 'X-Kiosk-Code': code };

  /** Runs one request at a time: a double tap's second tap finds the first on its way. */
  async function once(work: () => Promise<void>) {
    if (inFlight.current) return;
    if (offline) {
      dispatch({ type: 'error', error: { key: 'error.offline' } });
      return;
    }
    inFlight.current = true;
    dispatch({ type: 'start' });
    try {
      await work();
    } finally {
      inFlight.current = false;
    }
  }

  function issue(service: DeviceService, sub: Sub | null, phone: string | null) {
    void once(async () => {
      const intent = intentFor(intentRef.current, `${service.id}|${sub?.id ?? ''}|${phone ?? ''}`, newKey);
      intentRef.current = intent;
      try {
        const body: KioskIssueBody = {
          serviceId: service.id,
          ...(sub ? { subServiceId: sub.id } : {}),
          channel: 'kiosk',
          ...(phone ? { phone } : {}),
        };
        const ticket = await deviceFetch(`/api/v1/branches/${encodeURIComponent(branch.id)}/tickets`, {
          method: 'POST',
          headers: { ...headers, 'Idempotency-Key': intent.key },
          body,
          accept: isIssuedTicket,
        });
        intentRef.current = null; // the ticket is shown: the next tap is a new intent
        dispatch({
          type: 'issued',
          shown: shownOf(ticket, service, sub),
          phone,
          ticketId: ticket.id,
          photo: service.customerPhoto,
        });
        reload();
      } catch (error) {
        const outcome = issueFailure(failureOf(error), phone !== null);
        if (outcome.forgetIntent) intentRef.current = null;
        if (outcome.netDown) markDown();
        if (outcome.reload) reload();
        dispatch({ type: 'failed', error: outcome.error, phoneInvalid: outcome.phoneInvalid });
      }
    });
  }

  function choose(service: DeviceService, sub?: Sub) {
    if (state.pending) return;
    const choice = choiceOf(service, sub, branch.whatsappVirtualTicket);
    if ('issue' in choice) issue(choice.issue.service, choice.issue.sub, null);
    else dispatch({ type: 'choose', ...choice });
  }

  function checkIn() {
    const bookingCode = state.bookingCode.trim();
    if (inFlight.current) return;
    if (bookingCode.length < BOOKING_CODE_MIN) {
      dispatch({ type: 'error', error: { key: 'checkin.tooShort' } });
      return;
    }
    void once(async () => {
      try {
        const body: CheckInBody = { bookingCode };
        const ticket = await deviceFetch(`/api/v1/branches/${encodeURIComponent(branch.id)}/check-in`, {
          method: 'POST',
          headers,
          body,
          accept: isCheckedInTicket,
        });
        const service = config?.services.find((s) => s.id === ticket.serviceId) ?? null;
        const sub = service?.subServices.find((s) => s.id === ticket.subServiceId) ?? null;
        const photo = service?.customerPhoto ?? false;
        dispatch({
          type: 'checkedIn',
          shown: shownOf(ticket, service, sub),
          status: ticket.status,
          ticketId: ticket.id,
          photo,
        });
      } catch (error) {
        const outcome = checkInFailure(failureOf(error));
        if (outcome.netDown) markDown();
        dispatch({ type: 'failed', error: outcome.error, phoneInvalid: false });
      }
    });
  }

  function back() {
    if (state.pending) return;
    intentRef.current = null;
    dispatch({ type: 'back' });
  }

  const { pending, error } = state;
  const disabled = pending || offline;
  let body: ReactNode;
  switch (step.kind) {
    case 'services':
      body = (
        <ServicesStep
          config={config}
          error={error}
          disabled={disabled}
          pending={pending}
          now={now()}
          lang={lang}
          onChoose={(s) => choose(s)}
          t={t}
        />
      );
      break;
    case 'checkin':
      body = (
        <CheckInStep
          bookingCode={state.bookingCode}
          scanning={state.scanning}
          error={error}
          offline={offline}
          pending={pending}
          onCode={(edit) => dispatch({ type: 'edit', field: 'bookingCode', edit })}
          onScan={(on) => dispatch({ type: 'scan', on })}
          onSubmit={checkIn}
          t={t}
        />
      );
      break;
    case 'sub':
      body = (
        <SubStep
          service={step.service}
          error={error}
          disabled={disabled}
          pending={pending}
          onChoose={(sub) => choose(step.service, sub)}
          onBack={back}
          t={t}
        />
      );
      break;
    case 'delivery':
      body = (
        <DeliveryStep
          service={step.service}
          sub={step.sub}
          error={error}
          disabled={disabled}
          pending={pending}
          onPrint={() => issue(step.service, step.sub, null)}
          onWhatsapp={() => dispatch({ type: 'askPhone' })}
          onBack={back}
          t={t}
        />
      );
      break;
    case 'phone':
      body = (
        <PhoneStep
          phone={state.phone}
          phoneInvalid={state.phoneInvalid}
          error={error}
          offline={offline}
          pending={pending}
          onPhone={(edit) => dispatch({ type: 'edit', field: 'phone', edit })}
          onSubmit={() => {
            const phone = state.phone.trim();
            if (PHONE_PATTERN.test(phone)) issue(step.service, step.sub, phone);
            else dispatch({ type: 'phoneInvalid' });
          }}
          onBack={back}
          t={t}
        />
      );
      break;
    case 'photo':
      body = (
        <PhotoStep
          ticketId={step.ticketId}
          kioskCode={code}
          onDone={() => dispatch({ type: 'photoDone' })}
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
      break;
    case 'result':
    case 'checked-in':
      body = <ResultStep step={step} onDone={goHome} t={t} />;
      break;
  }

  const home = step.kind === 'services' || step.kind === 'checkin';
  const printable = step.kind === 'result' || step.kind === 'checked-in' ? step.shown : null;
  return (
    <div className="kiosk-root" style={themeStyle(config)}>
      <KioskHeader config={config} offline={offline} now={now} />
      {offlineBanner}
      {home && (
        <nav className="kiosk-tabs" aria-label={t('tabs.label')}>
          <button
            type="button"
            className="kiosk-tab"
            aria-pressed={step.kind === 'services'}
            onClick={() => dispatch({ type: 'tab', tab: 'services' })}
          >
            {t('tabs.services')}
          </button>
          <button
            type="button"
            className="kiosk-tab"
            aria-pressed={step.kind === 'checkin'}
            onClick={() => dispatch({ type: 'tab', tab: 'checkin' })}
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

const systemNow = () => Date.now();

/** `/mkios/:code`. `now` is the clock (tests pass a fixed one). */
export default function KioskScreen({ code, now = systemNow }: { code: string | null; now?: () => number }) {
  if (!code) return <CodeForm />;
  return <KioskApp key={code} code={code} now={now} />;
}
