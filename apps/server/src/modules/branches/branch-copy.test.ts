/**
 * Copying a branch's setup over HTTP: a new branch with the source's offers, schedules, counters
 * (with their services) and devices (new codes that work); the copied active counters and
 * displays must fit the new limits; another tenant's branch answers 404; audited.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('branch copy (HTTP)', () => {
  let t: TestApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
  });
  afterAll(async () => {
    await t.close();
  });

  const body = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    name: `Cabang ${code}`,
    address: 'Jl. Baru 2',
    province: 'Jawa Barat',
    city: 'Bandung',
    village: 'Lebak Siliwangi',
    timeZone: 'Asia/Jakarta',
    category: 'Kantor Cabang',
    displayLimit: 5,
    counterLimit: 10,
    monitoringUrl: null,
    autoServe: false,
    autoServeDelaySeconds: 0,
    whatsappVirtualTicket: false,
    showOnKiosk: true,
    showOnWeb: true,
    isActive: true,
    copy: { schedules: true, counters: true, devices: true },
    ...extra,
  });
  const copy = (sourceId: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${sourceId}/copy`,
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('creates a branch with the source setup; the copied kiosk issues a ticket with its new code', async () => {
    const source = g.main.branch.id;
    await t.f.buildSchedule({
      branchId: source,
      serviceId: g.service.id,
      days: [1],
      start: '00:00',
      end: '24:00',
      hourlyLimit: 50,
    });
    const response = await copy(source, body('COPY1'));
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<{
      branch: { id: string; code: string; usage: { activeCounters: number } };
      copied: Record<string, number>;
    }>();
    expect(result.copied).toEqual({ services: 1, schedules: 1, counters: 1, kiosks: 1, displays: 1 });
    expect(result.branch).toMatchObject({ code: 'COPY1', usage: { activeCounters: 1 } });
    const target = result.branch.id;
    const kiosk = await t.database.db
      .selectFrom('kiosks')
      .select(['code'])
      .where('branch_id', '=', target)
      .executeTakeFirstOrThrow();
    expect(kiosk.code).not.toBe(g.main.kiosk.code);
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${target}/tickets`,
      headers: { 'x-kiosk-code': kiosk.code, 'content-type': 'application/json' },
      payload: JSON.stringify({ serviceId: g.service.id, channel: 'kiosk' }),
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const mapping = await t.database.db
      .selectFrom('counter_services')
      .innerJoin('counters', 'counters.id', 'counter_services.counter_id')
      .select(['counters.branch_id', 'counter_services.service_id'])
      .where('counter_services.branch_id', '=', target)
      .execute();
    expect(mapping).toEqual([{ branch_id: target, service_id: g.service.id }]);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'branch', target);
    expect(audit.map((e) => e.action).sort()).toEqual(['branch.copy', 'branch.create']);
  });

  it('refuses when the copied displays do not fit the new limit, creating nothing', async () => {
    const before = await t.database.db
      .selectFrom('branches')
      .select('id')
      .where('tenant_id', '=', g.tenant.id)
      .execute();
    const refused = await copy(g.main.branch.id, body('COPY2', { displayLimit: 0 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'BRANCH_DISPLAY_LIMIT_BELOW_ACTIVE' } });
    const onlyOffers = await copy(
      g.main.branch.id,
      body('COPY3', { displayLimit: 0, copy: { schedules: false, counters: false, devices: false } }),
    );
    expect(onlyOffers.json()).toMatchObject({
      copied: { services: 1, schedules: 0, counters: 0, kiosks: 0, displays: 0 },
    });
    const after = await t.database.db
      .selectFrom('branches')
      .select('id')
      .where('tenant_id', '=', g.tenant.id)
      .execute();
    expect(after).toHaveLength(before.length + 1);
  });

  it("answers 404 for another tenant's branch", async () => {
    expect((await copy(other.main.branch.id, body('COPY4'))).statusCode).toBe(404);
  });
});
