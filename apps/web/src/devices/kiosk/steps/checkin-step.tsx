import { BOOKING_CODE_MAX, type Edit, type KioskError } from '../kiosk-machine';
import type { T } from '../kiosk-text';
import { QrScanner, useBarcodeDetector } from '../qr-scanner';
import { ErrorBox } from './error-box';
import { EditKeypad, KeypadInput, StepForm, SubmitActions } from './form-parts';

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
  return (
    <StepForm titleId="kiosk-checkin-title" title={t('checkin.title')} onSubmit={props.onSubmit}>
      <KeypadInput
        id="kiosk-booking-code"
        label={t('checkin.label')}
        value={bookingCode}
        onEdit={onCode}
        autoCapitalize="characters"
        maxLength={BOOKING_CODE_MAX}
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
        <EditKeypad letters onEdit={onCode} disabled={pending} t={t} />
      )}
      <SubmitActions
        pending={pending}
        offline={props.offline}
        label={t('checkin.submit')}
        pendingLabel={t('checkin.pending')}
      >
        {hasDetector && !scanning && (
          <button type="button" className="kiosk-btn" onClick={() => onScan(true)}>
            {t('checkin.scan')}
          </button>
        )}
      </SubmitActions>
    </StepForm>
  );
}
