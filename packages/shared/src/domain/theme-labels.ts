/**
 * The labels of the device screens a tenant may rename in its theme (`/dashboard/tema`): a
 * closed list, each naming a key of one screen's catalogue (`apps/web/src/locales-devices`),
 * with an Indonesian and an English text. An empty or missing text keeps the product's own.
 * No zod here: the device screens import this module at run time.
 */
export const THEME_LABEL_SCREENS = ['kiosk', 'display', 'onsite'] as const;
export type ThemeLabelScreen = (typeof THEME_LABEL_SCREENS)[number];

export const THEME_LABEL_KEYS = [
  'kioskServicesTab',
  'kioskServicesTitle',
  'kioskCheckinTab',
  'kioskResultHeading',
  'displayNowCalling',
  'displayLatestCalls',
  'displayWaitingPerService',
  'displayCounters',
  'onsiteTitle',
  'onsiteServicesTitle',
] as const;
export type ThemeLabelKey = (typeof THEME_LABEL_KEYS)[number];

/** Each renamable label: its screen and its key in that screen's catalogue. */
const THEME_LABELS: Record<ThemeLabelKey, { screen: ThemeLabelScreen; key: string }> = {
  kioskServicesTab: { screen: 'kiosk', key: 'tabs.services' },
  kioskServicesTitle: { screen: 'kiosk', key: 'services.title' },
  kioskCheckinTab: { screen: 'kiosk', key: 'tabs.checkin' },
  kioskResultHeading: { screen: 'kiosk', key: 'result.heading' },
  displayNowCalling: { screen: 'display', key: 'nowCalling' },
  displayLatestCalls: { screen: 'display', key: 'latestCalls' },
  displayWaitingPerService: { screen: 'display', key: 'waitingPerService' },
  displayCounters: { screen: 'display', key: 'counters' },
  onsiteTitle: { screen: 'onsite', key: 'title' },
  onsiteServicesTitle: { screen: 'onsite', key: 'services.title' },
};

/** The longest label: it must fit a kiosk tab or a display heading. */
export const THEME_LABEL_MAX = 40;

interface ThemeLabel {
  id?: string;
  en?: string;
}
export type ThemeLabels = Partial<Record<ThemeLabelKey, ThemeLabel>>;

export function isThemeLabelKey(value: string): value is ThemeLabelKey {
  return THEME_LABEL_KEYS.some((key) => key === value);
}

/** The screen a label belongs to and its key in that screen's catalogue. */
export function labelTarget(key: ThemeLabelKey): { screen: ThemeLabelScreen; key: string } {
  return THEME_LABELS[key];
}

/**
 * One screen's renamed labels per language, keyed by its catalogue's keys (what the device's
 * translator puts over its own texts). Blank texts are left out.
 */
export function labelsFor(
  labels: ThemeLabels | undefined,
  screen: ThemeLabelScreen,
): { id: Record<string, string>; en: Record<string, string> } {
  const out: { id: Record<string, string>; en: Record<string, string> } = { id: {}, en: {} };
  for (const full of THEME_LABEL_KEYS) {
    const label = labels?.[full];
    const parts = labelTarget(full);
    if (!label || parts.screen !== screen) continue;
    const id = label.id?.trim();
    const en = label.en?.trim();
    if (id) out.id[parts.key] = id;
    if (en) out.en[parts.key] = en;
  }
  return out;
}
