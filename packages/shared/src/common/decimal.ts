/**
 * Exact decimals (exchange rates, interest percentages) as canonical strings: `"16150.5"`,
 * `"3.25"`, `"0"`. They are stored as text on both databases and never pass through a binary
 * float, so what the admin typed is what every display shows (no `104.49999`). The dot is the
 * decimal separator (spec §5: "decimal with a dot, e.g. 3.5"); grouping is added only for showing.
 * No zod here: the device apps format with it (the schemas are in decimal-schema.ts).
 */

/** `"007.50"` → `"7.5"`, `"4.0"` → `"4"`: no leading zeros, no trailing fraction zeros. */
export function canonicalDecimal(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Compares two canonical non-negative decimals: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, '0');
  const fb = bf.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

const SEPARATORS = new Map<string, { group: string; decimal: string }>();

function separators(locale: string): { group: string; decimal: string } {
  const known = SEPARATORS.get(locale);
  if (known) return known;
  const parts = new Intl.NumberFormat(locale).formatToParts(11111.5);
  const found = {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
  SEPARATORS.set(locale, found);
  return found;
}

/**
 * A canonical decimal for people, exactly: grouped in the locale's way and padded to at least
 * `minFraction` decimals (`"16150.5"` → `16.150,50` in id-ID, `16,150.50` in en-GB).
 */
export function formatDecimal(value: string, locale: string, minFraction = 2): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const { group, decimal } = separators(locale);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const frac = fraction.padEnd(minFraction, '0');
  return frac ? `${grouped}${decimal}${frac}` : grouped;
}
