/**
 * The route table as a whole: every route declares who may call it (its `auth`),
 * and every route that takes a body answers a bad one with 400 and field errors, never 500.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app';
import { ManualClock } from './lib/clock';
import { TEST_NOW, buildTestApp, testConfig, type TestApp } from './test/app';
import { createTestDatabase, describeWithDb } from './test/db';
import { loginAs, type TenantGraph } from './test/factories';
import {
  admittedCallers,
  callable,
  callersOf,
  fillPath,
  routeCollector,
  routeKey,
  unmappedParams,
  type Caller,
  type RouteInfo,
  type TenantCallers,
} from './test/route-walk';

describeWithDb('route table', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let graph: TenantGraph;
  let callers: TenantCallers;
  let superadmin: Caller;

  beforeAll(async () => {
    const collector = routeCollector();
    t = await buildTestApp({ onRoute: collector.onRoute });
    routes = collector.routes();
    graph = await t.f.buildTenantGraph();
    callers = await callersOf(t.app, graph);
    const platform = await t.f.buildUser({ role: 'superadmin' });
    superadmin = {
      name: 'superadmin',
      headers: { cookie: await loginAs(t.app, platform.username) },
      branchBound: false,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('every route declares its auth', () => {
    // The collector sees the whole table, including derived HEAD routes and third-party plugins.
    const keys = routes.map(routeKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/v1/auth/login',
        'HEAD /api/v1/auth/me',
        'GET /api/docs/json',
      ]),
    );
    const undeclared = routes.filter((r) => r.auth === undefined).map(routeKey);
    if (undeclared.length > 0) {
      process.stderr.write(`routes without an auth declaration:\n  ${undeclared.join('\n  ')}\n`);
    }
    expect(undeclared).toEqual([]);
  });

  /**
   * Where `auth: 'public'` is allowed. A new public route outside these fails here until it is
   * added on purpose: health, sign-in/out, the API docs, what a holder of a ticket code may see
   * (/api/v1/public/…), the live socket (which authenticates each subscription itself), and
   * providers' webhooks (/api/v1/webhooks/…, authenticated by their signature or verify token).
   */
  const PUBLIC_AREAS = [
    /^GET \/api\/health$/,
    /^GET \/\.well-known\/security\.txt$/,
    /^POST \/api\/v1\/auth\/(login|logout)$/,
    /^GET \/api\/docs(\/|$)/,
    /^[A-Z]+ \/api\/v1\/public\//,
    /^GET \/api\/v1\/live$/,
    /^(GET|HEAD|POST) \/api\/v1\/webhooks\/whatsapp\/:tenantId$/,
  ];

  it('only the expected routes are public', () => {
    const publicRoutes = routes.filter((r) => callable(r) && r.auth === 'public').map(routeKey);
    expect(publicRoutes).toEqual(
      expect.arrayContaining(['GET /api/health', 'POST /api/v1/auth/login', 'POST /api/v1/auth/logout']),
    );
    expect(publicRoutes.filter((key) => !PUBLIC_AREAS.some((area) => area.test(key)))).toEqual([]);
  });

  /** Someone the route lets through authentication, so validation is what answers. */
  function callerFor(route: RouteInfo): Caller | undefined {
    if (route.auth === 'public') return { name: 'anonymous', headers: {}, branchBound: false };
    const admitted = admittedCallers(route.auth, callers);
    if (admitted.length > 0) return admitted[0];
    return route.auth?.staff ? superadmin : undefined;
  }

  const WRONG = [[[]]]; // wrong for a string, number, boolean, enum, object and array of scalars

  it('every route with a body answers {} , wrong types and non-objects with 400 VALIDATION_FAILED and field errors', async () => {
    const withBody = routes.filter((r) => callable(r) && r.body !== undefined);
    expect(withBody.map(routeKey)).toEqual(
      expect.arrayContaining(['POST /api/v1/auth/login', 'PATCH /api/v1/auth/me']),
    );
    expect(withBody.filter((r) => unmappedParams(r).length > 0).map(routeKey)).toEqual([]);

    const failures: string[] = [];
    for (const route of withBody) {
      const schema = route.body;
      const caller = callerFor(route);
      if (!schema || !caller) {
        failures.push(`${routeKey(route)}: no caller can pass its auth`);
        continue;
      }
      const url = fillPath(route, { tenant: graph, branch: graph.main });
      const send = (payload: string) =>
        t.app.inject({
          method: route.method,
          url,
          headers: { ...caller.headers, 'content-type': 'application/json' },
          payload,
        });

      const cases: { name: string; payload: unknown; expectFields: string[] }[] = [];
      if (!schema.safeParse({}).success) cases.push({ name: '{}', payload: {}, expectFields: [] });
      if (schema instanceof z.ZodObject) {
        const shape: Record<string, z.ZodType> = schema.shape;
        const wrong = Object.fromEntries(Object.keys(shape).map((k) => [k, WRONG]));
        const rejected = Object.keys(shape).filter((k) => !shape[k]?.safeParse(WRONG).success);
        if (rejected.length > 0) cases.push({ name: 'wrong types', payload: wrong, expectFields: rejected });
      }
      for (const payload of ['text', [1, 2], 42, null]) {
        if (!schema.safeParse(payload).success) {
          cases.push({ name: JSON.stringify(payload), payload, expectFields: [] });
        }
      }
      if (cases.length === 0) {
        failures.push(`${routeKey(route)}: accepts every bad body tried; teach this test a bad body for it`);
      }

      for (const c of cases) {
        const response: LightMyRequestResponse = await send(JSON.stringify(c.payload));
        const who = `${routeKey(route)} as ${caller.name} with ${c.name}`;
        if (response.statusCode !== 400) {
          failures.push(`${who}: expected 400, got ${response.statusCode} ${response.body.slice(0, 200)}`);
          continue;
        }
        const body = response.json<{
          error: { code: string; details?: { fields?: Record<string, unknown> } };
        }>();
        const fields = body.error.details?.fields ?? {};
        if (body.error.code !== 'VALIDATION_FAILED') failures.push(`${who}: code ${body.error.code}`);
        if (
          Object.keys(fields).length === 0 ||
          Object.values(fields).some((m) => typeof m !== 'string' || m.length === 0)
        ) {
          failures.push(`${who}: no localized field errors (${JSON.stringify(fields)})`);
        }
        const missing = c.expectFields.filter(
          (f) => !Object.keys(fields).some((k) => k === f || k.startsWith(`${f}.`)),
        );
        if (missing.length > 0) {
          failures.push(`${who}: no field error for ${missing.join(', ')} (${JSON.stringify(fields)})`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describeWithDb('route table check', () => {
  it('sees a route registered without an auth declaration', async () => {
    const database = await createTestDatabase();
    const collector = routeCollector();
    const app = await buildApp(
      { config: testConfig(), database, clock: new ManualClock(TEST_NOW) },
      { onRoute: collector.onRoute, timers: false },
    );
    try {
      app.get('/api/v1/test-undeclared', () => ({ ok: true }));
      await app.ready();
      const undeclared = collector
        .routes()
        .filter((r) => r.auth === undefined)
        .map(routeKey);
      expect(undeclared).toEqual(['GET /api/v1/test-undeclared', 'HEAD /api/v1/test-undeclared']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
