import type { Language } from '@antrean/shared/i18n/lang';
import { labelTarget, type ThemeLabelKey, type ThemeLabels } from '@antrean/shared/domain/theme-labels';
import display from '@/locales-devices/display.json';
import kiosk from '@/locales-devices/kiosk.json';
import onsite from '@/locales-devices/onsite.json';

const CATALOGUES: Record<string, Record<Language, Record<string, string>>> = { kiosk, display, onsite };

/** The product's own text of a label on its device screen (the placeholder of its input). */
export function defaultLabel(key: ThemeLabelKey, lang: Language): string {
  const target = labelTarget(key);
  return CATALOGUES[target.screen]?.[lang][target.key] ?? '';
}

/** What a screen shows for a label with this theme: the tenant's text, or the product's. */
export function shownLabel(labels: ThemeLabels, key: ThemeLabelKey, lang: Language): string {
  const own = labels[key]?.[lang]?.trim() ?? '';
  return own !== '' ? own : defaultLabel(key, lang);
}
