export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'id';

export function isLanguage(value: unknown): value is Language {
  return value === 'id' || value === 'en';
}

/**
 * Picks `id` or `en` from an Accept-Language header, honouring q-values; Indonesian wins when
 * nothing matches because it is the product's default language.
 */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    if (entry.base === 'in') return 'id'; // legacy ISO code for Indonesian
    if (isLanguage(entry.base)) return entry.base;
  }
  return DEFAULT_LANGUAGE;
}
