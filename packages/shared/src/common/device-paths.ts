/**
 * First path segments of the device screens (kiosk, displays, on-site phone flow). The server
 * answers them with the light `devices.html` app instead of the staff app's `index.html`.
 */
export const DEVICE_PATH_PREFIXES = [
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
