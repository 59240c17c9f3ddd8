import type { DeviceService } from '../../onsite/device-kit';
import type { KioskError, Sub } from '../kiosk-machine';
import { isRepeatTap, type T } from '../kiosk-text';
import { BackButton, ErrorBox } from './error-box';

/** The branch sends tickets by WhatsApp too: print it, or send it. */
export function DeliveryStep(props: {
  service: DeviceService;
  sub: Sub | null;
  error: KioskError | null;
  disabled: boolean;
  pending: boolean;
  onPrint: () => void;
  onWhatsapp: () => void;
  onBack: () => void;
  t: T;
}) {
  const { service, sub, pending, t } = props;
  return (
    <section className="kiosk-panel" aria-labelledby="kiosk-delivery-title">
      <h1 id="kiosk-delivery-title">{t('delivery.title')}</h1>
      <p>
        {service.name}
        {sub ? ` — ${sub.name}` : ''}
      </p>
      <ErrorBox error={props.error} t={t} />
      <div className="kiosk-grid kiosk-grid-2">
        <button
          type="button"
          className="kiosk-service kiosk-btn-primary"
          disabled={props.disabled}
          aria-busy={pending}
          onClick={(event) => {
            if (!isRepeatTap(event)) props.onPrint();
          }}
        >
          <span className="kiosk-service-name">{t('delivery.print')}</span>
        </button>
        <button
          type="button"
          className="kiosk-service"
          disabled={props.disabled}
          onClick={(event) => {
            if (!isRepeatTap(event)) props.onWhatsapp();
          }}
        >
          <span className="kiosk-service-name">{t('delivery.whatsapp')}</span>
        </button>
      </div>
      {pending && <p role="status">{t('issuing')}</p>}
      <div className="kiosk-actions">
        <BackButton onBack={props.onBack} disabled={pending} t={t} />
      </div>
    </section>
  );
}
