import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { TEST_DB_KIND, createTestDatabase, describeWithDb } from '../../test/db';

describeWithDb('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ok with the database kind and the version, without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: TEST_DB_KIND, version: t.config.version });
    expect(t.config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database is gone', async () => {
    // An embedded database closed under the running app (the check is the same for both kinds).
    const database = await createTestDatabase({ kind: 'sqlite' });
    const broken = await buildTestApp({ database });
    try {
      database.sqlite?.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    } finally {
      await broken.close();
    }
  });
});
