import { useState, type SyntheticEvent } from 'react';
import { kioskPath } from '@antrean/shared/common/device-paths';
import { useT } from '../common/i18n';
import catalogues from '../../locales-devices/kiosk.json';
import { navigate } from '../onsite/device-kit';

/** Enter the kiosk code when the URL has none. */
export function CodeForm() {
  const { t } = useT(catalogues);
  const [value, setValue] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const code = value.trim();
    if (code) navigate(kioskPath(code));
  };
  return (
    <main className="kiosk-root kiosk-center">
      <form className="kiosk-panel kiosk-code-form" onSubmit={submit}>
        <h1>{t('code.title')}</h1>
        <label htmlFor="kiosk-code-input">{t('code.label')}</label>
        <input
          id="kiosk-code-input"
          className="kiosk-input"
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(event) => setValue(event.target.value.toUpperCase())}
        />
        <button type="submit" className="kiosk-btn kiosk-btn-primary">
          {t('code.submit')}
        </button>
      </form>
    </main>
  );
}

/** The server refused the code (unknown, or the kiosk is disabled): say so, and how to fix it. */
export function UnknownCode({ code }: { code: string }) {
  const { t } = useT(catalogues);
  return (
    <main className="kiosk-root kiosk-center">
      <div className="kiosk-panel kiosk-unknown" role="alert">
        <h1>{t('code.unknown')}</h1>
        <p>{t('code.unknownHint', { code })}</p>
        <p>{t('code.unknownFix')}</p>
        <button type="button" className="kiosk-btn kiosk-btn-primary" onClick={() => navigate('/mkios')}>
          {t('code.other')}
        </button>
      </div>
    </main>
  );
}
