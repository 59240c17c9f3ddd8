import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@antrean/shared/errors/envelope';
import { ERROR_MESSAGES } from '@antrean/shared/i18n/errors';
import { buildApp } from '../app';
import { ManualClock } from '../lib/clock';
import { TEST_NOW, buildTestApp, testConfig, type TestApp } from '../test/app';
import { createTestDatabase, describeWithDb } from '../test/db';

const LOGIN = '/api/v1/auth/login';

describeWithDb('error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is {"error":{"code","message"}} with the message in Indonesian by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body: unknown = response.json();
    expect(ErrorEnvelopeSchema.strict().safeParse(body).success).toBe(true);
    expect(body).toEqual({ error: { code: 'AUTH_REQUIRED', message: ERROR_MESSAGES.AUTH_REQUIRED.id } });
  });

  it('follows Accept-Language (en, q-values, unknown → id)', async () => {
    const ask = (acceptLanguage: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { 'accept-language': acceptLanguage } });
    expect((await ask('en')).json()).toMatchObject({ error: { message: ERROR_MESSAGES.AUTH_REQUIRED.en } });
    expect((await ask('fr-FR, en-GB;q=0.8')).json()).toMatchObject({
      error: { message: ERROR_MESSAGES.AUTH_REQUIRED.en },
    });
    expect((await ask('en;q=0.5, id;q=0.9')).json()).toMatchObject({
      error: { message: ERROR_MESSAGES.AUTH_REQUIRED.id },
    });
    expect((await ask('de')).json()).toMatchObject({ error: { message: ERROR_MESSAGES.AUTH_REQUIRED.id } });
  });

  it('a malformed JSON body is 400 VALIDATION_FAILED, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: ERROR_MESSAGES.VALIDATION_FAILED.id,
        details: { fields: { _: 'Isi permintaan bukan JSON yang valid.' } },
      },
    });
  });

  it('missing and empty fields are 400 with a localized message per field', async () => {
    const missing = await t.app.inject({ method: 'POST', url: LOGIN, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: ERROR_MESSAGES.VALIDATION_FAILED.id,
        details: { part: 'body', fields: { username: 'Wajib diisi.', password: 'Kata sandi wajib diisi.' } },
      },
    });

    const empty = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'accept-language': 'en' },
      payload: { username: '   ', password: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        message: ERROR_MESSAGES.VALIDATION_FAILED.en,
        details: { fields: { username: 'This field is required.', password: 'Password is required.' } },
      },
    });

    // A limit other than "required" names the limit (not "required").
    const tooLong = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'x'.repeat(101), password: 'p'.repeat(201) },
    });
    expect(tooLong.json()).toMatchObject({
      error: {
        details: { fields: { username: 'Maksimal 100 karakter.', password: 'Maksimal 200 karakter.' } },
      },
    });
  });

  it('a wrong type is 400 with the field named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: 42, password: ['x'] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { details: { fields: Record<string, string> } } }>();
    expect(Object.keys(body.error.details.fields).sort()).toEqual(['password', 'username']);
  });

  it('an invalid path parameter is 400 VALIDATION_FAILED (part params) after authentication', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/branches/not-a-uuid' });
    expect(anonymous.statusCode).toBe(401);
    const admin = await t.f.buildUser({ role: 'admin' });
    const login = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: admin.username, password: admin.password },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/branches/not-a-uuid',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        details: { part: 'params', fields: { branchId: 'ID tidak valid.' } },
      },
    });
  });

  it('an unsupported content type is 415, a non-object body 400, an oversized body 413', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });

    const text = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { fields: { _: 'Tipe data tidak valid.' } } },
    });

    const huge = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('an unknown API route is a JSON 404 ROUTE_NOT_FOUND (any method)', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/whatever'],
      ['POST', '/api/v1/whatever'],
      ['GET', '/api'],
      ['DELETE', '/api/v1/branches'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({
        error: { code: 'ROUTE_NOT_FOUND', message: ERROR_MESSAGES.ROUTE_NOT_FOUND.en },
      });
    }
  });

  it('without a web build, any other unknown path is a 404 too', async () => {
    expect(t.config.webDist).toBeUndefined();
    for (const url of ['/', '/dashboard', '/assets/app.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    }
  });
});

describeWithDb('unexpected errors', () => {
  it('are a 500 INTERNAL_ERROR envelope that does not leak the error', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(
      { config: testConfig(), database, clock: new ManualClock(TEST_NOW) },
      { timers: false },
    );
    try {
      app.get('/api/v1/test-boom', { config: { auth: 'public' } }, () => {
        throw new Error('secret internals: password=hunter2');
      });
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/test-boom',
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR.en },
      });
      expect(response.body).not.toContain('hunter2');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
