import type { SyntheticEvent } from 'react';
import { Keypad } from '../keypad';
import { BOOKING_CODE_MAX, type Edit, type KioskError } from '../kiosk-machine';
import type { T } from '../kiosk-text';
import { QrScanner, useBarcodeDetector } from '../qr-scanner';
import { ErrorBox } from './error-box';

/** Check in a booking: its code typed on the keypad, or its QR held to the camera. */
export function CheckInStep(props: {
  bookingCode: string;
  scanning: boolean;
  error: KioskError | null;
  offline: boolean;
  pending: boolean;
  onCode: (edit: Edit) => void;
  onScan: (on: boolean) => void;
  onSubmit: () => void;
  t: T;
}) {
  const { bookingCode, scanning, pending, onCode, onScan, t } = props;
  const hasDetector = useBarcodeDetector();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="kiosk-panel" onSubmit={submit} aria-labelledby="kiosk-checkin-title">
      <h1 id="kiosk-checkin-title">{t('checkin.title')}</h1>
      <label htmlFor="kiosk-booking-code">{t('checkin.label')}</label>
      <input
        id="kiosk-booking-code"
        className="kiosk-input"
        inputMode="none"
        autoComplete="off"
        autoCapitalize="characters"
        value={bookingCode}
        maxLength={BOOKING_CODE_MAX}
        onChange={(event) => onCode({ set: event.target.value })}
      />
      <ErrorBox error={props.error} t={t} />
      {scanning ? (
        <QrScanner
          t={t}
          onClose={() => onScan(false)}
          onCode={(value) => {
            onScan(false);
            onCode({ set: value });
          }}
        />
      ) : (
        <Keypad
          letters
          onKey={(k) => onCode({ append: k })}
          onBackspace={() => onCode('backspace')}
          onClear={() => onCode({ set: '' })}
          labels={{ backspace: t('keypad.backspace'), clear: t('keypad.clear'), group: t('keypad.group') }}
          disabled={pending}
        />
      )}
      <div className="kiosk-actions">
        {hasDetector && !scanning && (
          <button type="button" className="kiosk-btn" onClick={() => onScan(true)}>
            {t('checkin.scan')}
          </button>
        )}
        <button
          type="submit"
          className="kiosk-btn kiosk-btn-primary"
          disabled={pending || props.offline}
          aria-busy={pending}
        >
          {pending ? t('checkin.pending') : t('checkin.submit')}
        </button>
      </div>
    </form>
  );
}
