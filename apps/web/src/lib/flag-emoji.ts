import { flagEmoji } from '@antrean/shared/common/flag';

let supported: boolean | null = null;

/**
 * Whether this screen draws flag emoji in colour: Windows and systems without a colour emoji font
 * draw two boxed letters or empty boxes instead, which is worse than no flag. Drawn once on a
 * small canvas and checked for a coloured pixel.
 */
function flagsSupported(): boolean {
  if (supported !== null) return supported;
  supported = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 16;
    canvas.height = 16;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return supported;
    ctx.font = '14px "Noto Color Emoji","Apple Color Emoji","Segoe UI Emoji",sans-serif';
    ctx.textBaseline = 'top';
    ctx.fillText(flagEmoji('US'), 0, 0);
    const data = ctx.getImageData(0, 0, 16, 16).data;
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i] ?? 0;
      const g = data[i + 1] ?? 0;
      const b = data[i + 2] ?? 0;
      if (Math.abs(r - g) > 30 || Math.abs(g - b) > 30) {
        supported = true;
        break;
      }
    }
  } catch {
    // no canvas (tests, locked-down WebViews): no flags
  }
  return supported;
}

/** The flag emoji of an ISO 3166 country code where the screen can draw it, else ''. */
export function shownFlag(country: string | null): string {
  return country && flagsSupported() ? flagEmoji(country) : '';
}
