import type { KioskConfig } from '@antrean/shared/contracts/devices.contract';
import { useT } from '../common/i18n';
import catalogues from '../../locales-devices/kiosk.json';
import { aheadText, eticketUrl, formatClock, formatDate, waitText } from '../onsite/device-kit';
import { QrCode } from '../onsite/qr';
import type { Shown } from './kiosk-machine';
import type { T } from './kiosk-text';

/** The ticket as printed on thermal paper: `copies` blocks, one per page. */
export function PrintTickets({
  shown,
  config,
  copies,
  t,
}: {
  shown: Shown;
  config: KioskConfig;
  copies: number;
  t: T;
}) {
  const { lang } = useT(catalogues);
  const width = config.kiosk.paperWidthMm <= 58 ? 58 : 80;
  const tz = config.branch.timeZone;
  const wait =
    shown.service?.showRemainingQueue && shown.peopleAhead !== null
      ? waitText(shown.estimatedWait, shown.peopleAhead, t)
      : null;
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
          <QrCode
            value={eticketUrl(shown.uniqueCode)}
            label={t('result.qr')}
            size={width === 58 ? 120 : 160}
          />
          <div className="kiosk-print-small">{t('result.qrHint')}</div>
          <div className="kiosk-print-small">
            {formatDate(shown.issuedAt, tz, lang)} {formatClock(shown.issuedAt, tz, lang)}
          </div>
        </div>
      ))}
    </div>
  );
}
