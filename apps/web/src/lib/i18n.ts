import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@antrean/shared/i18n/lang';
import { NAMESPACES, buildResources } from './i18n-resources';
import { local } from './storage';

/** Where the chosen interface language is remembered on this device. */
const LANGUAGE_STORAGE_KEY = 'antrean.language';

/** The language remembered on this device, if the user ever chose one. */
export function rememberedLanguage(): Language | undefined {
  const stored = local.get(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : undefined;
}

/** The active interface language (Indonesian unless the user chose otherwise). */
export function currentLanguage(): Language {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers the choice on this device. */
export async function changeLanguage(lang: Language): Promise<void> {
  local.set(LANGUAGE_STORAGE_KEY, lang);
  await i18next.changeLanguage(lang);
}

/** Keeps `<html lang>` and dayjs in step with i18next. */
function applyLanguage(lang: string): void {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  document.documentElement.lang = language;
  dayjs.locale(language);
}

i18next.on('languageChanged', applyLanguage);

void i18next.use(initReactI18next).init({
  resources: buildResources(),
  lng: rememberedLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

applyLanguage(i18next.language);

export { i18next as i18n };
