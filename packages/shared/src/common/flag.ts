/**
 * The country flag as an emoji (`US` → 🇺🇸, regional indicator letters): the FX board's flags need
 * no image to upload or serve. A screen without a colour emoji font shows none (web lib/flag-emoji).
 */
export function flagEmoji(country: string | null): string {
  if (!country || !/^[A-Z]{2}$/.test(country)) return '';
  return String.fromCodePoint(0x1f1e6 + country.charCodeAt(0) - 65, 0x1f1e6 + country.charCodeAt(1) - 65);
}
