import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@antrean/shared/i18n/lang';
import { useSyncExternalStore } from 'react';

/** Same key as the main app, so a device remembers the language chosen in either. */
const LANGUAGE_STORAGE_KEY = 'antrean.language';

type Catalogue = Record<string, string>;
export type Catalogues = Record<Language, Catalogue>;

function readStored(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

let current: Language = readStored();
const listeners = new Set<() => void>();

export function getLanguage(): Language {
  return current;
}

export function setLanguage(lang: Language): void {
  current = lang;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // a kiosk in private mode still switches, it just does not remember
  }
  document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `{name}` placeholders, like the shared message templates. */
function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * A tiny translator for the device screens (no i18next in these bundles). Missing keys show the
 * key itself, and a test checks both catalogues have the same keys.
 */
export function useT<C extends Catalogues>(
  catalogues: C,
): {
  lang: Language;
  t: (key: keyof C['id'] & string, params?: Record<string, string | number>) => string;
} {
  const lang = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  const table = catalogues[lang];
  return { lang, t: (key, params) => format(table[key] ?? key, params) };
}

document.documentElement.lang = current;
