import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFavicon } from './use-favicon';

describe('useFavicon', () => {
  it("points the page's icon at the theme's favicon, and back to the product's own", () => {
    const initialProps: { url: string | null } = { url: '/api/v1/files/f1' };
    const { rerender } = renderHook(({ url }: { url: string | null }) => useFavicon(url), { initialProps });
    const link = () => document.head.querySelector('link[rel="icon"]');
    expect(link()?.getAttribute('href')).toBe('/api/v1/files/f1');
    rerender({ url: '/api/v1/files/f2' });
    expect(link()?.getAttribute('href')).toBe('/api/v1/files/f2');
    rerender({ url: null });
    expect(link()?.getAttribute('href')).toBe('/favicon.svg');
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
  });
});
