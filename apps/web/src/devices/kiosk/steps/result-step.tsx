import { aheadText, eticketUrl, waitText } from '../../onsite/device-kit';
import { QrCode } from '../../onsite/qr';
import type { ResultStep as Result } from '../kiosk-machine';
import type { T } from '../kiosk-text';

/** The issued (or checked-in) ticket: its number, the queue ahead, the e-ticket QR. */
export function ResultStep({ step, onDone, t }: { step: Result; onDone: () => void; t: T }) {
  const { shown } = step;
  const wait =
    shown.service?.showRemainingQueue && shown.peopleAhead !== null
      ? waitText(shown.estimatedWait, shown.peopleAhead, t)
      : null;
  const printed = step.kind === 'result' && !step.phone;
  return (
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
      {step.kind === 'result' && step.phone && (
        <p role="status">{t('result.sentWhatsapp', { phone: step.phone })}</p>
      )}
      {printed && <p className="kiosk-hint">{t('result.takePrint')}</p>}
      <div className="kiosk-result-qr">
        <QrCode value={eticketUrl(shown.uniqueCode)} label={t('result.qr')} size={180} />
        <p>{t('result.qrHint')}</p>
      </div>
      <div className="kiosk-actions">
        <button type="button" className="kiosk-btn" onClick={() => window.print()}>
          {printed ? t('result.reprint') : t('result.print')}
        </button>
        <button type="button" className="kiosk-btn kiosk-btn-primary" onClick={onDone}>
          {t('result.done')}
        </button>
      </div>
    </section>
  );
}
