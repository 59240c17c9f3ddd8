import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../i18n/validation';
import { validateEformAnswers } from './eform-answers';
import { EformInputSchema, type EformField } from './eform';
import { regexProblem } from './eform-regex';

describe('regexProblem: e-form regexes that compile and cannot backtrack catastrophically', () => {
  const cases: [string, ReturnType<typeof regexProblem>][] = [
    ['^[0-9]{16}$', null],
    ['\\d{16}', null],
    ['[A-Z]{1,2}\\d{1,4}[A-Z]{0,3}', null],
    ['(ab){2}', null],
    ['(?:08|\\+628)\\d{8,11}', null],
    ['[^@\\s]+@[^@\\s]+\\.[a-z]{2,}', null],
    ['(a+)+$', 'unsafe'],
    ['(a*)*b', 'unsafe'],
    ['(a|aa)+', 'unsafe'],
    ['((ab)*c)+', 'unsafe'],
    ['(\\d{1,3}\\.)+', 'unsafe'],
    ['(x+x+)+y', 'unsafe'],
    ['(a)\\1', 'unsafe'],
    ['(?<n>a)\\k<n>', 'unsafe'],
    ['([a-z', 'invalid'],
    ['a{2,1}', 'invalid'],
    ['x'.repeat(201), 'invalid'],
  ];
  it.each(cases)('%s → %s', (pattern, expected) => {
    expect(regexProblem(pattern)).toBe(expected);
  });

  it('a refused pattern would indeed be slow, an accepted one is fast on a long hostile input', () => {
    const hostile = `${'a'.repeat(500)}!`;
    const started = performance.now();
    new RegExp('^(?:[a-z]+)$', 'u').test(hostile);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

const field = (overrides: Partial<EformField>): EformField => ({
  id: '01a2010e-3799-7000-8000-0000000000f1',
  field: 'nik',
  label: 'NIK',
  inputType: 'text',
  placeholder: null,
  regex: null,
  required: false,
  validationMessage: null,
  options: [],
  ...overrides,
});

describe('validateEformAnswers', () => {
  const rows: [string, EformField, unknown, unknown][] = [
    ['required text missing', field({ required: true }), undefined, { key: 'v.required' }],
    ['required text blank', field({ required: true }), '   ', { key: 'v.required' }],
    ['optional text missing', field({}), undefined, undefined],
    ['regex matches the whole answer', field({ regex: '\\d{16}' }), '3273010101010001', undefined],
    ['regex refuses a partial match', field({ regex: '\\d{16}' }), '3273010101010001x', { key: 'v.format' }],
    [
      "the admin's message replaces the generic one",
      field({ regex: '\\d{16}', validationMessage: 'NIK harus 16 angka' }),
      '123',
      { message: 'NIK harus 16 angka' },
    ],
    ['number', field({ inputType: 'number' }), '12a', { key: 'v.number.type' }],
    ['number ok', field({ inputType: 'number' }), '12.5', undefined],
    ['email', field({ inputType: 'email' }), 'budi@', { key: 'v.email' }],
    ['phone', field({ inputType: 'phone' }), '12345', { key: 'v.phone' }],
    ['phone ok', field({ inputType: 'phone' }), '081234567890', undefined],
    ['date that does not exist', field({ inputType: 'date' }), '2026-02-30', { key: 'v.date' }],
    ['date ok', field({ inputType: 'date' }), '2026-02-28', undefined],
    [
      'select outside its options',
      field({ inputType: 'select', options: ['Ya', 'Tidak'] }),
      'Mungkin',
      { key: 'v.enum' },
    ],
    [
      'required select missing',
      field({ inputType: 'select', options: ['Ya'], required: true }),
      '',
      { key: 'v.mustChoose' },
    ],
    ['checkbox subset ok', field({ inputType: 'checkbox', options: ['A', 'B'] }), ['A'], undefined],
    [
      'checkbox outside options',
      field({ inputType: 'checkbox', options: ['A', 'B'] }),
      ['A', 'C'],
      { key: 'v.enum' },
    ],
    ['file must be an uploaded file id', field({ inputType: 'file' }), 'ktp.jpg', { key: 'v.uuid' }],
    [
      'answers are capped in length',
      field({ inputType: 'textarea' }),
      'x'.repeat(501),
      { key: 'v.string.max' },
    ],
  ];
  it.each(rows)('%s', (_name, f, answer, expected) => {
    const errors = validateEformAnswers([f], { [f.field]: answer as string });
    expect(errors[f.field]).toEqual(expected);
  });
});

describe('EformInputSchema', () => {
  const input = (fields: Partial<EformField>[]) => ({
    fields: fields.map((f) => {
      const { id: _id, ...rest } = field(f);
      return rest;
    }),
  });
  const rows: [string, Partial<EformField>[], string, unknown][] = [
    [
      'field key format',
      [{ field: 'No KTP' }],
      'fields.0.field',
      'Kunci isian: huruf kecil, angka dan _, diawali huruf (contoh nik).',
    ],
    [
      'field key unique',
      [{ field: 'nik' }, { field: 'nik' }],
      'fields.1.field',
      'Kunci isian sudah dipakai di formulir ini.',
    ],
    ['label required', [{ label: ' ' }], 'fields.0.label', 'Wajib diisi.'],
    [
      'select needs options',
      [{ inputType: 'select', options: [] }],
      'fields.0.options',
      'Isi minimal satu pilihan.',
    ],
    [
      'options differ',
      [{ inputType: 'radio', options: ['Ya', 'ya'] }],
      'fields.0.options',
      'Pilihan tidak boleh sama.',
    ],
    ['regex must compile', [{ regex: '([a-z' }], 'fields.0.regex', 'Regex tidak valid.'],
    ['regex must be safe', [{ regex: '(a+)+' }], 'fields.0.regex', expect.stringContaining('berisiko')],
    ['input type chosen', [{ inputType: '' as never }], 'fields.0.inputType', 'Wajib dipilih.'],
  ];
  it.each(rows)('%s', (_name, fields, path, message) => {
    const body = input(fields);
    const result = EformInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    if (!result.success) expect(localizeIssues(result.error.issues, 'id', body)[path]).toEqual(message);
  });
});
