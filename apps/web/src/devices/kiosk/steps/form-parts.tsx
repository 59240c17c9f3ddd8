import type { InputHTMLAttributes, ReactNode, SyntheticEvent } from 'react';
import { Keypad } from '../keypad';
import type { Edit } from '../kiosk-machine';
import type { T } from '../kiosk-text';

/** A kiosk step that is a form: its panel, its title (which names it) and its submit. */
export function StepForm({
  titleId,
  title,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="kiosk-panel" onSubmit={submit} aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {children}
    </form>
  );
}

/** A labelled field typed on the kiosk's own keypad (the system keyboard stays closed). */
export function KeypadInput({
  id,
  label,
  value,
  onEdit,
  ...inputProps
}: {
  id: string;
  label: string;
  value: string;
  onEdit: (edit: Edit) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="kiosk-input"
        inputMode="none"
        autoComplete="off"
        value={value}
        onChange={(event) => onEdit({ set: event.target.value })}
        {...inputProps}
      />
    </>
  );
}

/** The on-screen keypad editing one field of the kiosk (digits, or digits and letters). */
export function EditKeypad({
  onEdit,
  letters,
  disabled,
  t,
}: {
  onEdit: (edit: Edit) => void;
  letters?: boolean;
  disabled: boolean;
  t: T;
}) {
  return (
    <Keypad
      letters={letters}
      onKey={(k) => onEdit({ append: k })}
      onBackspace={() => onEdit('backspace')}
      onClear={() => onEdit({ set: '' })}
      labels={{ backspace: t('keypad.backspace'), clear: t('keypad.clear'), group: t('keypad.group') }}
      disabled={disabled}
    />
  );
}

/**
 * A step's action row ending in its primary button: busy (and saying so) while the request runs,
 * off while offline. `children` are the secondary buttons before it.
 */
export function SubmitActions({
  pending,
  offline,
  label,
  pendingLabel,
  children,
}: {
  pending: boolean;
  offline: boolean;
  label: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="kiosk-actions">
      {children}
      <button
        type="submit"
        className="kiosk-btn kiosk-btn-primary"
        disabled={pending || offline}
        aria-busy={pending}
      >
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
