import { describe, expect, it } from 'vitest';
import catalogues from '../../locales-devices/display.json';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('display.json', () => {
  it('id and en have the same keys', () => {
    expect(Object.keys(catalogues.en).sort()).toEqual(Object.keys(catalogues.id).sort());
  });

  it('every text is non-empty and uses the same placeholders in both languages', () => {
    for (const [key, id] of Object.entries(catalogues.id)) {
      const en = (catalogues.en as Record<string, string>)[key] ?? '';
      expect(id.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      expect(placeholders(en), key).toEqual(placeholders(id));
    }
  });
});
