import type { KioskError } from '../kiosk-machine';
import { errorText, type T } from '../kiosk-text';

export function ErrorBox({ error, t }: { error: KioskError | null; t: T }) {
  if (!error) return null;
  return (
    <p className="kiosk-error" role="alert">
      {errorText(error, t)}
    </p>
  );
}

export function BackButton({ onBack, disabled, t }: { onBack: () => void; disabled: boolean; t: T }) {
  return (
    <button type="button" className="kiosk-btn" onClick={onBack} disabled={disabled}>
      {t('back')}
    </button>
  );
}
