import { displayLayoutOf, type DisplayLayout } from '@antrean/shared/common/device-paths';

/** The device screens' routes; their code parameters are optional, so screens ask for them when missing. */
export type DeviceRoute =
  | { screen: 'kiosk'; code: string | null }
  | { screen: 'display'; layout: DisplayLayout; code: string | null }
  | { screen: 'onsite'; branchId: string | null }
  | { screen: 'eticket'; uniqueCode: string | null }
  | { screen: 'not-found' };

export function matchDeviceRoute(pathname: string): DeviceRoute {
  const [first = '', second, ...rest] = pathname.split('/').filter(Boolean);
  if (rest.length > 0) return { screen: 'not-found' };
  const param = second === undefined ? null : decodeURIComponent(second);
  if (first === 'mkios') return { screen: 'kiosk', code: param };
  if (first === 'layanan-on-site') return { screen: 'onsite', branchId: param };
  if (first === 'eticket-on-site') return { screen: 'eticket', uniqueCode: param };
  const layout = displayLayoutOf(first);
  if (layout) return { screen: 'display', layout, code: param };
  return { screen: 'not-found' };
}
