import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, MESSAGE_PARAMETERS } from '@antrean/shared/domain/message';
import { LANGUAGES } from '@antrean/shared/i18n/lang';
import { eticketLink, messageText, templateParameters } from './message-text';

/** A distinct value per parameter name, so each must appear in the text. */
const payloadOf = (kind: (typeof MESSAGE_KINDS)[number]) =>
  Object.fromEntries(MESSAGE_PARAMETERS[kind].map((name, i) => [name, `${name.toUpperCase()}-${i + 7}`]));

describe('message texts', () => {
  for (const kind of MESSAGE_KINDS) {
    for (const lang of LANGUAGES) {
      it(`${kind} (${lang}) carries every parameter of the kind`, () => {
        const payload = payloadOf(kind);
        const body = messageText(kind, lang, payload);
        for (const value of Object.values(payload)) expect(body).toContain(value);
        expect(body).not.toMatch(/undefined|null|\[object/);
      });
    }
  }

  it('Indonesian and English texts differ, and an unknown language is Indonesian', () => {
    const payload = payloadOf('first_call');
    const id = messageText('first_call', 'id', payload);
    expect(id).toContain('dipanggil');
    expect(messageText('first_call', 'en', payload)).toContain('being called');
    expect(messageText('first_call', 'fr', payload)).toBe(id);
  });

  it('a kind without a text lists its values instead of dropping them', () => {
    expect(messageText('promo', 'id', { a: 1, b: 'x' })).toBe('promo\na: 1\nb: x');
  });

  it('template parameters follow MESSAGE_PARAMETERS; a missing one is "-"; unknown kinds have none', () => {
    expect(templateParameters('verification_code', { minutes: 5, code: '123456' })).toEqual(['123456', '5']);
    expect(templateParameters('first_call', { number: 'A001', branchName: 'KC' })).toEqual([
      'A001',
      '-',
      'KC',
    ]);
    expect(templateParameters('test', { tenantName: 'x' })).toBeNull();
  });

  it('the e-ticket link uses the public URL when there is one', () => {
    expect(eticketLink('https://antre.example/', 'abc')).toBe('https://antre.example/eticket/abc');
    expect(eticketLink(undefined, 'a b')).toBe('/eticket/a%20b');
  });
});
