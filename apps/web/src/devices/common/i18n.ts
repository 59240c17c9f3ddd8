import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@antrean/shared/i18n/lang';
import { labelsFor, type ThemeLabelScreen, type ThemeLabels } from '@antrean/shared/domain/theme-labels';
import { useEffect, useSyncExternalStore } from 'react';

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

/** The theme's renamed labels per catalogue (the tenant's texts over the product's). */
type Overrides = Record<Language, Catalogue>;
const overrides = new WeakMap<Catalogues, Overrides>();
/** Changes with the language and with the overrides: what `useT` re-renders on. */
let version = 0;

export function getLanguage(): Language {
  return current;
}

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

const getVersion = () => version;

export function setLanguage(lang: Language): void {
  current = lang;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // a kiosk in private mode still switches, it just does not remember
  }
  document.documentElement.lang = lang;
  notify();
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
  useSyncExternalStore(subscribe, getVersion, getVersion);
  const lang = current;
  const table = catalogues[lang];
  const own = overrides.get(catalogues)?.[lang];
  return { lang, t: (key, params) => format(own?.[key] ?? table[key] ?? key, params) };
}

/**
 * Puts the theme's renamed labels of `screen` over its catalogue, for every `useT` of that
 * catalogue on the page; a new theme (a `theme.updated` refetch) replaces them live.
 */
export function useThemeLabels(
  catalogues: Catalogues,
  labels: ThemeLabels | undefined,
  screen: ThemeLabelScreen,
): void {
  useEffect(() => {
    overrides.set(catalogues, labelsFor(labels, screen));
    notify();
  }, [catalogues, labels, screen]);
}

document.documentElement.lang = current;
