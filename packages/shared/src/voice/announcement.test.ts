import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTicketNumber } from '../domain/ticket/numbering';
import {
  VOICE_MODES,
  announcementText,
  announcementsFor,
  spokenTicketNumber,
  voiceLanguages,
  type AnnouncementInput,
} from './announcement';

const BASE = { ticketNumber: 'A012', counterName: 'Loket 1', counterNumber: 1 } as const;

describe('sentence templates and number reading', () => {
  it('fills {number} and {counter} in the tenant sentence, digit by digit when asked', () => {
    expect(
      announcementText({
        ...BASE,
        language: 'id',
        style: 'digits',
        template: 'Antrian {number} ke {counter}',
      }),
    ).toBe('Antrian A nol satu dua ke loket satu');
    expect(announcementText({ ...BASE, language: 'en', template: '  ' })).toBe(
      'Ticket number A twelve, please proceed to counter one',
    );
    expect(
      announcementsFor('both', { ...BASE, style: 'digits' }, { id: null, en: 'Number {number}, {counter}' }),
    ).toEqual([
      { language: 'id', text: 'Nomor antrian A nol satu dua, silakan menuju loket satu' },
      { language: 'en', text: 'Number A zero one two, counter one' },
    ]);
  });
});

describe('announcementText', () => {
  it.each<[string, AnnouncementInput, string]>([
    [
      'id, number style (default)',
      { ...BASE, language: 'id' },
      'Nomor antrian A dua belas, silakan menuju loket satu',
    ],
    [
      'en, number style (default)',
      { ...BASE, language: 'en' },
      'Ticket number A twelve, please proceed to counter one',
    ],
    [
      'id, digits style (A001 read digit by digit)',
      { ...BASE, ticketNumber: 'A001', language: 'id', style: 'digits' },
      'Nomor antrian A nol nol satu, silakan menuju loket satu',
    ],
    [
      'en, digits style',
      { ...BASE, ticketNumber: 'A001', language: 'en', style: 'digits' },
      'Ticket number A zero zero one, please proceed to counter one',
    ],
    [
      'id, number style drops leading zeros',
      { ...BASE, ticketNumber: 'A001', language: 'id' },
      'Nomor antrian A satu, silakan menuju loket satu',
    ],
    [
      'id, 3-digit number and a two-digit counter',
      { ticketNumber: 'B123', counterName: 'Teller 12', counterNumber: 12, language: 'id' },
      'Nomor antrian B seratus dua puluh tiga, silakan menuju loket dua belas',
    ],
    [
      'en, past 999',
      { ticketNumber: 'A1000', counterName: 'Counter 3', counterNumber: 3, language: 'en' },
      'Ticket number A one thousand, please proceed to counter three',
    ],
    [
      'id, past 999',
      { ticketNumber: 'A1011', counterName: 'Loket 3', counterNumber: 3, language: 'id' },
      'Nomor antrian A seribu sebelas, silakan menuju loket tiga',
    ],
    [
      'multi-letter prefix is spelled letter by letter',
      { ticketNumber: 'cs007', counterName: 'CS 2', counterNumber: 2, language: 'id' },
      'Nomor antrian C S tujuh, silakan menuju loket dua',
    ],
    [
      'counter without a number: its name is spoken',
      { ticketNumber: 'A010', counterName: ' Teller Prioritas ', counterNumber: null, language: 'id' },
      'Nomor antrian A sepuluh, silakan menuju Teller Prioritas',
    ],
    [
      'counter number unreadable: its name is spoken (en)',
      { ticketNumber: 'A010', counterName: 'Priority desk', counterNumber: -1, language: 'en' },
      'Ticket number A ten, please proceed to Priority desk',
    ],
    [
      'an all-zero number reads nol',
      { ticketNumber: 'A000', counterName: 'Loket 10', counterNumber: 10, language: 'id' },
      'Nomor antrian A nol, silakan menuju loket sepuluh',
    ],
  ])('%s', (_name, input, text) => {
    expect(announcementText(input)).toBe(text);
  });
});

describe('spokenTicketNumber', () => {
  it.each([
    ['A012', 'id', 'number', 'A dua belas'],
    ['A012', 'en', 'digits', 'A zero one two'],
    ['A-012', 'id', 'number', 'A dua belas'],
    ['A1234567', 'id', 'number', 'A satu dua tiga empat lima enam tujuh'], // beyond 999 999: digits
    ['', 'id', 'number', ''],
  ] as const)('%s (%s, %s) → "%s"', (ticketNumber, language, style, words) => {
    expect(spokenTicketNumber(ticketNumber, language, style)).toBe(words);
  });

  it('property: every issued number is spoken as its letter then its sequence', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('A', 'B', 'C', 'Z'),
        fc.integer({ min: 1, max: 99_999 }),
        fc.constantFrom('id' as const, 'en' as const),
        (code, seq, language) => {
          const words = spokenTicketNumber(formatTicketNumber(code, seq), language);
          expect(words.startsWith(`${code} `)).toBe(true);
          expect(words).not.toMatch(/\d|\s{2}/);
          // no leading zeros are read in number style
          expect(words.split(' ')[1]).not.toBe(language === 'id' ? 'nol' : 'zero');
          const digits = spokenTicketNumber(formatTicketNumber(code, seq), language, 'digits').split(' ');
          expect(digits).toHaveLength(1 + Math.max(3, String(seq).length));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('voice modes', () => {
  it('lists the modes in settings order', () => {
    expect(VOICE_MODES).toEqual(['off', 'chime', 'voice_id', 'voice_en', 'both']);
  });

  it.each([
    ['off', []],
    ['chime', []],
    ['voice_id', ['id']],
    ['voice_en', ['en']],
    ['both', ['id', 'en']],
  ] as const)('%s speaks %j', (mode, languages) => {
    expect(voiceLanguages(mode)).toEqual(languages);
    expect(announcementsFor(mode, BASE).map((a) => a.language)).toEqual(languages);
  });

  it('both: Indonesian then English', () => {
    expect(announcementsFor('both', { ...BASE, ticketNumber: 'A001', style: 'digits' })).toEqual([
      { language: 'id', text: 'Nomor antrian A nol nol satu, silakan menuju loket satu' },
      { language: 'en', text: 'Ticket number A zero zero one, please proceed to counter one' },
    ]);
  });
});
