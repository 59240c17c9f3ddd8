/** WCAG 2 contrast of two `#rrggbb` colours (1 to 21); an unreadable value counts as black. */
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return 0;
  const n = Number.parseInt(match[1], 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal text: what the display's text must reach on its background. */
export const MIN_CONTRAST = 4.5;

/** How much of the background colour lies over a background image: text on it stays readable. */
const BACKDROP_VEIL = 0.8;

/**
 * The CSS `background-image` of a screen with a theme's background image: the image under a veil
 * of the background colour (so the contrast checked for the colour still roughly holds), or
 * `none` without an image.
 */
export function backdrop(color: string, imageUrl: string | null): string {
  if (!imageUrl) return 'none';
  const hex = /^#([0-9a-fA-F]{6})$/.exec(color)?.[1] ?? '000000';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const veil = `rgba(${r}, ${g}, ${b}, ${BACKDROP_VEIL})`;
  return `linear-gradient(${veil}, ${veil}), url("${imageUrl.replaceAll('"', '%22')}")`;
}
