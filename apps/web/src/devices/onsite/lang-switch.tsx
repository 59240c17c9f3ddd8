import { LangButtons } from '../common/controls';
import { useT } from '../common/i18n';
import catalogues from '../../locales-devices/onsite.json';

type T = ReturnType<typeof useT<typeof catalogues>>['t'];

export function LangSwitch({ t }: { t: T }) {
  const { lang } = useT(catalogues);
  return <LangButtons lang={lang} label={t('lang.group')} className="os-lang" />;
}
