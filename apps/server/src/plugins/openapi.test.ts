import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { describeWithDb } from '../test/db';
import { callable, routeCollector, routeKey, type RouteInfo } from '../test/route-walk';

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
}

const toOpenApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

describeWithDb('OpenAPI', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  beforeAll(async () => {
    const collector = routeCollector();
    t = await buildTestApp({ onRoute: collector.onRoute });
    routes = collector.routes();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/docs/json is an OpenAPI 3 document with the API paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const doc = JSON.parse(response.body) as OpenApiDocument;
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.version).toBe(t.config.version);
    expect(doc.paths['/api/v1/auth/login']?.post).toBeDefined();
    expect(doc.paths['/api/v1/branches/{branchId}']?.get).toBeDefined();
    // Internal routes stay out of the document.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });

  it('documents every visible route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    const visible = routes.filter((r) => callable(r) && !r.hidden && !r.websocket);
    expect(visible.length).toBeGreaterThan(3);
    const missing = visible
      .filter((r) => !doc.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()])
      .map(routeKey);
    expect(missing).toEqual([]);
  });

  it('GET /api/docs serves the HTML UI', async () => {
    let response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    for (let hops = 0; hops < 3 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
      const location = response.headers.location;
      expect(location).toBeDefined();
      response = await t.app.inject({
        method: 'GET',
        url: new URL(String(location), 'http://localhost/api/docs').pathname,
      });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toMatch(/<html/i);
  });
});
