/** The device screens' routes (spec §2); parameters are optional there, so screens ask for them when missing. */
export type DeviceRoute =
  | { screen: 'kiosk'; code: string | null }
  | { screen: 'display'; layout: 'classic' | 'modern' | 'big' | 'pos'; code: string | null }
  | { screen: 'onsite'; branchId: string | null }
  | { screen: 'eticket'; uniqueCode: string | null }
  | { screen: 'not-found' };

const DISPLAY_LAYOUTS = { display: 'classic', 'new-display': 'modern', 'big-display': 'big', 'pos-display': 'pos' } as const;

/** Own keys only (`Object.hasOwn`), so inherited names like `toString` are no display path. */
function isDisplayPath(segment: string): segment is keyof typeof DISPLAY_LAYOUTS {
  return Object.hasOwn(DISPLAY_LAYOUTS, segment);
}

export function matchDeviceRoute(pathname: string): DeviceRoute {
  const [first = '', second, ...rest] = pathname.split('/').filter(Boolean);
  if (rest.length > 0) return { screen: 'not-found' };
  const param = second === undefined ? null : decodeURIComponent(second);
  if (first === 'mkios') return { screen: 'kiosk', code: param };
  if (first === 'layanan-on-site') return { screen: 'onsite', branchId: param };
  if (first === 'eticket-on-site') return { screen: 'eticket', uniqueCode: param };
  if (isDisplayPath(first)) return { screen: 'display', layout: DISPLAY_LAYOUTS[first], code: param };
  return { screen: 'not-found' };
}
