import { describe, expect, it } from 'vitest';
import { backdrop } from '../common/contrast';
import { THEME_LABEL_KEYS, labelTarget, labelsFor } from './theme-labels';
import { ThemeInputSchema } from './theme-template';

describe('theme labels', () => {
  it("gives each screen only its own labels, keyed by its catalogue's keys, blanks left out", () => {
    const labels = {
      kioskServicesTab: { id: ' Ambil Nomor ', en: '' },
      displayNowCalling: { id: 'Silakan', en: 'Please go' },
    };
    expect(labelsFor(labels, 'kiosk')).toEqual({ id: { 'tabs.services': 'Ambil Nomor' }, en: {} });
    expect(labelsFor(labels, 'display')).toEqual({
      id: { nowCalling: 'Silakan' },
      en: { nowCalling: 'Please go' },
    });
    expect(labelsFor(labels, 'onsite')).toEqual({ id: {}, en: {} });
    expect(labelsFor(undefined, 'kiosk')).toEqual({ id: {}, en: {} });
  });

  it('names a key of each screen once', () => {
    const targets = THEME_LABEL_KEYS.map((k) => `${labelTarget(k).screen}:${labelTarget(k).key}`);
    expect(new Set(targets).size).toBe(THEME_LABEL_KEYS.length);
  });

  it('the input refuses an unknown label, a label over 40 characters and a missing language', () => {
    const base = {
      name: 'Tema',
      primaryColor: '#0b5cab',
      secondaryColor: '#f59f00',
      sidebarBackground: '#0a2540',
      pageBackground: '#f5f7fa',
      displayBackground: '#0a2540',
      displayTextColor: '#ffffff',
      fontFamily: 'Inter, system-ui, sans-serif',
      headingFontFamily: 'Inter, system-ui, sans-serif',
      logoFileId: null,
      faviconFileId: null,
      backgroundFileId: null,
    };
    const ok = { kioskServicesTab: { id: 'x'.repeat(40), en: '' } };
    expect(ThemeInputSchema.safeParse({ ...base, labels: ok }).success).toBe(true);
    for (const labels of [
      { somethingElse: { id: 'a', en: 'b' } },
      { kioskServicesTab: { id: 'x'.repeat(41), en: '' } },
      { kioskServicesTab: { id: 'a' } },
      { kioskServicesTab: { id: 'a', en: 'b', fr: 'c' } },
    ]) {
      expect(ThemeInputSchema.safeParse({ ...base, labels }).success).toBe(false);
    }
  });
});

describe('backdrop', () => {
  it('veils the image with the background colour, and is none without an image', () => {
    expect(backdrop('#0a2540', null)).toBe('none');
    expect(backdrop('#0a2540', '/api/v1/public/branding/x')).toBe(
      'linear-gradient(rgba(10, 37, 64, 0.8), rgba(10, 37, 64, 0.8)), url("/api/v1/public/branding/x")',
    );
  });
});
