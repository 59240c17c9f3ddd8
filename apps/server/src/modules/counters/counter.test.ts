/**
 * Counter administration over HTTP and at the service: paging, search and sort; create, edit
 * (services included), deactivate and delete; the branch's counter limit; field errors that
 * change nothing; another tenant's ids answer 404; the audit entry is written with the change.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { CounterList } from '@antrean/shared/contracts/counters.contract';
import type { Counter } from '@antrean/shared/domain/counter';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type BranchRef, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('counter administration (HTTP)', () => {
  let t: TestApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  let operator: string;
  let branch: BranchRef;
  let serviceId: string;

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
  beforeEach(async () => {
    // A fresh branch per test, with a limit of 3 active counters and one offered service.
    branch = await t.f.buildBranch({ tenantId: g.tenant.id });
    await t.database.db
      .updateTable('branches')
      .set({ counter_limit: 3 })
      .where('id', '=', branch.id)
      .execute();
    serviceId = (await t.f.buildService({ tenantId: g.tenant.id, branchIds: [branch.id] })).id;
  });

  const json = { 'content-type': 'application/json' };
  const list = (query: Record<string, string>, cookie = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/counters?${new URLSearchParams(query).toString()}`,
      headers: { cookie },
    });
  const create = (body: unknown, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/counters',
      headers: { cookie, ...json },
      payload: JSON.stringify(body),
    });
  const patch = (id: string, body: unknown, cookie = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/counters/${id}`,
      headers: { cookie, ...json },
      payload: JSON.stringify(body),
    });
  const remove = (id: string, cookie = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/counters/${id}`, headers: { cookie } });
  const counterBody = (number: number, extra: Record<string, unknown> = {}) => ({
    branchId: branch.id,
    name: `Loket ${number}`,
    number,
    isActive: true,
    serviceIds: [serviceId],
    ...extra,
  });
  const countersOfBranch = async () =>
    await t.database.db
      .selectFrom('counters')
      .select(['name', 'number', 'is_active'])
      .where('branch_id', '=', branch.id)
      .orderBy('number')
      .execute();

  it('creates a counter with its services, and lists it', async () => {
    const response = await create(counterBody(1));
    expect(response.statusCode, response.body).toBe(201);
    const counter = response.json<Counter>();
    expect(counter).toMatchObject({
      branchId: branch.id,
      name: 'Loket 1',
      number: 1,
      isActive: true,
      serviceIds: [serviceId],
    });
    const page = (await list({ branchId: branch.id })).json<CounterList>();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20, limit: { active: 1, max: 3 } });
    expect(page.items).toEqual([counter]);
  });

  it('pages, searches and sorts on the server', async () => {
    await t.database.db
      .updateTable('branches')
      .set({ counter_limit: 20 })
      .where('id', '=', branch.id)
      .execute();
    for (const n of [3, 1, 12, 2, 11]) {
      expect((await create(counterBody(n, { name: `Loket ${n}` }))).statusCode).toBe(201);
    }
    expect((await create(counterBody(20, { name: 'Prioritas 100%' }))).statusCode).toBe(201);

    const first = (await list({ branchId: branch.id, pageSize: '2' })).json<CounterList>();
    expect(first.total).toBe(6);
    expect(first.items.map((c) => c.number)).toEqual([1, 2]);
    const third = (await list({ branchId: branch.id, pageSize: '2', page: '3' })).json<CounterList>();
    expect(third.items.map((c) => c.number)).toEqual([12, 20]);

    const byNameDesc = (await list({ branchId: branch.id, sort: 'name', dir: 'desc' })).json<CounterList>();
    expect(byNameDesc.items[0]?.name).toBe('Prioritas 100%');

    const search = (await list({ branchId: branch.id, q: 'LOKET 1' })).json<CounterList>();
    expect(search.items.map((c) => c.number).sort((a, b) => a - b)).toEqual([1, 11, 12]);
    expect(search.total).toBe(3);
    // LIKE wildcards in the search text match themselves.
    expect(
      (await list({ branchId: branch.id, q: '100%' })).json<CounterList>().items.map((c) => c.number),
    ).toEqual([20]);
    expect((await list({ branchId: branch.id, q: '_' })).json<CounterList>().total).toBe(0);
    // A page past the end is empty, with the total.
    const past = (await list({ branchId: branch.id, page: '9' })).json<CounterList>();
    expect(past).toMatchObject({ items: [], total: 6, page: 9 });
  });

  it('edits name, number and services; deactivates; filters by status', async () => {
    const second = await t.f.buildService({ tenantId: g.tenant.id, branchIds: [branch.id] });
    const counter = (await create(counterBody(1))).json<Counter>();
    const edited = await patch(counter.id, {
      name: 'Loket Prioritas',
      number: 5,
      serviceIds: [second.id, serviceId],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Counter>()).toMatchObject({
      name: 'Loket Prioritas',
      number: 5,
      serviceIds: [second.id, serviceId],
    });

    const off = await patch(counter.id, { isActive: false });
    expect(off.json<Counter>().isActive).toBe(false);
    expect((await list({ branchId: branch.id, status: 'active' })).json<CounterList>().total).toBe(0);
    const inactive = (await list({ branchId: branch.id, status: 'inactive' })).json<CounterList>();
    expect(inactive.items.map((c) => c.id)).toEqual([counter.id]);
    expect(inactive.limit.active).toBe(0);
  });

  it("enforces the branch's limit on active counters with COUNTER_LIMIT_REACHED", async () => {
    for (const n of [1, 2, 3]) expect((await create(counterBody(n))).statusCode).toBe(201);
    const fourth = await create(counterBody(4));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      error: { code: 'COUNTER_LIMIT_REACHED', details: { limit: 3, active: 3 } },
    });
    expect(fourth.json<{ error: { message: string } }>().error.message).toMatch(/batas/);

    // An inactive counter does not count; activating it must fit within the limit.
    const spare = await create(counterBody(4, { isActive: false }));
    expect(spare.statusCode).toBe(201);
    const activate = await patch(spare.json<Counter>().id, { isActive: true });
    expect(activate.json()).toMatchObject({ error: { code: 'COUNTER_LIMIT_REACHED' } });
    expect((await countersOfBranch()).filter((c) => c.is_active === 1)).toHaveLength(3);
  });

  it('answers 400 with field errors on a bad body, and 409 on a clash, changing nothing', async () => {
    await create(counterBody(1));
    const before = await countersOfBranch();
    const bad = await create({ branchId: branch.id, name: '', number: 0, isActive: true, serviceIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        details: { fields: { name: 'Wajib diisi.', number: 'Minimal 1.', serviceIds: 'Wajib dipilih.' } },
      },
    });
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/v1/counters',
      headers: { cookie: admin, 'accept-language': 'en', ...json },
      payload: JSON.stringify({ ...counterBody(2), number: 1.5 }),
    });
    expect(english.statusCode).toBe(400);
    const nameTaken = await create(counterBody(2, { name: 'loket 1' }));
    expect(nameTaken.json()).toMatchObject({
      error: {
        code: 'COUNTER_NAME_TAKEN',
        details: { fields: { name: 'Nama loket sudah dipakai di cabang ini.' } },
      },
    });
    const numberTaken = await create(counterBody(1, { name: 'Loket Baru' }));
    expect(numberTaken.json()).toMatchObject({
      error: { code: 'COUNTER_NUMBER_TAKEN', details: { fields: { number: expect.any(String) } } },
    });
    const notOffered = await create(counterBody(2, { serviceIds: [other.service.id] }));
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({
      error: { details: { fields: { serviceIds: 'Pilihan tidak valid.' } } },
    });
    expect(await countersOfBranch()).toEqual(before);
  });

  it("another tenant's counter or branch answers 404 and stays as it was", async () => {
    const foreign = other.main.counter.id;
    for (const response of [
      await t.app.inject({ method: 'GET', url: `/api/v1/counters/${foreign}`, headers: { cookie: admin } }),
      await patch(foreign, { name: 'Diambil' }),
      await remove(foreign),
      await list({ branchId: other.main.branch.id }),
      await create({ ...counterBody(7), branchId: other.main.branch.id, serviceIds: [other.service.id] }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    const row = await t.database.db
      .selectFrom('counters')
      .select('name')
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(other.main.counter.name);
  });

  it('only an admin may administer counters', async () => {
    expect((await list({ branchId: g.main.branch.id }, operator)).statusCode).toBe(403);
    expect((await create({ ...counterBody(1), branchId: g.main.branch.id }, operator)).statusCode).toBe(403);
  });

  it('deletes a counter without history; refuses one with history (COUNTER_HAS_HISTORY)', async () => {
    const fresh = (await create(counterBody(1))).json<Counter>();
    expect((await remove(fresh.id)).statusCode).toBe(204);
    expect(await countersOfBranch()).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('counter_services')
        .select('id')
        .where('counter_id', '=', fresh.id)
        .execute(),
    ).toEqual([]);

    const used = (await create(counterBody(2))).json<Counter>();
    const ticket = await t.f.buildTicket({ branchId: branch.id, serviceId });
    await t.database.db
      .updateTable('tickets')
      .set({ counter_id: used.id, status: 'finished' })
      .where('id', '=', ticket.id)
      .execute();
    const refused = await remove(used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'COUNTER_HAS_HISTORY' } });
    expect(await countersOfBranch()).toHaveLength(1);
  });

  it('an inactive counter cannot be taken at caller sign-in', async () => {
    const caller = await t.f.buildUser({ role: 'caller', tenantId: g.tenant.id, branchIds: [branch.id] });
    const callerCookie = await loginAs(t.app, caller.username);
    const counter = (await create(counterBody(1, { isActive: false }))).json<Counter>();
    const take = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/counters/${counter.id}/station`,
        headers: { cookie: callerCookie, ...json },
        payload: JSON.stringify({ serviceIds: [serviceId] }),
      });
    const refused = await take();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'COUNTER_INACTIVE' } });
    await patch(counter.id, { isActive: true });
    expect((await take()).statusCode).toBeLessThan(300);
  });

  it('writes an audit entry per change with who, what, when, before and after', async () => {
    const counter = (await create(counterBody(1))).json<Counter>();
    t.clock.advance(1000);
    await patch(counter.id, { name: 'Loket Utama' });
    const updatedAt = t.clock.now();
    t.clock.advance(1000);
    await patch(counter.id, { isActive: false });
    t.clock.advance(1000);
    await remove(counter.id);
    const entries = await listAuditEntries(t.database.db, g.tenant.id, 'counter', counter.id);
    expect(entries.map((e) => e.action)).toEqual([
      'counter.create',
      'counter.update',
      'counter.deactivate',
      'counter.delete',
    ]);
    expect(entries.every((e) => e.actor_id === g.users.admin.id)).toBe(true);
    expect(entries[1]?.at).toBe(updatedAt);
    const parse = (s: string | null): unknown => (s === null ? null : JSON.parse(s));
    expect(parse(entries[0]?.before_json ?? null)).toBeNull();
    expect(parse(entries[0]?.after_json ?? null)).toEqual(counter);
    expect(parse(entries[1]?.before_json ?? null)).toMatchObject({ name: 'Loket 1' });
    expect(parse(entries[1]?.after_json ?? null)).toMatchObject({ name: 'Loket Utama' });
    expect(parse(entries[3]?.after_json ?? null)).toBeNull();
    // A refused change writes nothing.
    await create(counterBody(2, { serviceIds: [other.service.id] }));
    const all = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('tenant_id', '=', g.tenant.id)
      .where('branch_id', '=', branch.id)
      .execute();
    expect(all).toHaveLength(4);
  });

  it('the OpenAPI document lists the counter routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/v1/counters'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/counters/{counterId}'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
  });
});
