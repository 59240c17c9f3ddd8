/**
 * Colour helpers for tenant themes: a tenant picks one primary colour; Mantine needs ten shades.
 * Pure functions on `#rrggbb` strings so they are easy to test.
 */
export type Palette = readonly [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const FALLBACK: Rgb = { r: 11, g: 92, b: 171 };

function parseHex(hex: string): Rgb | undefined {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return undefined;
  const value = parseInt(match[1], 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  const part = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  return {
    r: color.r + (target.r - color.r) * amount,
    g: color.g + (target.g - color.g) * amount,
    b: color.b + (target.b - color.b) * amount,
  };
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/**
 * Ten shades, lightest first, with the tenant's own colour at index 6 (Mantine's default
 * primary shade in light mode), so buttons show exactly the colour the tenant chose.
 */
export function generatePalette(hex: string): Palette {
  const base = parseHex(hex) ?? FALLBACK;
  const tint = (amount: number) => toHex(mix(base, WHITE, amount));
  const shade = (amount: number) => toHex(mix(base, BLACK, amount));
  return [
    tint(0.92),
    tint(0.82),
    tint(0.66),
    tint(0.5),
    tint(0.34),
    tint(0.17),
    toHex(base),
    shade(0.14),
    shade(0.28),
    shade(0.42),
  ];
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const { r, g, b } = parseHex(hex) ?? FALLBACK;
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio between two colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** White or near-black text, whichever reads better on the background. */
export function readableTextOn(background: string): string {
  const dark = '#111827';
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, dark) ? '#ffffff' : dark;
}
