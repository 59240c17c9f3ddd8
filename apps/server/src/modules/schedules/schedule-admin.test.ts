/**
 * Schedule administration over HTTP: a service's week saved at once, every validation rule
 * (table-driven) answers 400 with the field error and changes nothing, overlaps are refused on
 * the row, the interval/limit of every row, 404 for another tenant's branch or a service the
 * branch does not offer, the audit entries, and the kiosk following the saved schedule.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScheduleList } from '@antrean/shared/contracts/schedules.contract';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('schedule administration (HTTP)', () => {
  let t: TestApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    t = await buildTestApp();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
    operator = await loginAs(t.app, g.users.operator.username);
  });
  afterAll(async () => {
    await t.close();
  });

  const json = { 'content-type': 'application/json' };
  const put = (branchId: string, serviceId: string, body: unknown, cookie = admin, lang = 'id') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/branches/${branchId}/services/${serviceId}/schedules`,
      headers: { cookie, 'accept-language': lang, ...json },
      payload: JSON.stringify(body),
    });
  const interval = (branchId: string, serviceId: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/branches/${branchId}/services/${serviceId}/schedule-interval`,
      headers: { cookie: admin, ...json },
      payload: JSON.stringify(body),
    });
  const list = (branchId: string, cookie = admin) =>
    t.app.inject({ method: 'GET', url: `/api/v1/branches/${branchId}/schedules`, headers: { cookie } });
  const row = (extra: Record<string, unknown> = {}) => ({
    dayOfWeek: 1,
    shift: 'Pagi',
    startTime: '08:00',
    endTime: '12:00',
    hourlyLimit: 20,
    interval: 'quarter',
    ...extra,
  });
  const fresh = async () => {
    const branch = await t.f.buildBranch({ tenantId: g.tenant.id });
    const service = await t.f.buildService({ tenantId: g.tenant.id, branchIds: [branch.id] });
    return { branchId: branch.id, serviceId: service.id };
  };

  it("saves a service's week at once and lists it; the old rows are replaced", async () => {
    const { branchId, serviceId } = await fresh();
    const first = await put(branchId, serviceId, {
      rows: [row(), row({ shift: 'Siang', startTime: '13:00', endTime: '16:00' }), row({ dayOfWeek: 6 })],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ScheduleList>().items).toHaveLength(3);
    const second = await put(branchId, serviceId, { rows: [row({ dayOfWeek: 5, endTime: '24:00' })] });
    expect(second.json<ScheduleList>().items).toMatchObject([
      {
        serviceId,
        dayOfWeek: 5,
        shift: 'Pagi',
        startTime: '08:00',
        endTime: '24:00',
        hourlyLimit: 20,
        interval: 'quarter',
      },
    ]);
    expect((await list(branchId)).json<ScheduleList>().items).toEqual(second.json<ScheduleList>().items);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['day must be chosen', { dayOfWeek: null }, 'dayOfWeek', 'Wajib dipilih.'],
    ['day 0–6', { dayOfWeek: 7 }, 'dayOfWeek', 'Maksimal 6.'],
    ['shift must be chosen', { shift: '' }, 'shift', 'Wajib dipilih.'],
    ['shift from the list', { shift: 'Lembur' }, 'shift', 'Pilihan tidak valid.'],
    ['start time HH:MM', { startTime: '8:00' }, 'startTime', 'Format jam HH:MM.'],
    [
      'end after start',
      { startTime: '12:00', endTime: '08:00' },
      'endTime',
      'Jam selesai harus setelah jam mulai.',
    ],
    ['hourly limit ≥ 1', { hourlyLimit: 0 }, 'hourlyLimit', 'Minimal 1.'],
    ['hourly limit whole', { hourlyLimit: 2.5 }, 'hourlyLimit', 'Harus bilangan bulat.'],
    ['interval must be chosen', { interval: '' }, 'interval', 'Wajib dipilih.'],
  ];
  it.each(invalid)(
    'refuses a bad row (%s) with 400 on the field, changing nothing',
    async (_rule, change, field, message) => {
      const { branchId, serviceId } = await fresh();
      await put(branchId, serviceId, { rows: [row({ dayOfWeek: 3 })] });
      const before = (await list(branchId)).json<ScheduleList>();
      const response = await put(branchId, serviceId, { rows: [row({ dayOfWeek: 2 }), row(change)] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: { fields: { [`rows.1.${field}`]: message } } },
      });
      expect((await list(branchId)).json<ScheduleList>()).toEqual(before);
    },
  );

  it('refuses rows of one day that overlap, on the later row, in the asked language', async () => {
    const { branchId, serviceId } = await fresh();
    const response = await put(
      branchId,
      serviceId,
      { rows: [row(), row({ dayOfWeek: 2 }), row({ shift: 'Siang', startTime: '11:00', endTime: '14:00' })] },
      admin,
      'en',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: {
        code: 'SCHEDULE_OVERLAP',
        details: {
          fields: {
            'rows.2.startTime': 'This schedule overlaps another schedule of this service on the same day.',
          },
        },
      },
    });
    expect((await list(branchId)).json<ScheduleList>().items).toEqual([]);
  });

  it('sets the interval and hourly limit of every row of the service', async () => {
    const { branchId, serviceId } = await fresh();
    await put(branchId, serviceId, {
      rows: [row(), row({ dayOfWeek: 2, interval: 'hour', hourlyLimit: 5 })],
    });
    const response = await interval(branchId, serviceId, { interval: 'half', hourlyLimit: 12 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ScheduleList>().items.map((r) => [r.interval, r.hourlyLimit])).toEqual([
      ['half', 12],
      ['half', 12],
    ]);
    const bad = await interval(branchId, serviceId, { interval: 'minute', hourlyLimit: 0 });
    expect(bad.json()).toMatchObject({
      error: { details: { fields: { interval: 'Pilihan tidak valid.', hourlyLimit: 'Minimal 1.' } } },
    });
    const entries = await listAuditEntries(t.database.db, g.tenant.id, 'schedule', serviceId);
    expect(entries.map((e) => e.action).sort()).toEqual(['schedule.interval', 'schedule.replace']);
    const last = entries.find((e) => e.action === 'schedule.interval');
    expect(JSON.parse(last?.before_json ?? 'null')).toMatchObject([
      { interval: 'quarter', hourlyLimit: 20 },
      { interval: 'hour' },
    ]);
  });

  it("answers 404 for another tenant's branch or service, or a service the branch does not offer; 403 for an operator", async () => {
    const { branchId, serviceId } = await fresh();
    const notOffered = await t.f.buildService({ tenantId: g.tenant.id });
    for (const response of [
      await list(other.main.branch.id),
      await put(other.main.branch.id, other.service.id, { rows: [row()] }),
      await put(branchId, other.service.id, { rows: [row()] }),
      await put(branchId, notOffered.id, { rows: [row()] }),
      await interval(other.main.branch.id, other.service.id, { interval: 'hour', hourlyLimit: 1 }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await put(branchId, serviceId, { rows: [row()] }, operator)).statusCode).toBe(403);
    const foreignRows = await t.database.db
      .selectFrom('schedules')
      .select('id')
      .where('tenant_id', '=', other.tenant.id)
      .execute();
    expect(foreignRows).toEqual([]);
  });

  it('the kiosk follows the saved schedule (Monday 09:00 WIB: open 08–12, closed when only Tuesday)', async () => {
    const graph = await t.f.buildTenantGraph();
    const cookie = await loginAs(t.app, graph.users.admin.username);
    const kiosk = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/branches/${graph.main.branch.id}/tickets`,
        headers: { 'x-kiosk-code': graph.main.kiosk.code, ...json },
        payload: JSON.stringify({ serviceId: graph.service.id, channel: 'kiosk' }),
      });
    await put(graph.main.branch.id, graph.service.id, { rows: [row({ dayOfWeek: 2 })] }, cookie);
    const closed = await kiosk();
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      error: { code: 'SERVICE_NOT_AVAILABLE', details: { reason: 'closed' } },
    });
    await put(graph.main.branch.id, graph.service.id, { rows: [row({ dayOfWeek: 1 })] }, cookie);
    expect((await kiosk()).statusCode).toBe(201);
  });
});
