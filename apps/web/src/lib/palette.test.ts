import { describe, expect, it } from 'vitest';
import { contrastRatio, generatePalette, readableTextOn } from './palette';

describe('palette', () => {
  it('builds ten shades, lightest first, with the chosen colour at index 6', () => {
    const palette = generatePalette('#0b5cab');
    expect(palette).toHaveLength(10);
    expect(palette[6]).toBe('#0b5cab');
    for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    const lightness = palette.map((hex) => contrastRatio(hex, '#000000'));
    for (let i = 1; i < lightness.length; i++) {
      expect(lightness[i]).toBeLessThan(lightness[i - 1] ?? Infinity);
    }
  });

  it('falls back to the product colour for a malformed value', () => {
    expect(generatePalette('blue')[6]).toBe('#0b5cab');
  });

  it('picks readable sidebar text', () => {
    expect(readableTextOn('#0a2540')).toBe('#ffffff');
    expect(readableTextOn('#fff3bf')).toBe('#111827');
    expect(contrastRatio('#0a2540', readableTextOn('#0a2540'))).toBeGreaterThan(4.5);
  });
});
