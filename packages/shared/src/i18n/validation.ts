import type { Language } from './lang';

/**
 * Localized validation messages. Schemas refer to them by key (`{ error: 'v.username.noSpaces' }`);
 * generic zod issues (required, too short, …) are rendered from the issue's code and limits.
 */
export const VALIDATION_MESSAGES = {
  'v.required': { id: 'Wajib diisi.', en: 'This field is required.' },
  'v.mustChoose': { id: 'Wajib dipilih.', en: 'Please make a choice.' },
  'v.invalid': { id: 'Nilai tidak valid.', en: 'Invalid value.' },
  'v.string.min': { id: 'Minimal {min} karakter.', en: 'At least {min} characters.' },
  'v.string.max': { id: 'Maksimal {max} karakter.', en: 'At most {max} characters.' },
  'v.string.length': { id: 'Harus {min} sampai {max} karakter.', en: 'Must be {min} to {max} characters.' },
  'v.number.min': { id: 'Minimal {min}.', en: 'Must be at least {min}.' },
  'v.number.max': { id: 'Maksimal {max}.', en: 'Must be at most {max}.' },
  'v.number.int': { id: 'Harus bilangan bulat.', en: 'Must be a whole number.' },
  'v.number.type': { id: 'Harus berupa angka.', en: 'Must be a number.' },
  'v.array.min': { id: 'Pilih minimal {min}.', en: 'Choose at least {min}.' },
  'v.array.max': { id: 'Pilih maksimal {max}.', en: 'Choose at most {max}.' },
  'v.format': { id: 'Format tidak valid.', en: 'Invalid format.' },
  'v.email': { id: 'Alamat email tidak valid.', en: 'Invalid email address.' },
  'v.uuid': { id: 'ID tidak valid.', en: 'Invalid id.' },
  'v.enum': { id: 'Pilihan tidak valid.', en: 'Invalid choice.' },
  'v.type': { id: 'Tipe data tidak valid.', en: 'Invalid data type.' },
  'v.unknownKeys': { id: 'Kolom tidak dikenal: {keys}.', en: 'Unknown fields: {keys}.' },
  'v.username.noSpaces': {
    id: 'Nama pengguna tidak boleh mengandung spasi.',
    en: 'The username must not contain spaces.',
  },
  'v.password.required': { id: 'Kata sandi wajib diisi.', en: 'Password is required.' },
  'v.percentage': {
    id: 'Persentase antara 0 dan 100, desimal memakai titik (contoh 3.5).',
    en: 'Percentage between 0 and 100, with a dot as decimal separator (e.g. 3.5).',
  },
  'v.decimal.dot': {
    id: 'Desimal memakai titik, bukan koma (contoh 16150.50).',
    en: 'Use a dot as decimal separator, not a comma (e.g. 16150.50).',
  },
  'v.rate': {
    id: 'Kurs berupa angka dengan paling banyak 6 desimal (contoh 16150.50).',
    en: 'A rate is a number with at most 6 decimals (e.g. 16150.50).',
  },
  'v.currencyCode': {
    id: 'Kode valas 3 huruf (contoh USD).',
    en: 'A currency code is 3 letters (e.g. USD).',
  },
  'v.flag': {
    id: 'Kode negara 2 huruf ISO 3166 (contoh US).',
    en: 'A country code is 2 letters of ISO 3166 (e.g. US).',
  },
  'v.voice.templateNumber': {
    id: 'Kalimat harus memuat {number} (nomor antrian).',
    en: 'The sentence must contain {number} (the ticket number).',
  },
  'v.voice.templatePlaceholder': {
    id: 'Hanya {number} dan {counter} yang dikenal.',
    en: 'Only {number} and {counter} are known.',
  },
  'v.timeZone': { id: 'Zona waktu tidak dikenal.', en: 'Unknown time zone.' },
  'v.time': { id: 'Format jam HH:MM.', en: 'Time must be HH:MM.' },
  'v.date': { id: 'Format tanggal YYYY-MM-DD.', en: 'Date must be YYYY-MM-DD.' },
  'v.phone': {
    id: 'Nomor WhatsApp tidak valid (contoh 081234567890).',
    en: 'Invalid WhatsApp number (e.g. 081234567890).',
  },
  'v.color': { id: 'Warna harus #RRGGBB.', en: 'A colour is #RRGGBB.' },
  'v.contrast': {
    id: 'Kontras teks dan latar terlalu rendah (minimal 4,5:1); layar sulit dibaca.',
    en: 'Text and background contrast too low (at least 4.5:1); the screen would be hard to read.',
  },
  'v.json': { id: 'Isi permintaan bukan JSON yang valid.', en: 'The request body is not valid JSON.' },
  'v.branchCode': {
    id: 'Kode cabang hanya huruf, angka, - dan _ (tanpa spasi).',
    en: 'Branch code: letters, digits, - and _ only (no spaces).',
  },
  'v.monitoringUrl': {
    id: 'Alamat harus diawali http:// atau https://.',
    en: 'The address must start with http:// or https://.',
  },
  'v.service.code': {
    id: 'Kode layanan hanya huruf atau angka, tanpa spasi (contoh K).',
    en: 'The service code is letters or digits only, without spaces (e.g. K).',
  },
  'v.subService.exists': { id: 'Sub layanan sudah ada.', en: 'This sub service already exists.' },
  'v.mapping.notOffered': {
    id: 'Loket hanya dapat melayani layanan yang ditawarkan cabang ini.',
    en: 'A counter can only serve services this branch offers.',
  },
  'v.eform.fieldKey': {
    id: 'Kunci isian: huruf kecil, angka dan _, diawali huruf (contoh nik).',
    en: 'Field key: lower-case letters, digits and _, starting with a letter (e.g. nik).',
  },
  'v.eform.fieldTaken': {
    id: 'Kunci isian sudah dipakai di formulir ini.',
    en: 'This field key is already used in this form.',
  },
  'v.eform.options': { id: 'Isi minimal satu pilihan.', en: 'Add at least one option.' },
  'v.eform.optionTaken': { id: 'Pilihan tidak boleh sama.', en: 'Options must differ.' },
  'v.regex.invalid': { id: 'Regex tidak valid.', en: 'Invalid regular expression.' },
  'v.regex.unsafe': {
    id: 'Regex ini berisiko sangat lambat (pengulangan bersarang, alternatif berulang atau rujukan balik). Tulis dengan cara lain.',
    en: 'This regular expression risks being extremely slow (nested repetition, repeated alternatives or back-references). Write it another way.',
  },
  'v.version': {
    id: 'Format versi tidak valid (contoh 1.2.0).',
    en: 'Invalid version format (e.g. 1.2.0).',
  },
  'v.url': {
    id: 'Alamat harus diawali http:// atau https://.',
    en: 'The address must start with http:// or https://.',
  },
  'v.runningText.length': {
    id: 'Isi teks berjalan harus 10 sampai 50 karakter.',
    en: 'The running text must be 10 to 50 characters.',
  },
  'v.banner.nameLength': {
    id: 'Nama banner harus 10 sampai 50 karakter.',
    en: 'The banner name must be 10 to 50 characters.',
  },
  'v.banner.period': {
    id: 'Tanggal selesai tidak boleh sebelum tanggal mulai.',
    en: 'The end date cannot be before the start date.',
  },
  'v.file.required': { id: 'File wajib diunggah.', en: 'Please upload a file.' },
  'v.schedule.endAfterStart': {
    id: 'Jam selesai harus setelah jam mulai.',
    en: 'The end time must be after the start time.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);
}

function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export function validationMessage(
  key: ValidationMessageKey,
  lang: Language,
  params?: Record<string, string | number>,
): string {
  return formatMessage(VALIDATION_MESSAGES[key][lang], params);
}

/** The subset of a zod 4 issue that the localizer reads; kept structural so the browser bundle needs no zod internals. */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  keys?: readonly string[];
  expected?: string;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    // `Reflect.get` reads any property key of an object; same lookup as `current[key]`.
    const next: unknown = Reflect.get(current, key);
    current = next;
  }
  return current;
}

/** Renders one zod issue in the user's language. `data` is the parsed input, used to tell "missing" from "wrong". */
function localizeIssue(issue: IssueLike, lang: Language, data?: unknown): string {
  if (isValidationKey(issue.message)) return validationMessage(issue.message, lang, limits(issue));
  const value = valueAt(data, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined || value === null || value === '') return validationMessage('v.required', lang);
      if (issue.expected === 'number' || issue.expected === 'int') {
        return validationMessage('v.number.type', lang);
      }
      return validationMessage('v.type', lang);
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        if (min === 1 || value === '' || value === undefined) return validationMessage('v.required', lang);
        return validationMessage('v.string.min', lang, { min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return validationMessage('v.array.min', lang, { min });
      }
      return validationMessage('v.number.min', lang, { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return validationMessage('v.string.max', lang, { max });
      if (issue.origin === 'array' || issue.origin === 'set') {
        return validationMessage('v.array.max', lang, { max });
      }
      return validationMessage('v.number.max', lang, { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return validationMessage('v.email', lang);
      if (issue.format === 'uuid' || issue.format === 'guid') return validationMessage('v.uuid', lang);
      return validationMessage('v.format', lang);
    case 'invalid_value':
      if (value === undefined || value === null || value === '') {
        return validationMessage('v.mustChoose', lang);
      }
      return validationMessage('v.enum', lang);
    case 'unrecognized_keys':
      return validationMessage('v.unknownKeys', lang, { keys: (issue.keys ?? []).join(', ') });
    case 'not_multiple_of':
      return validationMessage('v.number.int', lang);
    default:
      return validationMessage('v.invalid', lang);
  }
}

function limits(issue: IssueLike): Record<string, number> {
  const out: Record<string, number> = {};
  if (issue.minimum !== undefined) out.min = Number(issue.minimum);
  if (issue.maximum !== undefined) out.max = Number(issue.maximum);
  return out;
}

/** Field errors for the error envelope's `details.fields`, first message per path wins. */
export function localizeIssues(
  issues: readonly IssueLike[],
  lang: Language,
  data?: unknown,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = localizeIssue(issue, lang, data);
  }
  return fields;
}
