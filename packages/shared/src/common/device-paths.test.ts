import { describe, expect, it } from 'vitest';
import { DISPLAY_LAYOUT_PATHS, displayLayoutOf, displayPath, isDevicePath, kioskPath } from './device-paths';

describe('device paths', () => {
  it("builds each display layout's route and the kiosk's, with the code encoded", () => {
    expect(displayPath('classic', 'DSP-1')).toBe('/display/DSP-1');
    expect(displayPath('modern', 'DSP-1')).toBe('/new-display/DSP-1');
    expect(displayPath('big', 'DSP-1')).toBe('/big-display/DSP-1');
    expect(displayPath('pos', 'a b')).toBe('/pos-display/a%20b');
    expect(kioskPath('KIOS-JKT01')).toBe('/mkios/KIOS-JKT01');
  });

  it('reads the layout back from a route segment; anything else (even inherited names) is none', () => {
    expect(displayLayoutOf('new-display')).toBe('modern');
    expect(displayLayoutOf('pos-display')).toBe('pos');
    expect(displayLayoutOf('mkios')).toBeUndefined();
    expect(displayLayoutOf('toString')).toBeUndefined();
  });

  it('falls back to the classic route for an unknown or missing layout', () => {
    expect(displayPath(null, 'X')).toBe('/display/X');
    expect(displayPath('toString', 'X')).toBe('/display/X');
  });

  it('every display route is a device path the server answers with the device app', () => {
    for (const segment of Object.values(DISPLAY_LAYOUT_PATHS)) {
      expect(isDevicePath(`/${segment}/X`)).toBe(true);
    }
    expect(isDevicePath('/mkios/X')).toBe(true);
    expect(isDevicePath('/dashboard')).toBe(false);
  });
});
