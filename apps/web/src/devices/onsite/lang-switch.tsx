import { setLanguage, useT } from '../common/i18n';
import catalogues from '../../locales-devices/onsite.json';

type T = ReturnType<typeof useT<typeof catalogues>>['t'];

export function LangSwitch({ t }: { t: T }) {
  const { lang } = useT(catalogues);
  return (
    <div className="os-lang" role="group" aria-label={t('lang.group')}>
      <button
        type="button"
        aria-pressed={lang === 'id'}
        aria-label="Bahasa Indonesia"
        onClick={() => setLanguage('id')}
      >
        ID
      </button>
      <button
        type="button"
        aria-pressed={lang === 'en'}
        aria-label="English"
        onClick={() => setLanguage('en')}
      >
        EN
      </button>
    </div>
  );
}
