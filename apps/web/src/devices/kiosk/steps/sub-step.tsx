import { activeSubs, type DeviceService } from '../../onsite/device-kit';
import type { KioskError, Sub } from '../kiosk-machine';
import { isRepeatTap, type T } from '../kiosk-text';
import { BackButton, ErrorBox } from './error-box';

/** A service with sub services: which one. */
export function SubStep(props: {
  service: DeviceService;
  error: KioskError | null;
  disabled: boolean;
  pending: boolean;
  onChoose: (sub: Sub) => void;
  onBack: () => void;
  t: T;
}) {
  const { service, t } = props;
  return (
    <section className="kiosk-panel" aria-labelledby="kiosk-sub-title">
      <h1 id="kiosk-sub-title">{t('sub.title', { service: service.name })}</h1>
      <ErrorBox error={props.error} t={t} />
      <div className="kiosk-grid">
        {activeSubs(service).map((sub) => (
          <button
            key={sub.id}
            type="button"
            className="kiosk-service"
            disabled={props.disabled}
            onClick={(event) => {
              if (!isRepeatTap(event)) props.onChoose(sub);
            }}
          >
            <span className="kiosk-service-name">{sub.name}</span>
          </button>
        ))}
      </div>
      <div className="kiosk-actions">
        <BackButton onBack={props.onBack} disabled={props.pending} t={t} />
      </div>
    </section>
  );
}
