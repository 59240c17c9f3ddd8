/**
 * A superadmin acting inside a tenant: every tenant admin page answers as for the tenant's admin
 * (a walk of every GET route an admin may call), changes are made in that tenant and audited
 * under the superadmin, another tenant's ids stay 404, and start/stop are audited.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { can } from '@antrean/shared/auth/permissions';
import type { SessionUser } from '@antrean/shared/domain/user';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph, type UserRef } from '../../test/factories';
import { callable, fillPath, routeCollector, routeKey, type RouteInfo } from '../../test/route-walk';

describeWithDb('a superadmin acting inside a tenant', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let g: TenantGraph;
  let other: TenantGraph;
  let sa: UserRef;
  let superadmin: string;
  let admin: string;

  beforeAll(async () => {
    const collector = routeCollector();
    t = await buildTestApp({ onRoute: collector.onRoute });
    routes = collector.routes();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    sa = await t.f.buildUser({ role: 'superadmin' });
    superadmin = await loginAs(t.app, sa.username);
    admin = await loginAs(t.app, g.users.admin.username);
  });
  afterAll(async () => {
    await t.close();
  });

  const json = { 'content-type': 'application/json' };
  const actIn = (tenantId: string, cookie = superadmin) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/acting-tenant',
      headers: { cookie, ...json },
      payload: JSON.stringify({ tenantId }),
    });
  const stopActing = (cookie = superadmin) =>
    t.app.inject({ method: 'DELETE', url: '/api/v1/auth/acting-tenant', headers: { cookie } });
  const get = (url: string, cookie = superadmin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const me = async () => (await get('/api/v1/auth/me')).json<{ user: SessionUser }>().user;

  it('starts and stops acting: the session names the tenant, and both are audited in its trail', async () => {
    expect((await get(`/api/v1/counters?branchId=${g.main.branch.id}`)).json()).toMatchObject({
      error: { code: 'TENANT_CONTEXT_REQUIRED' },
    });
    const started = await actIn(g.tenant.id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<{ user: SessionUser }>().user).toMatchObject({
      role: 'superadmin',
      tenantId: g.tenant.id,
      tenantName: g.tenant.name,
    });
    expect(await me()).toMatchObject({ tenantId: g.tenant.id, tenantName: g.tenant.name });
    expect((await get(`/api/v1/counters?branchId=${g.main.branch.id}`)).statusCode).toBe(200);

    t.clock.advance(1000);
    const stopped = await stopActing();
    expect(stopped.json<{ user: SessionUser }>().user).toMatchObject({ tenantId: null, tenantName: null });
    expect(await me()).toMatchObject({ tenantId: null });
    expect((await get(`/api/v1/counters?branchId=${g.main.branch.id}`)).statusCode).toBe(403);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_name'])
      .where('tenant_id', '=', g.tenant.id)
      .where('action', 'like', 'tenant.act%')
      .orderBy('at')
      .execute();
    expect(audit).toEqual([
      { action: 'tenant.actStart', actor_id: sa.id, actor_name: sa.username },
      { action: 'tenant.actStop', actor_id: sa.id, actor_name: sa.username },
    ]);
  });

  it('every GET route a tenant admin may call answers the acting superadmin the same', async () => {
    await actIn(g.tenant.id);
    const adminRoutes = routes.filter(
      (r) =>
        r.method === 'GET' &&
        callable(r) &&
        !r.websocket &&
        typeof r.auth === 'object' &&
        r.auth.staff !== undefined &&
        r.auth.staff !== 'any' &&
        can('admin', r.auth.staff),
    );
    expect(adminRoutes.length).toBeGreaterThan(5);
    const differences: string[] = [];
    for (const route of adminRoutes) {
      const url = fillPath(route, { tenant: g, branch: g.main });
      const asAdmin = await get(url, admin);
      const asSuperadmin = await get(url, superadmin);
      if (asAdmin.statusCode !== asSuperadmin.statusCode) {
        differences.push(
          `${routeKey(route)}: admin ${asAdmin.statusCode}, superadmin ${asSuperadmin.statusCode} ${asSuperadmin.body.slice(0, 120)}`,
        );
      }
    }
    expect(differences).toEqual([]);
    await stopActing();
  });

  it("changes land in the acted tenant, audited under the superadmin; another tenant's ids stay 404", async () => {
    await actIn(g.tenant.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/counters',
      headers: { cookie: superadmin, ...json },
      payload: JSON.stringify({
        branchId: g.main.branch.id,
        name: 'Loket Superadmin',
        number: 77,
        isActive: false,
        serviceIds: [g.service.id],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const counterId = created.json<{ id: string }>().id;
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select(['tenant_id', 'actor_id', 'action'])
      .where('entity_id', '=', counterId)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ tenant_id: g.tenant.id, actor_id: sa.id, action: 'counter.create' });

    expect((await get(`/api/v1/counters/${other.main.counter.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/branches/${other.main.branch.id}`)).statusCode).toBe(404);
    // Switching tenants: the other tenant's data is now the one shown, this one's is 404.
    await actIn(other.tenant.id);
    expect((await get(`/api/v1/counters/${other.main.counter.id}`)).statusCode).toBe(200);
    expect((await get(`/api/v1/counters/${counterId}`)).statusCode).toBe(404);
    await stopActing();
  });

  it('only the superadmin may act; an unknown tenant is 404', async () => {
    expect((await actIn(other.tenant.id, admin)).statusCode).toBe(403);
    expect((await actIn('00000000-0000-7000-8000-0000000000aa')).statusCode).toBe(404);
    expect((await me()).tenantId).toBeNull();
  });
});
