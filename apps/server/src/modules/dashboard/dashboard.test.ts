/**
 * The dashboard home over HTTP: the spec's totals, today's figures per branch on the branch's own
 * calendar (waiting, serving, served, average wait, SLA %), the setup checklist of a new tenant,
 * a supervisor's home limited to their branches, and nothing of another tenant.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Dashboard } from '@antrean/shared/contracts/dashboard.contract';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs } from '../../test/factories';

describeWithDb('dashboard home (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const home = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dashboard>();
  };
  const setTicket = (
    id: string,
    values: { wait_seconds?: number; sla_breached?: number; service_day?: string },
  ) => t.database.db.updateTable('tickets').set(values).where('id', '=', id).execute();

  it('a new tenant sees zero totals, no branches and an unticked checklist that ticks as it sets up', async () => {
    const tenant = await t.f.buildTenant();
    const admin = await t.f.buildUser({ role: 'admin', tenantId: tenant.id });
    const cookie = await loginAs(t.app, admin.username);
    const empty = await home(cookie);
    expect(empty.totals).toEqual({
      branches: 0,
      displays: 0,
      counters: 0,
      users: 1,
      services: 0,
      inactiveServices: 0,
    });
    expect(empty.branches).toEqual([]);
    expect(empty.setup).toEqual({
      branches: false,
      services: false,
      counters: false,
      mapping: false,
      users: false,
      devices: false,
      theme: false,
    });

    const branch = await t.f.buildBranch({ tenantId: tenant.id });
    expect((await home(cookie)).setup).toMatchObject({ branches: true, services: false });
    const service = await t.f.buildService({ tenantId: tenant.id, branchIds: [branch.id] });
    expect((await home(cookie)).setup).toMatchObject({ services: true, counters: false, mapping: false });
    await t.f.buildCounter({ branchId: branch.id, serviceIds: [service.id] });
    expect((await home(cookie)).setup).toMatchObject({ counters: true, mapping: true, users: false });
    await t.f.buildUser({ role: 'caller', tenantId: tenant.id, branchIds: [branch.id] });
    await t.f.buildKiosk({ branchId: branch.id });
    expect((await home(cookie)).setup).toMatchObject({ users: true, devices: true, theme: false });
    // A theme saved is not yet chosen; made active, it is.
    const send = (method: 'POST' | 'PUT', url: string, body: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const created = await send('POST', '/api/v1/themes', {
      name: 'Biru Kota',
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
      labels: {},
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await home(cookie)).setup.theme).toBe(false);
    const themeId = created.json<{ id: string }>().id;
    expect((await send('PUT', '/api/v1/themes/active', { themeId })).statusCode).toBe(200);
    expect(Object.values((await home(cookie)).setup).every(Boolean)).toBe(true);
  });

  it("counts the tenant's totals and today's figures per branch, never another tenant's", async () => {
    const g = await t.f.buildTenantGraph();
    await t.f.buildTenantGraph(); // another tenant, busy too
    const cookie = await loginAs(t.app, g.users.admin.username);
    const inactive = await t.f.buildService({ tenantId: g.tenant.id, branchIds: [g.main.branch.id] });
    await t.database.db.updateTable('services').set({ is_active: 0 }).where('id', '=', inactive.id).execute();

    const branchId = g.main.branch.id;
    const serviceId = g.service.id;
    // The graph's own waiting ticket, plus: one more waiting, one being served, three served
    // (two within SLA, one not), and one of yesterday that does not count.
    await t.f.buildTicket({ branchId, serviceId, status: 'waiting' });
    const serving = await t.f.buildTicket({ branchId, serviceId, status: 'serving' });
    await setTicket(serving.id, { wait_seconds: 60 });
    for (const [wait, breached] of [
      [120, 0],
      [180, 0],
      [240, 1],
    ] as const) {
      const done = await t.f.buildTicket({ branchId, serviceId, status: 'finished' });
      await setTicket(done.id, { wait_seconds: wait, sla_breached: breached });
    }
    const old = await t.f.buildTicket({ branchId, serviceId, status: 'finished' });
    await setTicket(old.id, { service_day: '2000-01-01', wait_seconds: 9999, sla_breached: 1 });

    const data = await home(cookie);
    expect(data.totals).toEqual({
      branches: 2,
      displays: 2,
      counters: 2,
      users: 4,
      services: 1,
      inactiveServices: 1,
    });
    const main = data.branches.find((b) => b.branch.id === branchId);
    expect(main).toMatchObject({
      serviceDay: '2026-01-05',
      waiting: 2,
      serving: 1,
      served: 3,
      averageWaitSeconds: 150,
      slaPercent: 67,
      displays: [{ id: g.main.display.id, code: g.main.display.code }],
    });
    const other = data.branches.find((b) => b.branch.id === g.other.branch.id);
    expect(other).toMatchObject({
      waiting: 1,
      serving: 0,
      served: 0,
      averageWaitSeconds: null,
      slaPercent: null,
    });
    expect(data.branches).toHaveLength(2);
  });

  it('a supervisor sees the home of their own branches only; a caller is refused', async () => {
    const g = await t.f.buildTenantGraph();
    const data = await home(await loginAs(t.app, g.users.supervisor.username));
    expect(data.branches.map((b) => b.branch.id)).toEqual([g.main.branch.id]);
    expect(data.totals).toMatchObject({ branches: 1, displays: 1, counters: 1, services: 1 });
    // The supervisor, operator and caller are the users of the main branch (the admin has none).
    expect(data.totals.users).toBe(3);
    const caller = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard',
      headers: { cookie: await loginAs(t.app, g.users.caller.username) },
    });
    expect(caller.statusCode).toBe(403);
  });

  it("today is the branch's own calendar day", async () => {
    const tenant = await t.f.buildTenant();
    const admin = await t.f.buildUser({ role: 'admin', tenantId: tenant.id });
    const jayapura = await t.f.buildBranch({ tenantId: tenant.id, timeZone: 'Asia/Jayapura' });
    const jakarta = await t.f.buildBranch({ tenantId: tenant.id, timeZone: 'Asia/Jakarta' });
    // 16:30 UTC: already tomorrow in Jayapura (UTC+9), still today in Jakarta (UTC+7).
    const at = t.clock.now();
    t.clock.set(Date.UTC(2026, 0, 5, 16, 30));
    try {
      const data = await home(await loginAs(t.app, admin.username));
      const day = (id: string) => data.branches.find((b) => b.branch.id === id)?.serviceDay;
      expect(day(jayapura.id)).toBe('2026-01-06');
      expect(day(jakarta.id)).toBe('2026-01-05');
    } finally {
      t.clock.set(at);
    }
  });
});
