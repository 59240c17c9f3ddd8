import type { MouseEvent } from 'react';
import type { useT } from '../common/i18n';
import type catalogues from '../../locales-devices/kiosk.json';
import type { KioskError } from './kiosk-machine';

/** The kiosk's translator. */
export type T = ReturnType<typeof useT<typeof catalogues>>['t'];

/** The machine's message in the visitor's language (the server's own text is already localized). */
export function errorText(error: KioskError, t: T): string {
  return 'key' in error ? t(error.key) : error.text;
}

/**
 * Whether a click is the second (or later) tap of a double tap: `detail` is the browser's
 * tap/click count. A step that appears under the visitor's finger ignores it, or the second tap
 * on the previous step would choose whatever button now sits there (e.g. "Cetak tiket" instead of
 * letting the visitor pick WhatsApp). Keyboard and assistive-technology clicks have `detail` 0.
 */
export function isRepeatTap(event: MouseEvent): boolean {
  return event.detail > 1;
}
