import { type BranchService, SERVICE_TYPES } from '@antrean/shared/domain/service';
import type { Counter } from '@antrean/shared/domain/counter';
import type { Theme } from '@antrean/shared/domain/theme';
import { isThemeLabelKey, type ThemeLabels } from '@antrean/shared/domain/theme-labels';
import { brandingUrl } from '@antrean/shared/contracts/files.contract';
import { fromFlag } from '../../lib/flags';
import type { CounterRow, ServiceRow, SubServiceRow, ThemeRow } from './catalog.repository';

/** Logos and favicons are shown by plain `<img>` / `<link rel=icon>` on devices: the public branding route. */
const brandingImage = (fileId: string | null): string | null => (fileId ? brandingUrl(fileId) : null);

export function toBranchService(row: ServiceRow, subs: SubServiceRow[]): BranchService {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    type: SERVICE_TYPES.find((t) => t === row.type) ?? 'both',
    slaSeconds: row.sla_seconds,
    printCount: row.print_count,
    randomCaller: fromFlag(row.random_caller),
    customerPhoto: fromFlag(row.customer_photo),
    finishButton: fromFlag(row.finish_button),
    showOnKiosk: fromFlag(row.show_on_kiosk),
    showOnWeb: fromFlag(row.show_on_web),
    showRemainingQueue: fromFlag(row.show_remaining_queue),
    isActive: fromFlag(row.is_active),
    subServices: subs
      .filter((s) => s.service_id === row.id)
      .map((s) => ({ id: s.id, name: s.name, isActive: fromFlag(s.is_active) })),
  };
}

export function toCounter(row: CounterRow, serviceIds: string[]): Counter {
  return {
    id: row.id,
    branchId: row.branch_id,
    name: row.name,
    number: row.number,
    isActive: fromFlag(row.is_active),
    serviceIds,
  };
}

/** A theme's stored labels (`labels_json`): the listed keys with their texts; anything else is ignored. */
export function parseThemeLabels(json: string): ThemeLabels {
  const out: ThemeLabels = {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return out; // a broken label document falls back to the product's labels
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, label] of Object.entries(value)) {
    if (!isThemeLabelKey(key) || !label || typeof label !== 'object') continue;
    const text = (lang: 'id' | 'en'): string | undefined => {
      const v: unknown = (label as Record<string, unknown>)[lang];
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    };
    const id = text('id');
    const en = text('en');
    if (id !== undefined || en !== undefined) {
      out[key] = { ...(id !== undefined ? { id } : {}), ...(en !== undefined ? { en } : {}) };
    }
  }
  return out;
}

export function toTheme(row: ThemeRow & { tenant_name: string; tenant_logo: string | null }): Theme {
  return {
    name: row.name,
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
    sidebarBackground: row.sidebar_background,
    pageBackground: row.page_background,
    displayBackground: row.display_background,
    displayTextColor: row.display_text_color,
    fontFamily: row.font_family,
    headingFontFamily: row.heading_font_family,
    labels: parseThemeLabels(row.labels_json),
    logoUrl: brandingImage(row.logo_file_id ?? row.tenant_logo),
    faviconUrl: brandingImage(row.favicon_file_id),
    backgroundUrl: brandingImage(row.background_file_id),
    tenantName: row.tenant_name,
  };
}
