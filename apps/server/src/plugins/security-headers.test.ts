import { afterEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { describeWithDb } from '../test/db';
import { CONTENT_SECURITY_POLICY } from './security-headers';

describeWithDb('security headers, security.txt, API docs switch', () => {
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

  it('/.well-known/security.txt: RFC 9116 fields (Contact, Expires a year ahead by the clock, Canonical), with the security headers', async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://antrean.example.id/' } });
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response.body).toContain('Contact: mailto:security@antrean.example.id\n');
    expect(response.body).toContain(
      `Expires: ${new Date(t.clock.now() + 365 * 24 * 3600_000).toISOString()}\n`,
    );
    expect(response.body).toContain('Canonical: https://antrean.example.id/.well-known/security.txt\n');
    const own = await buildTestApp({ env: { SECURITY_CONTACT: 'https://bank.example/lapor' } });
    try {
      const custom = await own.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
      expect(custom.body).toMatch(/^Contact: https:\/\/bank\.example\/lapor\n/);
      expect(custom.body).not.toContain('Canonical');
    } finally {
      await own.close();
    }
  });

  it('API_DOCS=off takes /api/docs (UI and JSON) off the server: 404 in the envelope', async () => {
    t = await buildTestApp({ env: { API_DOCS: 'off' } });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: { code: expect.stringMatching(/NOT_FOUND/) } });
    }
    const on = await buildTestApp();
    try {
      expect((await on.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });
});
