import type { Edit, KioskError } from '../kiosk-machine';
import type { T } from '../kiosk-text';
import { FieldHelp } from '../../common/controls';
import { BackButton, ErrorBox } from './error-box';
import { EditKeypad, KeypadInput, StepForm, SubmitActions } from './form-parts';

/** The WhatsApp number, typed on the kiosk's keypad. */
export function PhoneStep(props: {
  phone: string;
  phoneInvalid: boolean;
  error: KioskError | null;
  offline: boolean;
  pending: boolean;
  onPhone: (edit: Edit) => void;
  onSubmit: () => void;
  onBack: () => void;
  t: T;
}) {
  const { phone, phoneInvalid, pending, onPhone, t } = props;
  return (
    <StepForm titleId="kiosk-phone-title" title={t('phone.title')} onSubmit={props.onSubmit}>
      <KeypadInput
        id="kiosk-phone"
        label={t('phone.label')}
        value={phone}
        onEdit={onPhone}
        aria-invalid={phoneInvalid ? true : undefined}
        aria-describedby="kiosk-phone-help"
      />
      <FieldHelp
        id="kiosk-phone-help"
        error={phoneInvalid ? t('phone.invalid') : null}
        hint={t('phone.hint')}
        classes={{ error: 'kiosk-error', hint: 'kiosk-hint' }}
      />
      <ErrorBox error={props.error} t={t} />
      <EditKeypad onEdit={onPhone} disabled={pending} t={t} />
      <SubmitActions
        pending={pending}
        offline={props.offline}
        label={t('phone.send')}
        pendingLabel={t('issuing')}
      >
        <BackButton onBack={props.onBack} disabled={pending} t={t} />
      </SubmitActions>
    </StepForm>
  );
}
