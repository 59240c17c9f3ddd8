import { afterEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { describeWithDb } from '../test/db';
import { CONTENT_SECURITY_POLICY } from './security-headers';

describeWithDb('security headers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('every answer carries them (API, error, page); no HSTS on plain http', async () => {
    t = await buildTestApp();
    for (const url of ['/api/health', '/api/v1/auth/me', '/no-such-page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it('HSTS when the public URL is https', async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://antrean.example.id' } });
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
