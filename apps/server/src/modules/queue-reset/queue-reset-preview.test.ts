/**
 * The reset page's preview over HTTP: today's waiting tickets, the walk-ins the reset would
 * cancel and the bookings it would return to `booked`, per service, exactly what the reset then
 * does; another tenant's branch or service answers 404; only who may reset may ask.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { QueueResetPreview } from '@antrean/shared/contracts/queue-reset.contract';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph } from '../../test/factories';

describeWithDb('queue reset preview (HTTP)', () => {
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

  const preview = (branchId: string, serviceId?: string, cookie = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/branches/${branchId}/reset-queue/preview${serviceId ? `?serviceId=${serviceId}` : ''}`,
      headers: { cookie },
    });

  it('counts what the reset will do, per service, and the reset does exactly that', async () => {
    const branch = await t.f.buildBranch({ tenantId: g.tenant.id });
    const a = await t.f.buildService({ tenantId: g.tenant.id, branchIds: [branch.id], code: 'A' });
    const b = await t.f.buildService({ tenantId: g.tenant.id, branchIds: [branch.id], code: 'B' });
    for (const status of ['waiting', 'waiting', 'serving', 'finished'] as const) {
      await t.f.buildTicket({ branchId: branch.id, serviceId: a.id, status });
    }
    const booking = await t.f.buildTicket({ branchId: branch.id, serviceId: b.id, status: 'waiting' });
    await t.database.db
      .updateTable('tickets')
      .set({ slot_start_at: t.clock.now() + 3600_000 })
      .where('id', '=', booking.id)
      .execute();
    await t.f.buildTicket({ branchId: branch.id, serviceId: b.id, status: 'cancelled' });

    const response = await preview(branch.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<QueueResetPreview>();
    expect(body.day).toBe('2026-01-05');
    expect(body.services).toEqual([
      { serviceId: a.id, code: 'A', name: a.name, waiting: 2, walkInsToCancel: 3, bookingsToReset: 0 },
      { serviceId: b.id, code: 'B', name: b.name, waiting: 1, walkInsToCancel: 0, bookingsToReset: 1 },
    ]);
    expect(body.totals).toEqual({ waiting: 3, walkInsToCancel: 3, bookingsToReset: 1 });
    const onlyB = (await preview(branch.id, b.id)).json<QueueResetPreview>();
    expect(onlyB.services.map((s) => s.code)).toEqual(['B']);

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${branch.id}/reset-queue`,
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(reset.json()).toEqual({ reset: 1, cancelled: 3 });
    expect((await preview(branch.id)).json<QueueResetPreview>().totals).toEqual({
      waiting: 0,
      walkInsToCancel: 0,
      bookingsToReset: 0,
    });
  });

  it("answers 404 for another tenant's branch or service, 403 for an operator", async () => {
    expect((await preview(other.main.branch.id)).statusCode).toBe(404);
    expect((await preview(g.main.branch.id, other.service.id)).statusCode).toBe(404);
    const operator = await loginAs(t.app, g.users.operator.username);
    expect((await preview(g.main.branch.id, undefined, operator)).statusCode).toBe(403);
  });
});
