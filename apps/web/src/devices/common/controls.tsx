import type { Language } from '@antrean/shared/i18n/lang';
import { setLanguage } from './i18n';

/** The ID / EN switch of the device apps (kiosk, on-site pages): the choice is kept for the device. */
export function LangButtons({
  lang,
  label,
  className,
  buttonClassName,
}: {
  lang: Language;
  /** The group's accessible name. */
  label: string;
  className: string;
  buttonClassName?: string;
}) {
  return (
    <div className={className} role="group" aria-label={label}>
      {LANGS.map(({ code, name, short }) => (
        <button
          key={code}
          type="button"
          className={buttonClassName}
          aria-pressed={lang === code}
          aria-label={name}
          onClick={() => setLanguage(code)}
        >
          {short}
        </button>
      ))}
    </div>
  );
}

const LANGS: readonly { code: Language; name: string; short: string }[] = [
  { code: 'id', name: 'Bahasa Indonesia', short: 'ID' },
  { code: 'en', name: 'English', short: 'EN' },
];

/** The help line under a device form field: the hint, or the field's error announced as an alert. */
export function FieldHelp({
  id,
  error,
  hint,
  classes,
}: {
  id: string;
  error: string | null;
  hint: string;
  classes: { error: string; hint: string };
}) {
  return (
    <p id={id} className={error ? classes.error : classes.hint} role={error ? 'alert' : undefined}>
      {error ?? hint}
    </p>
  );
}
