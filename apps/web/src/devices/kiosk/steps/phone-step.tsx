import type { SyntheticEvent } from 'react';
import type { Edit, KioskError } from '../kiosk-machine';
import { Keypad } from '../keypad';
import type { T } from '../kiosk-text';
import { BackButton, ErrorBox } from './error-box';

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
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="kiosk-panel" onSubmit={submit} aria-labelledby="kiosk-phone-title">
      <h1 id="kiosk-phone-title">{t('phone.title')}</h1>
      <label htmlFor="kiosk-phone">{t('phone.label')}</label>
      <input
        id="kiosk-phone"
        className="kiosk-input"
        inputMode="none"
        autoComplete="off"
        value={phone}
        aria-invalid={phoneInvalid ? true : undefined}
        aria-describedby="kiosk-phone-help"
        onChange={(event) => onPhone({ set: event.target.value })}
      />
      <p
        id="kiosk-phone-help"
        className={phoneInvalid ? 'kiosk-error' : 'kiosk-hint'}
        role={phoneInvalid ? 'alert' : undefined}
      >
        {phoneInvalid ? t('phone.invalid') : t('phone.hint')}
      </p>
      <ErrorBox error={props.error} t={t} />
      <Keypad
        onKey={(k) => onPhone({ append: k })}
        onBackspace={() => onPhone('backspace')}
        onClear={() => onPhone({ set: '' })}
        labels={{ backspace: t('keypad.backspace'), clear: t('keypad.clear'), group: t('keypad.group') }}
        disabled={pending}
      />
      <div className="kiosk-actions">
        <BackButton onBack={props.onBack} disabled={pending} t={t} />
        <button
          type="submit"
          className="kiosk-btn kiosk-btn-primary"
          disabled={pending || props.offline}
          aria-busy={pending}
        >
          {pending ? t('issuing') : t('phone.send')}
        </button>
      </div>
    </form>
  );
}
