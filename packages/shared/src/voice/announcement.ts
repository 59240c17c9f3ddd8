import type { Language } from '../i18n/lang';
import { MAX_SPOKEN_NUMBER, digitWords, toEnglishWords, toIndonesianWords } from './number-words';

/**
 * The words a display speaks when a ticket is called (the voice mode, `mode-suara`, decisions §31).
 *
 * The text is built here, once, so every display layout, the pre-recorded fallback and the tests
 * agree on it. The display hands it to speech synthesis in the announcement's language.
 */

/** Display voice modes: silent, chime only, Indonesian voice, English voice, both voices. */
export const VOICE_MODES = ['off', 'chime', 'voice_id', 'voice_en', 'both'] as const;
export type VoiceMode = (typeof VOICE_MODES)[number];

/**
 * How the numeric part of a ticket number is read:
 * - `number` (default): as a number, leading zeros dropped: `A012` → "A dua belas";
 * - `digits`: digit by digit, zeros included: `A001` → "A nol nol satu".
 */
export type AnnouncementStyle = 'number' | 'digits';

export interface AnnouncementInput {
  /** As printed: `A012`, `B1000`, `CS007`. */
  ticketNumber: string;
  /** Spoken only when `counterNumber` is missing or unreadable. */
  counterName: string;
  /** The counter is read by its number ("loket satu"). */
  counterNumber: number | null;
  language: Language;
  style?: AnnouncementStyle;
  /**
   * The tenant's sentence with `{number}` (the ticket number as spoken) and `{counter}` (the
   * counter as spoken, "loket satu"); null or blank: the default sentence below.
   */
  template?: string | null;
}

export interface Announcement {
  language: Language;
  text: string;
}

function numberWords(n: number, language: Language): string {
  return language === 'id' ? toIndonesianWords(n) : toEnglishWords(n);
}

function readable(n: number | null): n is number {
  return n !== null && Number.isInteger(n) && n >= 0 && n <= MAX_SPOKEN_NUMBER;
}

/**
 * A ticket number as words: `A012` → "A dua belas" / "A twelve" (style `number`), "A nol satu
 * dua" / "A zero one two" (style `digits`).
 *
 * Letters are kept as the letter itself, upper-cased and one per word (`CS007` → "C S tujuh"),
 * so the speech engine names the letter in its own language ("a" in Indonesian, "ay" in
 * English); writing our own spelling ("a", "ay") would be wrong in the other language, and a
 * lower-case "a" is read as the English article. Runs of digits are read per `style` (a number
 * beyond 999 999 is read digit by digit); any other character (`-`, spaces) is a separator.
 */
export function spokenTicketNumber(
  ticketNumber: string,
  language: Language,
  style: AnnouncementStyle = 'number',
): string {
  const words: string[] = [];
  for (const match of ticketNumber.matchAll(/(\d+)|(\p{L})/gu)) {
    const [, digits, letter] = match;
    if (letter !== undefined) {
      words.push(letter.toLocaleUpperCase('id'));
    } else if (digits !== undefined) {
      const value = Number(digits);
      words.push(
        style === 'number' && readable(value) ? numberWords(value, language) : digitWords(digits, language),
      );
    }
  }
  return words.join(' ');
}

/**
 * The sentence to speak for one call:
 * - `id`: "Nomor antrian A dua belas, silakan menuju loket satu"
 * - `en`: "Ticket number A twelve, please proceed to counter one"
 *
 * The counter is read by its number. Without a readable number (null, negative, fractional,
 * beyond 999 999) the counter's name is spoken as it is, without the word "loket"/"counter"
 * (`Teller A` → "silakan menuju Teller A").
 */
export function announcementText(input: AnnouncementInput): string {
  const ticket = spokenTicketNumber(input.ticketNumber, input.language, input.style ?? 'number');
  const counterNumber = input.counterNumber;
  const word = input.language === 'id' ? 'loket' : 'counter';
  const counter = readable(counterNumber)
    ? `${word} ${numberWords(counterNumber, input.language)}`
    : input.counterName.trim();
  const template = input.template?.trim();
  if (template) return template.replaceAll('{number}', ticket).replaceAll('{counter}', counter);
  return input.language === 'id'
    ? `Nomor antrian ${ticket}, silakan menuju ${counter}`
    : `Ticket number ${ticket}, please proceed to ${counter}`;
}

/** The languages a voice mode speaks, in order. */
export function voiceLanguages(mode: VoiceMode): Language[] {
  switch (mode) {
    case 'off':
    case 'chime':
      return [];
    case 'voice_id':
      return ['id'];
    case 'voice_en':
      return ['en'];
    case 'both':
      return ['id', 'en'];
  }
}

/**
 * What to speak for a call in a voice mode: nothing for `off` and `chime` (the chime is the
 * display's business), one sentence for `voice_id`/`voice_en`, Indonesian then English for
 * `both`.
 */
export function announcementsFor(
  mode: VoiceMode,
  input: Omit<AnnouncementInput, 'language' | 'template'>,
  templates: Partial<Record<Language, string | null>> = {},
): Announcement[] {
  return voiceLanguages(mode).map((language) => ({
    language,
    text: announcementText({ ...input, language, template: templates[language] ?? null }),
  }));
}
