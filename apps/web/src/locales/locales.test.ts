import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@antrean/shared/errors/codes';
import { VALIDATION_MESSAGES } from '@antrean/shared/i18n/validation';
import { buildResources, CATALOGUES, NAMESPACES } from '@/lib/i18n-resources';

/** Every leaf key of a catalogue as a dotted path. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it.each(NAMESPACES)('id and en have exactly the same keys in %s.json', (ns) => {
    const id = leafKeys(CATALOGUES.id[ns]).sort();
    const en = leafKeys(CATALOGUES.en[ns]).sort();
    expect(
      en.filter((key) => !id.includes(key)),
      `only in en/${ns}.json`,
    ).toEqual([]);
    expect(
      id.filter((key) => !en.includes(key)),
      `only in id/${ns}.json`,
    ).toEqual([]);
  });

  it('id and en have the same keys after merging the shared messages', () => {
    const resources = buildResources();
    for (const ns of NAMESPACES) {
      expect(leafKeys(resources.en?.[ns]).sort()).toEqual(leafKeys(resources.id?.[ns]).sort());
    }
  });

  it.each(NAMESPACES)(
    'every text in %s.json is non-empty and uses the same placeholders in both languages',
    (ns) => {
      const en = new Map(leaves(CATALOGUES.en[ns]));
      for (const [key, idText] of leaves(CATALOGUES.id[ns])) {
        expect(typeof idText === 'string' && idText.trim().length > 0, `id ${ns}:${key}`).toBe(true);
        const enText = en.get(key);
        expect(typeof enText === 'string' && enText.trim().length > 0, `en ${ns}:${key}`).toBe(true);
        expect(placeholders(enText), `placeholders of ${ns}:${key}`).toEqual(placeholders(idText));
      }
    },
  );

  it('carries a message for every server error code and every shared validation key', () => {
    const resources = buildResources();
    for (const lang of ['id', 'en'] as const) {
      const common = resources[lang]?.common;
      const keys = new Set(leafKeys(common));
      for (const code of ERROR_CODES) expect(keys.has(`errors.${code}`), `${lang} errors.${code}`).toBe(true);
      for (const key of Object.keys(VALIDATION_MESSAGES)) expect(keys.has(key), `${lang} ${key}`).toBe(true);
    }
  });
});
