/**
 * Issue 13 item 4: hostile input that used to answer outside the error envelope (a 500 for a
 * malformed multipart body, Fastify's own bodies for `%zz` and over-long path parameters) or with
 * raw message keys (`v.format`, `v.enum`) now answers in the envelope, localized.
 * Node's own 400/408/431 answers are covered in http-limits.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@antrean/shared/i18n/errors';
import { validationMessage } from '@antrean/shared/i18n/validation';
import { ErrorEnvelopeSchema } from '@antrean/shared/errors/envelope';
import { buildApp } from '../app';
import { describeWithDb } from '../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  type EngineApp,
  type QueueScenario,
} from '../test/engine-helpers';

describeWithDb('hostile input answers in the error envelope (issue 13 item 4)', () => {
  let t: EngineApp;
  let s: QueueScenario;
  beforeAll(async () => {
    t = await buildEngineApp();
    s = await buildQueueScenario(t, { serviceCodes: ['A'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const envelope = (response: { statusCode: number; body: string; json: () => unknown }) => {
    const body = response.json();
    expect(ErrorEnvelopeSchema.strict().safeParse(body).success).toBe(true);
    // Never a raw message key anywhere in it.
    expect(response.body).not.toMatch(/"v\.[a-zA-Z]/);
    return body;
  };

  it('a path that does not decode (%zz) is 400 BAD_REQUEST, in the asked language', async () => {
    for (const url of ['/%zz', '/api/v1/branches/%zz', '/api/v1/users/%E0%A4%A']) {
      const response = await t.app.inject({ url, headers: { cookie: s.cookies.admin } });
      expect(response.statusCode).toBe(400);
      expect(envelope(response)).toEqual({
        error: { code: 'BAD_REQUEST', message: ERROR_MESSAGES.BAD_REQUEST.id },
      });
    }
    const english = await t.app.inject({ url: '/api/v1/branches/%zz', headers: { 'accept-language': 'en' } });
    expect(english.json()).toMatchObject({ error: { message: ERROR_MESSAGES.BAD_REQUEST.en } });
  });

  it('a path parameter over 100 characters is 404 NOT_FOUND, like any unknown id', async () => {
    const response = await t.app.inject({
      url: `/api/v1/users/${'a'.repeat(120)}`,
      headers: { cookie: s.cookies.admin },
    });
    expect(response.statusCode).toBe(404);
    expect(envelope(response)).toEqual({
      error: { code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND.id },
    });
  });

  it('a malformed multipart upload is 400 VALIDATION_FAILED on `file`, never 500', async () => {
    const upload = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/files?purpose=logo',
        headers: { cookie: s.cookies.admin, 'content-type': contentType },
        payload,
      });
    const cases = [
      // cut off in the middle of the file part
      upload(
        'multipart/form-data; boundary=XX',
        '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
      ),
      // a part header that is not one
      upload('multipart/form-data; boundary=XX', '--XX\r\nnot a header at all\r\n\r\nabc\r\n--XX--\r\n'),
      // no boundary at all
      upload('multipart/form-data', 'garbage'),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(400);
      const body = envelope(response) as {
        error: { code: string; details?: { fields?: Record<string, string> } };
      };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.values(body.error.details?.fields ?? {})).not.toHaveLength(0);
    }
  });

  it('field errors named by key (v.format, v.enum) come back as localized messages', async () => {
    const issue = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${s.branch.id}/tickets`,
      headers: { cookie: s.cookies.admin, 'idempotency-key': 'x', 'accept-language': 'en' },
      payload: { serviceId: s.services[0]?.id, channel: 'operator' },
    });
    expect(issue.statusCode).toBe(400);
    expect(envelope(issue)).toMatchObject({
      error: { details: { fields: { 'Idempotency-Key': validationMessage('v.format', 'en') } } },
    });
    const user = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${s.users.operator.id}`,
      headers: { cookie: s.cookies.admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ branchIds: ['019b8be1-f500-7000-8000-000000000000'] }),
    });
    expect(user.statusCode).toBe(400);
    expect(envelope(user)).toMatchObject({
      error: { details: { fields: { branchIds: validationMessage('v.enum', 'id') } } },
    });
  });

  it('a body the client broke off or mangled (a bad chunk, a reset) is 400, logged as one warn line without a stack, never an ERROR', async () => {
    const app = await buildApp(t.deps, { timers: false });
    const logged: { level: string; args: unknown[] }[] = [];
    app.addHook('onRequest', async (request) => {
      const record =
        (level: string) =>
        (...args: unknown[]) =>
          logged.push({ level, args });
      Reflect.set(request, 'log', { ...request.log, warn: record('warn'), error: record('error') });
    });
    app.post('/api/v1/test-broken-body', () => {
      throw Object.assign(new Error('Parse Error: Invalid character in chunk size'), {
        code: 'HPE_INVALID_CHUNK_SIZE',
      });
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/v1/test-broken-body' });
      expect(response.statusCode).toBe(400);
      expect(envelope(response)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
      expect(logged.map((l) => l.level)).toEqual(['warn']);
      expect(JSON.stringify(logged[0]?.args)).not.toContain('stack');
    } finally {
      await app.close();
    }
  });
});
