import { useEffect, useState } from 'react';
import type { KioskConfig } from '@antrean/shared/contracts/devices.contract';
import { LangButtons } from '../common/controls';
import { useT } from '../common/i18n';
import catalogues from '../../locales-devices/kiosk.json';
import { formatClock, formatDate } from '../onsite/device-kit';

function useNow(now: () => number, intervalMs: number): number {
  const [value, setValue] = useState(now);
  useEffect(() => {
    const id = setInterval(() => setValue(now()), intervalMs);
    return () => clearInterval(id);
  }, [now, intervalMs]);
  return value;
}

function Clock({ timeZone, now }: { timeZone: string; now: () => number }) {
  const { lang } = useT(catalogues);
  const at = useNow(now, 1000);
  return (
    <div className="kiosk-clock">
      <time className="kiosk-clock-time">{formatClock(at, timeZone, lang)}</time>
      <span className="kiosk-clock-date">{formatDate(at, timeZone, lang)}</span>
    </div>
  );
}

/** The tenant and branch, the branch's clock, the language switch, and the offline marker. */
export function KioskHeader({
  config,
  offline,
  now,
}: {
  config: KioskConfig;
  offline: boolean;
  now: () => number;
}) {
  const { t, lang } = useT(catalogues);
  const { theme, branch } = config;
  return (
    <header className="kiosk-header">
      <div className="kiosk-brand">
        {theme.logoUrl && <img src={theme.logoUrl} alt={config.tenantName} className="kiosk-logo" />}
        <div className="kiosk-brand-text">
          <div className="kiosk-tenant">{config.tenantName}</div>
          <div className="kiosk-branch">{branch.name}</div>
        </div>
      </div>
      <Clock timeZone={branch.timeZone} now={now} />
      <div className="kiosk-header-end">
        {offline && (
          <span className="kiosk-offline-marker" title={t('offline')}>
            <span aria-hidden="true" className="kiosk-offline-dot" />
            {t('offline.marker')}
          </span>
        )}
        <LangButtons
          lang={lang}
          label={t('lang.group')}
          className="kiosk-lang"
          buttonClassName="kiosk-lang-btn"
        />
      </div>
    </header>
  );
}
