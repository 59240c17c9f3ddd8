/**
 * Holidays over HTTP: paging, search, year and branch filters; create (tenant-wide or one
 * branch), edit, delete; each validation rule answers 400 on the field; a date taken in the same
 * scope is refused; the national holidays of a year are loaded once (again: all skipped); another
 * tenant's holiday or branch answers 404; audited; and a holiday closes the kiosk that day, even
 * for a service without schedule rows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HolidayList, NationalHolidaysResult } from '@antrean/shared/contracts/holidays.contract';
import type { Holiday } from '@antrean/shared/domain/holiday';
import { NATIONAL_HOLIDAYS } from '@antrean/shared/domain/national-holidays';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('holidays (HTTP)', () => {
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

  const json = { 'content-type': 'application/json' };
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, cookie = admin) =>
    t.app.inject({
      method,
      url,
      headers: body === undefined ? { cookie } : { cookie, ...json },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const list = (query: Record<string, string>, cookie = admin) =>
    send('GET', `/api/v1/holidays?${new URLSearchParams(query).toString()}`, undefined, cookie);
  const create = (body: unknown, cookie = admin) => send('POST', '/api/v1/holidays', body, cookie);
  const count = async (tenantId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('holidays')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates tenant-wide and branch holidays, lists, filters, edits and deletes them', async () => {
    const tenant = await t.f.buildTenant();
    const owner = await t.f.buildUser({ role: 'admin', tenantId: tenant.id });
    const cookie = await loginAs(t.app, owner.username);
    const branch = await t.f.buildBranch({ tenantId: tenant.id });
    const otherBranch = await t.f.buildBranch({ tenantId: tenant.id });
    const a = await create({ date: '2026-08-17', name: 'Hari Kemerdekaan', branchId: null }, cookie);
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json<Holiday>()).toMatchObject({ date: '2026-08-17', name: 'Hari Kemerdekaan', branchId: null });
    await create({ date: '2026-03-01', name: 'Ulang tahun kota', branchId: branch.id }, cookie);
    await create({ date: '2027-01-01', name: 'Tahun Baru', branchId: otherBranch.id }, cookie);

    const all = (await list({}, cookie)).json<HolidayList>();
    expect(all.items.map((h) => h.date)).toEqual(['2026-03-01', '2026-08-17', '2027-01-01']);
    expect((await list({ year: '2026' }, cookie)).json<HolidayList>().total).toBe(2);
    const ofBranch = (await list({ branchId: branch.id }, cookie)).json<HolidayList>();
    expect(ofBranch.items.map((h) => h.name)).toEqual(['Ulang tahun kota', 'Hari Kemerdekaan']);
    expect((await list({ q: 'KOTA' }, cookie)).json<HolidayList>().total).toBe(1);
    const paged = (
      await list({ pageSize: '1', page: '2', sort: 'date', dir: 'desc' }, cookie)
    ).json<HolidayList>();
    expect(paged).toMatchObject({ total: 3, page: 2, items: [{ date: '2026-08-17' }] });

    const id = a.json<Holiday>().id;
    const edited = await send(
      'PATCH',
      `/api/v1/holidays/${id}`,
      { name: 'HUT RI', branchId: branch.id },
      cookie,
    );
    expect(edited.json<Holiday>()).toMatchObject({ name: 'HUT RI', branchId: branch.id, date: '2026-08-17' });
    expect((await send('DELETE', `/api/v1/holidays/${id}`, undefined, cookie)).statusCode).toBe(204);
    expect(await count(tenant.id)).toBe(2);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['date required', { date: '' }, 'date', 'Wajib diisi.'],
    ['date exists', { date: '2026-02-30' }, 'date', 'Format tanggal YYYY-MM-DD.'],
    ['name required', { name: ' ' }, 'name', 'Wajib diisi.'],
    ['name at most 100', { name: 'x'.repeat(101) }, 'name', 'Maksimal 100 karakter.'],
    ['branch id', { branchId: 'abc' }, 'branchId', 'ID tidak valid.'],
  ];
  it.each(invalid)('refuses a bad body (%s) with 400 on the field', async (_rule, change, field, message) => {
    const before = await count(g.tenant.id);
    const response = await create({ date: '2026-05-01', name: 'Hari Buruh', branchId: null, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { details: { fields: { [field]: message } } } });
    expect(await count(g.tenant.id)).toBe(before);
  });

  it('refuses a date that is already a holiday of the same scope; another scope may have it', async () => {
    expect((await create({ date: '2026-12-24', name: 'Malam Natal', branchId: null })).statusCode).toBe(201);
    const clash = await create({ date: '2026-12-24', name: 'Lagi', branchId: null });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error: { code: 'HOLIDAY_DATE_TAKEN', details: { fields: { date: expect.any(String) } } },
    });
    expect(
      (await create({ date: '2026-12-24', name: 'Cabang', branchId: g.main.branch.id })).statusCode,
    ).toBe(201);
  });

  it("loads a year's national holidays once; loading again skips every date; audited", async () => {
    const tenant = await t.f.buildTenant();
    const owner = await t.f.buildUser({ role: 'admin', tenantId: tenant.id });
    const cookie = await loginAs(t.app, owner.username);
    await create({ date: '2025-08-17', name: 'HUT RI ke-80', branchId: null }, cookie);
    const year = NATIONAL_HOLIDAYS.find((y) => y.year === 2025);
    const first = await send('POST', '/api/v1/holidays/national', { year: 2025, branchId: null }, cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<NationalHolidaysResult>()).toEqual({
      added: (year?.days.length ?? 0) - 1,
      skipped: 1,
      estimate: false,
    });
    const again = (
      await send('POST', '/api/v1/holidays/national', { year: 2025, branchId: null }, cookie)
    ).json();
    expect(again).toMatchObject({ added: 0, skipped: year?.days.length });
    expect(await count(tenant.id)).toBe(year?.days.length);
    const listed = (await list({ year: '2025', q: 'HUT' }, cookie)).json<HolidayList>();
    expect(listed.items.map((h) => h.name)).toEqual(['HUT RI ke-80']);
    const unknownYear = await send(
      'POST',
      '/api/v1/holidays/national',
      { year: 2031, branchId: null },
      cookie,
    );
    expect(unknownYear.statusCode).toBe(400);
    const entries = await listAuditEntries(t.database.db, tenant.id, 'holiday', 'national-2025');
    expect(entries.map((e) => e.action)).toEqual(['holiday.load-national']);
    expect(JSON.parse(entries[0]?.after_json ?? '{}')).toMatchObject({ year: 2025 });
  });

  it("answers 404 for another tenant's holiday or branch, changing nothing", async () => {
    const foreign = other.holiday.id;
    for (const response of [
      await send('PATCH', `/api/v1/holidays/${foreign}`, { name: 'Diambil' }),
      await send('DELETE', `/api/v1/holidays/${foreign}`),
      await create({ date: '2026-06-01', name: 'Pancasila', branchId: other.main.branch.id }),
      await send('POST', '/api/v1/holidays/national', { year: 2026, branchId: other.main.branch.id }),
      await list({ branchId: other.main.branch.id }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await count(other.tenant.id)).toBe(1);
    const operator = await loginAs(t.app, g.users.operator.username);
    expect((await list({}, operator)).statusCode).toBe(403);
  });

  it('a holiday closes the kiosk that day, also for a service without schedule rows; another day opens', async () => {
    const graph = await t.f.buildTenantGraph();
    const cookie = await loginAs(t.app, graph.users.admin.username);
    const kiosk = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/branches/${graph.main.branch.id}/tickets`,
        headers: { 'x-kiosk-code': graph.main.kiosk.code, ...json },
        payload: JSON.stringify({ serviceId: graph.service.id, channel: 'kiosk' }),
      });
    expect((await kiosk()).statusCode).toBe(201);
    // TEST_NOW is Monday 2026-01-05 in Jakarta.
    const holiday = (
      await create({ date: '2026-01-05', name: 'Libur cabang', branchId: graph.main.branch.id }, cookie)
    ).json<Holiday>();
    const refused = await kiosk();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'SERVICE_NOT_AVAILABLE',
        details: { reason: 'holiday', nextOpenAt: Date.UTC(2026, 0, 5, 17, 0) },
      },
    });
    await send('PATCH', `/api/v1/holidays/${holiday.id}`, { date: '2026-01-06' }, cookie);
    expect((await kiosk()).statusCode).toBe(201);
  });
});
