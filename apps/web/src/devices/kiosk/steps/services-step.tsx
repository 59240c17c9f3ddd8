import type { KioskConfig } from '@antrean/shared/contracts/devices.contract';
import type { Language } from '@antrean/shared/i18n/lang';
import { branchClosed } from '../../common/opening';
import { availabilityText, nextOpenText, type DeviceService } from '../../onsite/device-kit';
import type { KioskError } from '../kiosk-machine';
import type { T } from '../kiosk-text';
import { ErrorBox } from './error-box';

/** "Cabang sedang tutup · buka lagi hari ini 08.00": said once when no service of the branch is open. */
function branchClosedText(config: KioskConfig, lang: Language, t: T, now: number): string | null {
  const closed = branchClosed(config.services);
  if (!closed) return null;
  const head = t('branch.closed');
  if (closed.nextOpenAt === null) return head;
  return `${head} · ${t('branch.nextOpen', { time: nextOpenText(closed.nextOpenAt, config.branch.timeZone, lang, t, now) })}`;
}

/** The start: one big button per service, each with its queue or why it is closed. */
export function ServicesStep(props: {
  config: KioskConfig;
  error: KioskError | null;
  disabled: boolean;
  pending: boolean;
  now: number;
  lang: Language;
  onChoose: (service: DeviceService) => void;
  t: T;
}) {
  const { config, lang, now, t } = props;
  const closedBranch = branchClosedText(config, lang, t, now);
  return (
    <section className="kiosk-panel" aria-labelledby="kiosk-services-title">
      <h1 id="kiosk-services-title">{t('services.title')}</h1>
      <ErrorBox error={props.error} t={t} />
      {config.services.length === 0 && <p>{t('services.none')}</p>}
      {closedBranch ? (
        <div className="kiosk-closed" role="status">
          <p className="kiosk-closed-text">{closedBranch}</p>
          <p className="kiosk-hint">{t('branch.closedHint')}</p>
        </div>
      ) : (
        <div className="kiosk-grid">
          {config.services.map((service) => {
            const closed = availabilityText(service.availability, config.branch.timeZone, lang, t, now);
            const describedBy = `kiosk-svc-${service.id}-info`;
            return (
              <button
                key={service.id}
                type="button"
                className="kiosk-service"
                disabled={Boolean(closed) || props.disabled}
                aria-label={service.name}
                aria-describedby={describedBy}
                onClick={() => props.onChoose(service)}
              >
                <span className="kiosk-service-code" aria-hidden="true">
                  {service.code}
                </span>
                <span className="kiosk-service-name">{service.name}</span>
                <span className="kiosk-service-info" id={describedBy}>
                  {closed ? (
                    <span className="kiosk-service-closed">
                      {closed.next ? `${closed.reason} · ${closed.next}` : closed.reason}
                    </span>
                  ) : service.showRemainingQueue ? (
                    t('avail.waiting', { count: service.waiting })
                  ) : null}
                </span>
              </button>
            );
          })}
        </div>
      )}
      {props.pending && <p role="status">{t('issuing')}</p>}
    </section>
  );
}
