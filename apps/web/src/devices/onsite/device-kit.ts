/**
 * Small helpers shared by the kiosk and the on-site phone screens (zod-free, router-free).
 */
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { Language } from '@antrean/shared/i18n/lang';
import type { KioskConfigAnswer, KioskIssueAnswer } from '../common/contracts';
import { formatNextOpen } from '../common/opening';

export type DeviceService = KioskConfigAnswer['services'][number];
export type Availability = DeviceService['availability'];
export type Translate<K extends string> = (key: K, params?: Record<string, string | number>) => string;

/** The catalogue keys these helpers need: present in both kiosk.json and onsite.json. */
export type KitKey =
  | 'wait.next'
  | 'wait.ahead'
  | 'wait.range'
  | 'wait.about'
  | 'avail.closed'
  | 'avail.holiday'
  | 'avail.full'
  | 'avail.nextOpen'
  | 'avail.waiting'
  | 'day.today'
  | 'day.tomorrow';

/** Structural check (no `instanceof Crypto`: the class itself may be missing where `crypto` is). */
function isCrypto(value: unknown): value is Crypto {
  return (
    typeof value === 'object' &&
    value !== null &&
    'getRandomValues' in value &&
    typeof value.getRandomValues === 'function'
  );
}

/** An Idempotency-Key (crypto.randomUUID where available, a random v4 otherwise). */
export function newKey(): string {
  // randomUUID exists only in secure contexts (a kiosk on plain http has getRandomValues only).
  // Read through `unknown`: the DOM typings claim `crypto` always exists, old kiosk browsers disagree.
  const maybeCrypto: unknown = Reflect.get(globalThis, 'crypto');
  const c = isCrypto(maybeCrypto) ? maybeCrypto : undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Hand-written response guards (this app loads no zod): the server validates what it sends against
// the contract; these only make sure the shape a screen reads is there before it is trusted.

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Every ticket status once; `Record<TicketStatus, true>` makes the compiler flag a missing or unknown one. */
const TICKET_STATUSES: Record<TicketStatus, true> = {
  booked: true,
  unvalidated: true,
  waiting: true,
  calling: true,
  called: true,
  serving: true,
  held: true,
  skipped: true,
  finished: true,
  no_show: true,
  cancelled: true,
};

export function isTicketStatus(value: unknown): value is TicketStatus {
  return typeof value === 'string' && Object.hasOwn(TICKET_STATUSES, value);
}

/** The answer to issuing a ticket (kiosk and on-site: both contracts answer an IssuedTicket). */
export function isIssuedTicket(value: unknown): value is KioskIssueAnswer {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.number === 'string' &&
    isTicketStatus(value.status) &&
    typeof value.uniqueCode === 'string' &&
    typeof value.peopleAhead === 'number'
  );
}

/** The kiosk and on-site configurations share these parts. */
export function hasServicesConfig(
  value: unknown,
): value is Record<string, unknown> & { services: unknown[] } {
  return isObject(value) && isObject(value.branch) && isObject(value.theme) && Array.isArray(value.services);
}

/** Same pattern as the server's PhoneSchema. */
export const PHONE_PATTERN = /^(\+?62|0)8[0-9]{7,12}$/;

function locale(lang: Language): string {
  return lang === 'id' ? 'id-ID' : 'en-GB';
}

export function formatClock(at: number, timeZone: string, lang: Language, withSeconds = false): string {
  try {
    return new Intl.DateTimeFormat(locale(lang), {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      ...(withSeconds ? { second: '2-digit' } : {}),
      hour12: false,
    }).format(at);
  } catch {
    return new Date(at).toLocaleTimeString();
  }
}

export function formatDate(at: number, timeZone: string, lang: Language): string {
  try {
    return new Intl.DateTimeFormat(locale(lang), {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(at);
  } catch {
    return new Date(at).toLocaleDateString();
  }
}

/** "hari ini 08.00" / "besok 08.00" / "Senin 30 November 08.00" on the branch's calendar. */
export function nextOpenText(
  at: number,
  timeZone: string,
  lang: Language,
  t: Translate<KitKey>,
  now: number,
): string {
  return formatNextOpen(at, timeZone, lang, now, { today: t('day.today'), tomorrow: t('day.tomorrow') });
}

/** Why a service cannot issue now, and when it opens again; null when it is open. */
export function availabilityText(
  availability: Availability,
  timeZone: string,
  lang: Language,
  t: Translate<KitKey>,
  now: number,
): { reason: string; next: string | null } | null {
  if (availability.open) return null;
  const reason = t(`avail.${availability.reason}`);
  const next =
    availability.nextOpenAt === null
      ? null
      : t('avail.nextOpen', { time: nextOpenText(availability.nextOpenAt, timeZone, lang, t, now) });
  return { reason, next };
}

/** "Anda berikutnya" / "3 orang di depan Anda". */
export function aheadText(peopleAhead: number, t: Translate<KitKey>): string {
  return peopleAhead <= 0 ? t('wait.next') : t('wait.ahead', { count: peopleAhead });
}

/** "Perkiraan menunggu 5–12 menit", or null when there is nothing to wait for. */
export function waitText(
  wait: { minSeconds: number; maxSeconds: number } | null | undefined,
  peopleAhead: number,
  t: Translate<KitKey>,
): string | null {
  if (!wait || peopleAhead <= 0) return null;
  const min = Math.max(1, Math.round(wait.minSeconds / 60));
  const max = Math.max(min, Math.ceil(wait.maxSeconds / 60));
  return min === max ? t('wait.about', { min }) : t('wait.range', { min, max });
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function readableOn(hex: string): '#000000' | '#ffffff' {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return '#ffffff';
  const n = Number.parseInt(match[1], 16);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** Client-side navigation inside devices.html (main.tsx listens to popstate). */
export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function eticketUrl(uniqueCode: string): string {
  return `${window.location.origin}/eticket-on-site/${encodeURIComponent(uniqueCode)}`;
}

/** Active sub services of a service. */
export function activeSubs(service: DeviceService): DeviceService['subServices'] {
  return service.subServices.filter((sub) => sub.isActive);
}
