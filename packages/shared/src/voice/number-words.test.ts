import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SPOKEN_NUMBER, digitWords, toEnglishWords, toIndonesianWords } from './number-words';

const TABLE: readonly (readonly [number, string, string])[] = [
  [0, 'nol', 'zero'],
  [1, 'satu', 'one'],
  [2, 'dua', 'two'],
  [7, 'tujuh', 'seven'],
  [9, 'sembilan', 'nine'],
  [10, 'sepuluh', 'ten'],
  [11, 'sebelas', 'eleven'],
  [12, 'dua belas', 'twelve'],
  [15, 'lima belas', 'fifteen'],
  [19, 'sembilan belas', 'nineteen'],
  [20, 'dua puluh', 'twenty'],
  [21, 'dua puluh satu', 'twenty-one'],
  [40, 'empat puluh', 'forty'],
  [99, 'sembilan puluh sembilan', 'ninety-nine'],
  [100, 'seratus', 'one hundred'],
  [101, 'seratus satu', 'one hundred one'],
  [110, 'seratus sepuluh', 'one hundred ten'],
  [111, 'seratus sebelas', 'one hundred eleven'],
  [119, 'seratus sembilan belas', 'one hundred nineteen'],
  [123, 'seratus dua puluh tiga', 'one hundred twenty-three'],
  [199, 'seratus sembilan puluh sembilan', 'one hundred ninety-nine'],
  [200, 'dua ratus', 'two hundred'],
  [999, 'sembilan ratus sembilan puluh sembilan', 'nine hundred ninety-nine'],
  [1000, 'seribu', 'one thousand'],
  [1001, 'seribu satu', 'one thousand one'],
  [1010, 'seribu sepuluh', 'one thousand ten'],
  [1100, 'seribu seratus', 'one thousand one hundred'],
  [1999, 'seribu sembilan ratus sembilan puluh sembilan', 'one thousand nine hundred ninety-nine'],
  [2000, 'dua ribu', 'two thousand'],
  [10000, 'sepuluh ribu', 'ten thousand'],
  [11000, 'sebelas ribu', 'eleven thousand'],
  [12000, 'dua belas ribu', 'twelve thousand'],
  [21000, 'dua puluh satu ribu', 'twenty-one thousand'],
  [100000, 'seratus ribu', 'one hundred thousand'],
  [101000, 'seratus satu ribu', 'one hundred one thousand'],
  [111111, 'seratus sebelas ribu seratus sebelas', 'one hundred eleven thousand one hundred eleven'],
  [
    123456,
    'seratus dua puluh tiga ribu empat ratus lima puluh enam',
    'one hundred twenty-three thousand four hundred fifty-six',
  ],
  [
    999999,
    'sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan',
    'nine hundred ninety-nine thousand nine hundred ninety-nine',
  ],
];

describe('toIndonesianWords / toEnglishWords', () => {
  it.each(TABLE)('%i → "%s" / "%s"', (n, id, en) => {
    expect(toIndonesianWords(n)).toBe(id);
    expect(toEnglishWords(n)).toBe(en);
  });

  it.each([-1, 1.5, MAX_SPOKEN_NUMBER + 1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (n) => {
    expect(() => toIndonesianWords(n)).toThrow(RangeError);
    expect(() => toEnglishWords(n)).toThrow(RangeError);
  });
});

/** Independent readers of the words back into numbers: the round trip proves the grammar. */
function parseIndonesian(text: string): number {
  const units = ['nol', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'];
  let total = 0;
  let group = 0;
  let pending = 0;
  for (const word of text.split(' ')) {
    const unit = units.indexOf(word);
    if (unit >= 0) pending = unit;
    else if (word === 'puluh') [group, pending] = [group + pending * 10, 0];
    else if (word === 'belas') [group, pending] = [group + pending + 10, 0];
    else if (word === 'ratus') [group, pending] = [group + pending * 100, 0];
    else if (word === 'ribu') [total, group, pending] = [total + (group + pending) * 1000, 0, 0];
    else if (word === 'sepuluh') group += 10;
    else if (word === 'sebelas') group += 11;
    else if (word === 'seratus') group += 100;
    else if (word === 'seribu') total += 1000;
    else throw new Error(`unknown word ${word}`);
  }
  return total + group + pending;
}

function parseEnglish(text: string): number {
  const small = [
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
  ];
  const teens = ['twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
  const tens = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
  let total = 0;
  let group = 0;
  for (const word of text.split(/[ -]/)) {
    if (small.includes(word)) group += small.indexOf(word);
    else if (teens.includes(word)) group += teens.indexOf(word) + 12;
    else if (tens.includes(word)) group += (tens.indexOf(word) + 2) * 10;
    else if (word === 'hundred') group *= 100;
    else if (word === 'thousand') [total, group] = [total + group * 1000, 0];
    else throw new Error(`unknown word ${word}`);
  }
  return total + group;
}

describe('number words properties', () => {
  const numberArb = fc.oneof(
    fc.integer({ min: 0, max: 1100 }),
    fc.integer({ min: 0, max: MAX_SPOKEN_NUMBER }),
  );

  it('reads back to the same number (Indonesian and English)', () => {
    fc.assert(
      fc.property(numberArb, (n) => {
        expect(parseIndonesian(toIndonesianWords(n))).toBe(n);
        expect(parseEnglish(toEnglishWords(n))).toBe(n);
      }),
      { numRuns: 5000 },
    );
  });

  it('is well formed: single spaces, se- forms, "nol"/"zero" only for 0', () => {
    fc.assert(
      fc.property(numberArb, (n) => {
        const id = toIndonesianWords(n);
        const en = toEnglishWords(n);
        for (const text of [id, en]) expect(text).toMatch(/^[a-z]+([ -][a-z]+)*$/);
        // "sepuluh/sebelas/seratus", and "seribu" when the thousands are exactly one
        // ("enam puluh satu ribu" is right)
        expect(id).not.toMatch(/\bsatu (puluh|belas|ratus)\b|^satu ribu\b/);
        expect(/\bnol\b/.test(id)).toBe(n === 0);
        expect(/\bzero\b/.test(en)).toBe(n === 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every number 0..1100 exhaustively, all distinct', () => {
    const seenId = new Set<string>();
    const seenEn = new Set<string>();
    for (let n = 0; n <= 1100; n++) {
      expect(parseIndonesian(toIndonesianWords(n))).toBe(n);
      seenId.add(toIndonesianWords(n));
      seenEn.add(toEnglishWords(n));
    }
    expect(seenId.size).toBe(1101);
    expect(seenEn.size).toBe(1101);
  });
});

describe('digitWords', () => {
  it.each([
    ['001', 'id', 'nol nol satu'],
    ['001', 'en', 'zero zero one'],
    ['1234567890', 'id', 'satu dua tiga empat lima enam tujuh delapan sembilan nol'],
    ['A-12', 'en', 'one two'],
    ['', 'id', ''],
  ] as const)('%s (%s) → "%s"', (digits, lang, words) => {
    expect(digitWords(digits, lang)).toBe(words);
  });
});
