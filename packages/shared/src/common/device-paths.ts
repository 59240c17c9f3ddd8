/**
 * First path segments of the device screens (kiosk, displays, on-site phone flow). The server
 * answers them with the light `devices.html` app instead of the staff app's `index.html`.
 */
const DEVICE_PATH_PREFIXES = [
  'mkios',
  'display',
  'new-display',
  'big-display',
  'pos-display',
  'layanan-on-site',
  'eticket-on-site',
] as const;

export function isDevicePath(pathname: string): boolean {
  const first = pathname.split('/').find(Boolean) ?? '';
  // Widen the literal tuple (a plain annotation) so `includes` takes any string.
  const prefixes: readonly string[] = DEVICE_PATH_PREFIXES;
  return prefixes.includes(first);
}

/** The first path segment of each display layout's route (`/display/:code`, `/new-display/:code`, …). */
export const DISPLAY_LAYOUT_PATHS = {
  classic: 'display',
  modern: 'new-display',
  big: 'big-display',
  pos: 'pos-display',
} as const;

export type DisplayLayout = keyof typeof DISPLAY_LAYOUT_PATHS;
const DISPLAY_LAYOUTS: readonly DisplayLayout[] = ['classic', 'modern', 'big', 'pos'];

/** Where a display opens; an unknown layout name falls back to the classic route. */
export function displayPath(layout: string | null, code: string): string {
  const known = DISPLAY_LAYOUTS.find((name) => name === layout) ?? 'classic';
  return `/${DISPLAY_LAYOUT_PATHS[known]}/${encodeURIComponent(code)}`;
}

/** The layout a display route's first path segment stands for (`new-display` → `modern`). */
export function displayLayoutOf(segment: string): DisplayLayout | undefined {
  return DISPLAY_LAYOUTS.find((name) => DISPLAY_LAYOUT_PATHS[name] === segment);
}

/** Where a kiosk opens. */
export function kioskPath(code: string): string {
  return `/mkios/${encodeURIComponent(code)}`;
}
