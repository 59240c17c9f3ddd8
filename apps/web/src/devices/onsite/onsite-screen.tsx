import './onsite.css';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type SyntheticEvent } from 'react';
import type { OnSiteConfigAnswer as OnSiteConfig, PublicIssueBody } from '../common/contracts';
import { DeviceHttpError, deviceFetch } from '../common/http';
import { FieldHelp } from '../common/controls';
import { backdrop } from '@antrean/shared/common/contrast';
import { useT, useThemeLabels } from '../common/i18n';
import { LangSwitch } from './lang-switch';
import { LoadState } from './load-state';
import catalogues from '../../locales-devices/onsite.json';
import {
  PHONE_PATTERN,
  activeSubs,
  availabilityText,
  hasServicesConfig,
  isIssuedTicket,
  navigate,
  newKey,
  readableOn,
  type DeviceService,
} from './device-kit';

type T = ReturnType<typeof useT<typeof catalogues>>['t'];

/** Hand-written guard (no zod here): the parts of the configuration this screen reads. */
function isOnSiteConfig(value: unknown): value is OnSiteConfig {
  return hasServicesConfig(value);
}

function BranchForm({ t }: { t: T }) {
  const [value, setValue] = useState('');
  return (
    <main className="os-root">
      <form
        className="os-card"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) navigate(`/layanan-on-site/${encodeURIComponent(value.trim())}`);
        }}
      >
        <h1>{t('title')}</h1>
        <label htmlFor="os-branch">{t('branch.label')}</label>
        <input id="os-branch" className="os-input" value={value} onChange={(e) => setValue(e.target.value)} />
        <button type="submit" className="os-btn os-btn-primary">
          {t('branch.submit')}
        </button>
      </form>
    </main>
  );
}

function OnSite({ branchId, now }: { branchId: string; now: () => number }) {
  const { t, lang } = useT(catalogues);
  const [config, setConfig] = useState<OnSiteConfig | null>(null);
  useThemeLabels(catalogues, config?.theme.labels, 'onsite');
  const [loadError, setLoadError] = useState<'not-found' | 'network' | null>(null);
  const [selected, setSelected] = useState<DeviceService | null>(null);
  const [subId, setSubId] = useState<string>('');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const intentRef = useRef<{ signature: string; key: string } | null>(null);
  const inFlight = useRef(false);

  const load = useCallback(async () => {
    try {
      setConfig(
        await deviceFetch(`/api/v1/public/branches/${encodeURIComponent(branchId)}/on-site`, {
          accept: isOnSiteConfig,
        }),
      );
      setLoadError(null);
    } catch (err) {
      // 400: not a branch id or code at all; 404: no such branch on the web (or hidden there).
      setLoadError(
        err instanceof DeviceHttpError && (err.status === 404 || err.status === 400)
          ? 'not-found'
          : 'network',
      );
    }
  }, [branchId]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads from the server on mount and every 30 s
    void load();
    const id = setInterval(() => void load(), 30_000);
    return () => clearInterval(id);
  }, [load]);

  if (!config) {
    return (
      <main className="os-root">
        <div className="os-card">
          {loadError === 'not-found' ? (
            <h1>{t('branch.notFound')}</h1>
          ) : (
            <LoadState failed={loadError === 'network'} onRetry={() => void load()} t={t} />
          )}
        </div>
      </main>
    );
  }

  const { branch, theme } = config;
  const style: CSSProperties = {
    '--os-primary': theme.primaryColor,
    '--os-on-primary': readableOn(theme.primaryColor),
    // Under a veil of the page's own light background (onsite.css), so its dark text stays readable.
    backgroundImage: backdrop('#f5f7fa', theme.backgroundUrl),
    fontFamily: theme.fontFamily,
  };

  function open(service: DeviceService) {
    intentRef.current = null;
    setSelected(service);
    setSubId(activeSubs(service)[0]?.id ?? '');
    setError(null);
    setPhoneError(null);
  }

  function back() {
    intentRef.current = null;
    setSelected(null);
    setError(null);
    setPhoneError(null);
  }

  async function take(event: SyntheticEvent) {
    event.preventDefault();
    if (!selected || inFlight.current) return;
    const value = phone.trim();
    if (value && !PHONE_PATTERN.test(value)) {
      setPhoneError(t('phone.invalid'));
      return;
    }
    const subs = activeSubs(selected);
    const sub = subs.length > 0 ? subs.find((s) => s.id === subId) : undefined;
    if (subs.length > 0 && !sub) {
      setError(t('sub.required'));
      return;
    }
    const signature = `${selected.id}|${sub?.id ?? ''}|${value}`;
    if (intentRef.current?.signature !== signature) intentRef.current = { signature, key: newKey() };
    inFlight.current = true;
    setPending(true);
    setError(null);
    setPhoneError(null);
    try {
      const body: PublicIssueBody = {
        serviceId: selected.id,
        ...(sub ? { subServiceId: sub.id } : {}),
        ...(value ? { phone: value } : {}),
      };
      const ticket = await deviceFetch(`/api/v1/public/branches/${encodeURIComponent(branch.id)}/tickets`, {
        method: 'POST',
        headers: { 'Idempotency-Key': intentRef.current.key },
        body,
        accept: isIssuedTicket,
      });
      intentRef.current = null;
      navigate(`/eticket-on-site/${encodeURIComponent(ticket.uniqueCode)}`);
    } catch (err) {
      const e = err instanceof DeviceHttpError ? err : new DeviceHttpError(0, 'NETWORK_ERROR', String(err));
      if (e.code === 'NETWORK_ERROR') {
        setError(t('error.network'));
      } else if (e.status >= 500) {
        setError(t('error.server'));
      } else if (e.status === 429) {
        setError(t('error.rateLimited'));
      } else {
        intentRef.current = null;
        if (e.code === 'SERVICE_NOT_AVAILABLE') {
          setError(t('error.notAvailable'));
          void load();
        } else if (e.code === 'VALIDATION_FAILED' && value) {
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

  return (
    <div className="os-root" style={style}>
      <header className="os-header">
        {theme.logoUrl && <img src={theme.logoUrl} alt={config.tenantName} className="os-logo" />}
        <div className="os-header-text">
          <div className="os-tenant">{config.tenantName}</div>
          <div>{branch.name}</div>
        </div>
        <LangSwitch t={t} />
      </header>
      <main className="os-main">
        {selected ? (
          <form className="os-card" onSubmit={(event) => void take(event)} aria-labelledby="os-take-title">
            <h1 id="os-take-title">{selected.name}</h1>
            {activeSubs(selected).length > 0 && (
              <fieldset className="os-fieldset">
                <legend>{t('sub.legend')}</legend>
                {activeSubs(selected).map((sub) => (
                  <label key={sub.id} className="os-radio">
                    <input
                      type="radio"
                      name="os-sub"
                      value={sub.id}
                      checked={subId === sub.id}
                      onChange={() => setSubId(sub.id)}
                    />
                    {sub.name}
                  </label>
                ))}
              </fieldset>
            )}
            {branch.whatsappVirtualTicket && (
              <div className="os-field">
                <label htmlFor="os-phone">{t('phone.label')}</label>
                <input
                  id="os-phone"
                  className="os-input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  value={phone}
                  aria-invalid={phoneError ? true : undefined}
                  aria-describedby="os-phone-help"
                  onChange={(e) => setPhone(e.target.value)}
                />
                <FieldHelp
                  id="os-phone-help"
                  error={phoneError}
                  hint={t('phone.hint')}
                  classes={{ error: 'os-error', hint: 'os-hint' }}
                />
              </div>
            )}
            {error && (
              <p className="os-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="os-btn os-btn-primary" disabled={pending} aria-busy={pending}>
              {pending ? t('taking') : t('take')}
            </button>
            <button type="button" className="os-btn" onClick={back} disabled={pending}>
              {t('back')}
            </button>
          </form>
        ) : (
          <section className="os-card" aria-labelledby="os-services-title">
            <h1 id="os-services-title">{t('services.title')}</h1>
            {config.services.length === 0 && <p>{t('services.none')}</p>}
            <ul className="os-list">
              {config.services.map((service) => {
                const closed = availabilityText(service.availability, branch.timeZone, lang, t, now());
                const info = `os-svc-${service.id}`;
                return (
                  <li key={service.id}>
                    <button
                      type="button"
                      className="os-service"
                      disabled={Boolean(closed)}
                      aria-label={service.name}
                      aria-describedby={info}
                      onClick={() => open(service)}
                    >
                      <span className="os-service-name">{service.name}</span>
                      <span id={info} className="os-service-info">
                        {closed ? (
                          <strong>{closed.next ? `${closed.reason} · ${closed.next}` : closed.reason}</strong>
                        ) : (
                          <>
                            {t('avail.open')}
                            {service.showRemainingQueue && (
                              <> · {t('avail.waiting', { count: service.waiting })}</>
                            )}
                          </>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </main>
    </div>
  );
}

const systemNow = () => Date.now();

/** `/layanan-on-site/:branch`: the branch's id or its code (any case). `now` is the clock. */
export default function OnSiteScreen({
  branchId,
  now = systemNow,
}: {
  branchId: string | null;
  now?: () => number;
}) {
  const { t } = useT(catalogues);
  if (!branchId) return <BranchForm t={t} />;
  return <OnSite key={branchId} branchId={branchId} now={now} />;
}
