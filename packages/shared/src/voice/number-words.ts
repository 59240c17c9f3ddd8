import type { Language } from '../i18n/lang';

/**
 * Spoken numbers for call announcements, 0 … 999 999 (ticket numbers and counter numbers).
 * Pure string building: the display feeds the text to speech synthesis, and the same words can
 * name pre-recorded segments where the device has no speech engine.
 */

/** The largest number `toIndonesianWords` / `toEnglishWords` read. */
export const MAX_SPOKEN_NUMBER = 999_999;

function checkRange(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > MAX_SPOKEN_NUMBER) {
    throw new RangeError(`cannot read ${n} aloud: expected a whole number 0..${MAX_SPOKEN_NUMBER}`);
  }
}

const ID_UNITS = [
  'nol',
  'satu',
  'dua',
  'tiga',
  'empat',
  'lima',
  'enam',
  'tujuh',
  'delapan',
  'sembilan',
] as const;

function idUnit(n: number): string {
  return ID_UNITS[n] ?? '';
}

/** 1..999 in Indonesian (0 gives ''). */
function idBelowThousand(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) words.push('seratus');
  else if (hundreds > 1) words.push(`${idUnit(hundreds)} ratus`);
  if (rest >= 20) {
    words.push(`${idUnit(Math.floor(rest / 10))} puluh`);
    if (rest % 10 > 0) words.push(idUnit(rest % 10));
  } else if (rest >= 12) {
    words.push(`${idUnit(rest - 10)} belas`);
  } else if (rest === 11) {
    words.push('sebelas');
  } else if (rest === 10) {
    words.push('sepuluh');
  } else if (rest > 0) {
    words.push(idUnit(rest));
  }
  return words.join(' ');
}

/**
 * Indonesian number words: `nol`, `satu`…`sembilan`, `sepuluh`,
 * `sebelas`, `<n> belas`, `<n> puluh [<n>]`, `seratus`, `<n> ratus`, `seribu`, `<n> ribu`.
 * The `se-` forms replace "satu" for exactly one ten/eleven/hundred/thousand (`seratus satu`,
 * `seribu seratus`, but `sebelas ribu`, `seratus ribu`, `dua ratus satu ribu`).
 *
 * @throws RangeError outside 0..999 999 or for a non-integer.
 */
export function toIndonesianWords(n: number): string {
  checkRange(n);
  if (n === 0) return 'nol';
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const words: string[] = [];
  if (thousands === 1) words.push('seribu');
  else if (thousands > 1) words.push(`${idBelowThousand(thousands)} ribu`);
  if (rest > 0) words.push(idBelowThousand(rest));
  return words.join(' ');
}

const EN_SMALL = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;
const EN_TENS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
] as const;

/** 1..999 in English (0 gives ''). */
function enBelowThousand(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(`${EN_SMALL[hundreds] ?? ''} hundred`);
  if (rest >= 20) {
    const tens = EN_TENS[Math.floor(rest / 10)] ?? '';
    words.push(rest % 10 > 0 ? `${tens}-${EN_SMALL[rest % 10] ?? ''}` : tens);
  } else if (rest > 0) {
    words.push(EN_SMALL[rest] ?? '');
  }
  return words.join(' ');
}

/**
 * English number words, American style without "and": `zero`, `twelve`, `twenty-one`,
 * `one hundred one`, `one thousand one hundred`, `nine hundred ninety-nine thousand nine
 * hundred ninety-nine`.
 *
 * @throws RangeError outside 0..999 999 or for a non-integer.
 */
export function toEnglishWords(n: number): string {
  checkRange(n);
  if (n === 0) return 'zero';
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const words: string[] = [];
  if (thousands > 0) words.push(`${enBelowThousand(thousands)} thousand`);
  if (rest > 0) words.push(enBelowThousand(rest));
  return words.join(' ');
}

/** Digit by digit (`'007'` → `nol nol tujuh` / `zero zero seven`); non-digits are skipped. */
export function digitWords(digits: string, language: Language): string {
  const words: string[] = [];
  for (const ch of digits) {
    if (ch >= '0' && ch <= '9') {
      const d = ch.charCodeAt(0) - 48;
      words.push(language === 'id' ? idUnit(d) : (EN_SMALL[d] ?? ''));
    }
  }
  return words.join(' ');
}
