/**
 * Branch administration over HTTP: paging, search and sort; create, edit, (de)activate, delete;
 * every validation rule (table-driven) answers 400 with field errors and changes nothing; the
 * limits cannot go below what is active; the integration key is shown once and works; another
 * tenant's branch answers 404; every change is audited.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { BranchApiKey, BranchList } from '@antrean/shared/contracts/branch-admin.contract';
import type { BranchDetail } from '@antrean/shared/domain/branch';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('branch administration (HTTP)', () => {
  let t: TestApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  let operator: string;
  let seq = 0;

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
  beforeEach(() => {
    seq++;
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
    send('GET', `/api/v1/branches/page?${new URLSearchParams(query).toString()}`, undefined, cookie);
  const create = (body: unknown, cookie = admin) => send('POST', '/api/v1/branches', body, cookie);
  const patch = (id: string, body: unknown) => send('PATCH', `/api/v1/branches/${id}`, body);
  const remove = (id: string) => send('DELETE', `/api/v1/branches/${id}`);
  const branchBody = (extra: Record<string, unknown> = {}) => ({
    code: `KCB${seq}`,
    name: 'Kantor Kecamatan Coblong',
    address: 'Jl. Sangkuriang No. 1',
    province: 'Jawa Barat',
    city: 'Kota Bandung',
    village: 'Dago',
    timeZone: 'Asia/Jakarta',
    category: 'Kantor Kecamatan',
    displayLimit: 2,
    counterLimit: 3,
    monitoringUrl: '',
    autoServe: true,
    autoServeDelaySeconds: 30,
    whatsappVirtualTicket: true,
    showOnKiosk: true,
    showOnWeb: false,
    isActive: true,
    ...extra,
  });
  const branchCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('branches')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', g.tenant.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a branch with every field, reads it back and lists it', async () => {
    const response = await create(branchBody({ monitoringUrl: 'https://cctv.example.id/coblong' }));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<BranchDetail>();
    expect(created).toMatchObject({
      code: `KCB${seq}`,
      name: 'Kantor Kecamatan Coblong',
      village: 'Dago',
      timeZone: 'Asia/Jakarta',
      category: 'Kantor Kecamatan',
      displayLimit: 2,
      counterLimit: 3,
      monitoringUrl: 'https://cctv.example.id/coblong',
      autoServe: true,
      autoServeDelaySeconds: 30,
      whatsappVirtualTicket: true,
      showOnKiosk: true,
      showOnWeb: false,
      isActive: true,
      apiKeyHint: null,
      usage: { activeCounters: 0, activeDisplays: 0 },
    });
    const read = await send('GET', `/api/v1/branches/${created.id}/settings`);
    expect(read.json<BranchDetail>()).toEqual(created);
    const found = (await list({ q: `kcb${seq}` })).json<BranchList>();
    expect(found.items.map((b) => b.id)).toEqual([created.id]);
    // The pickers' unpaged list has it too.
    const pick = (await send('GET', '/api/v1/branches')).json<{ items: { id: string }[] }>();
    expect(pick.items.map((b) => b.id)).toContain(created.id);
  });

  it('pages, searches (code, name, city) and sorts on the server', async () => {
    const tenant = await t.f.buildTenant();
    const owner = await t.f.buildUser({ role: 'admin', tenantId: tenant.id });
    const cookie = await loginAs(t.app, owner.username);
    for (const [code, city] of [
      ['C3', 'Bogor'],
      ['C1', 'Bandung'],
      ['C2', 'Cimahi'],
      ['X_1', 'Depok'],
    ] as const) {
      expect((await create(branchBody({ code, city, name: `Cabang ${code}` }), cookie)).statusCode).toBe(201);
    }
    const first = (await list({ pageSize: '2' }, cookie)).json<BranchList>();
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(first.items.map((b) => b.code)).toEqual(['C1', 'C2']);
    const second = (await list({ pageSize: '2', page: '2' }, cookie)).json<BranchList>();
    expect(second.items.map((b) => b.code)).toEqual(['C3', 'X_1']);
    const byCity = (await list({ sort: 'city', dir: 'desc' }, cookie)).json<BranchList>();
    expect(byCity.items.map((b) => b.city)).toEqual(['Depok', 'Cimahi', 'Bogor', 'Bandung']);
    expect((await list({ q: 'BANDUNG' }, cookie)).json<BranchList>().items.map((b) => b.code)).toEqual([
      'C1',
    ]);
    expect((await list({ q: '_' }, cookie)).json<BranchList>().items.map((b) => b.code)).toEqual(['X_1']);
    const inactive = (await list({ status: 'inactive' }, cookie)).json<BranchList>();
    expect(inactive.total).toBe(0);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['code required', { code: '' }, 'code', 'Wajib diisi.'],
    [
      'code without spaces',
      { code: 'KC 01' },
      'code',
      'Kode cabang hanya huruf, angka, - dan _ (tanpa spasi).',
    ],
    ['code at most 20', { code: 'A'.repeat(21) }, 'code', 'Maksimal 20 karakter.'],
    ['name at least 3', { name: 'Ab' }, 'name', 'Minimal 3 karakter.'],
    ['address required', { address: ' ' }, 'address', 'Wajib diisi.'],
    ['province required', { province: '' }, 'province', 'Wajib diisi.'],
    ['city required', { city: '' }, 'city', 'Wajib diisi.'],
    ['village required', { village: '' }, 'village', 'Wajib diisi.'],
    ['time zone must be chosen', { timeZone: '' }, 'timeZone', 'Wajib dipilih.'],
    ['time zone known', { timeZone: 'Asia/Bandung' }, 'timeZone', 'Zona waktu tidak dikenal.'],
    ['category must be chosen', { category: '' }, 'category', 'Wajib dipilih.'],
    ['display limit ≥ 0', { displayLimit: -1 }, 'displayLimit', 'Minimal 0.'],
    ['counter limit ≥ 1', { counterLimit: 0 }, 'counterLimit', 'Minimal 1.'],
    ['counter limit whole', { counterLimit: 1.5 }, 'counterLimit', 'Harus bilangan bulat.'],
    ['delay ≤ 3600', { autoServeDelaySeconds: 3601 }, 'autoServeDelaySeconds', 'Maksimal 3600.'],
    [
      'monitoring url http(s)',
      { monitoringUrl: 'ftp://x' },
      'monitoringUrl',
      'Alamat harus diawali http:// atau https://.',
    ],
  ];
  it.each(invalid)(
    'refuses a bad body (%s) with 400 and a field error, creating nothing',
    async (_rule, change, field, message) => {
      const before = await branchCount();
      const response = await create(branchBody(change));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: { fields: { [field]: message } } },
      });
      expect(await branchCount()).toBe(before);
    },
  );

  it('answers field errors in English when asked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/branches',
      headers: { cookie: admin, 'accept-language': 'en', ...json },
      payload: JSON.stringify(branchBody({ name: 'Ab' })),
    });
    expect(response.json()).toMatchObject({
      error: { details: { fields: { name: 'At least 3 characters.' } } },
    });
  });

  it('refuses a code another branch of the tenant uses, in any case (another tenant may use it)', async () => {
    expect((await create(branchBody())).statusCode).toBe(201);
    const clash = await create(branchBody({ code: `kcb${seq}` }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error: {
        code: 'BRANCH_CODE_TAKEN',
        details: { fields: { code: 'Kode cabang sudah dipakai cabang lain.' } },
      },
    });
    const otherAdmin = await loginAs(t.app, other.users.admin.username);
    expect((await create(branchBody(), otherAdmin)).statusCode).toBe(201);
  });

  it('edits a branch; lowering a limit below what is active is refused with a clear error', async () => {
    const branch = (await create(branchBody())).json<BranchDetail>();
    for (const n of [1, 2]) await t.f.buildCounter({ branchId: branch.id, number: n });
    await t.f.buildDisplay({ branchId: branch.id });
    const edited = await patch(branch.id, { name: 'Kecamatan Coblong', counterLimit: 2, displayLimit: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<BranchDetail>()).toMatchObject({
      name: 'Kecamatan Coblong',
      counterLimit: 2,
      displayLimit: 1,
      usage: { activeCounters: 2, activeDisplays: 1 },
    });
    const counters = await patch(branch.id, { counterLimit: 1 });
    expect(counters.statusCode).toBe(409);
    expect(counters.json()).toMatchObject({
      error: {
        code: 'BRANCH_COUNTER_LIMIT_BELOW_ACTIVE',
        details: { active: 2, fields: { counterLimit: expect.stringContaining('loket aktif') } },
      },
    });
    const displays = await patch(branch.id, { displayLimit: 0 });
    expect(displays.json()).toMatchObject({ error: { code: 'BRANCH_DISPLAY_LIMIT_BELOW_ACTIVE' } });
    const row = await t.database.db
      .selectFrom('branches')
      .select(['counter_limit', 'display_limit'])
      .where('id', '=', branch.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ counter_limit: 2, display_limit: 1 });
    // The counters page then refuses a third active counter (COUNTER_LIMIT_REACHED).
    const third = await send('POST', '/api/v1/counters', {
      branchId: branch.id,
      name: 'Loket 3',
      number: 3,
      isActive: true,
      serviceIds: [(await t.f.buildService({ tenantId: g.tenant.id, branchIds: [branch.id] })).id],
    });
    expect(third.json()).toMatchObject({ error: { code: 'COUNTER_LIMIT_REACHED' } });
  });

  it('generates and rotates the API key: shown once, stored hashed, the old key stops working', async () => {
    const branch = (await create(branchBody())).json<BranchDetail>();
    t.clock.advance(1000);
    const first = await send('POST', `/api/v1/branches/${branch.id}/api-key`);
    expect(first.statusCode, first.body).toBe(201);
    const key1 = first.json<BranchApiKey>();
    expect(key1.key).toMatch(new RegExp(`^ak_${branch.id}_[A-Za-z0-9_-]{20,}$`));
    expect(key1.hint).toBe(key1.key.slice(-4));
    const row = await t.database.db
      .selectFrom('branches')
      .select(['api_key_hash', 'api_key_hint'])
      .where('id', '=', branch.id)
      .executeTakeFirstOrThrow();
    expect(row.api_key_hash).not.toContain(key1.key.slice(-10));
    expect(row.api_key_hint).toBe(key1.hint);
    const detail = (await send('GET', `/api/v1/branches/${branch.id}/settings`)).json<BranchDetail>();
    expect(detail.apiKeyHint).toBe(key1.hint);
    expect(JSON.stringify(detail)).not.toContain(key1.key);

    const withKey = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/branches/${branch.id}/services`,
        headers: { 'x-api-key': key },
      });
    expect((await withKey(key1.key)).statusCode).toBe(200);
    t.clock.advance(1000);
    const key2 = (await send('POST', `/api/v1/branches/${branch.id}/api-key`)).json<BranchApiKey>();
    expect(key2.key).not.toBe(key1.key);
    expect((await withKey(key1.key)).statusCode).toBe(401);
    expect((await withKey(key2.key)).statusCode).toBe(200);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'branch', branch.id);
    expect(audit.map((e) => e.action)).toEqual([
      'branch.create',
      'branch.api-key.generate',
      'branch.api-key.rotate',
    ]);
    expect(audit.map((e) => `${e.before_json ?? ''}${e.after_json ?? ''}`).join()).not.toContain(key2.key);
  });

  it('deletes a branch without history with its setup; refuses one with history (deactivate instead)', async () => {
    const fresh = (await create(branchBody())).json<BranchDetail>();
    const display = await t.f.buildDisplay({ branchId: fresh.id });
    await t.f.buildCounter({ branchId: fresh.id });
    expect((await remove(fresh.id)).statusCode).toBe(204);
    expect(
      await t.database.db.selectFrom('branches').select('id').where('id', '=', fresh.id).execute(),
    ).toEqual([]);
    expect(
      await t.database.db.selectFrom('counters').select('id').where('branch_id', '=', fresh.id).execute(),
    ).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('global_names')
        .select('name')
        .where('target_id', '=', display.id)
        .execute(),
    ).toEqual([]);

    const used = (await create(branchBody({ code: `USED${seq}` }))).json<BranchDetail>();
    await t.f.buildTicket({ branchId: used.id });
    const refused = await remove(used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'BRANCH_HAS_HISTORY', message: expect.stringMatching(/Nonaktifkan/) },
    });
    const off = await patch(used.id, { isActive: false });
    expect(off.json<BranchDetail>().isActive).toBe(false);
  });

  it("another tenant's branch answers 404 and stays as it was; only an admin may administer branches", async () => {
    const foreign = other.main.branch.id;
    for (const response of [
      await send('GET', `/api/v1/branches/${foreign}/settings`),
      await patch(foreign, { name: 'Diambil' }),
      await remove(foreign),
      await send('POST', `/api/v1/branches/${foreign}/api-key`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const row = await t.database.db
      .selectFrom('branches')
      .select(['name', 'api_key_hash'])
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(other.main.branch.name);
    expect((await list({}, operator)).statusCode).toBe(403);
    expect((await create(branchBody(), operator)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/branches/${g.main.branch.id}/api-key`,
          headers: { cookie: operator },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('audits every change with before and after; a refused change writes nothing', async () => {
    const branch = (await create(branchBody())).json<BranchDetail>();
    t.clock.advance(1000);
    await patch(branch.id, { name: 'Kecamatan Coblong Baru' });
    t.clock.advance(1000);
    await patch(branch.id, { isActive: false });
    t.clock.advance(1000);
    await patch(branch.id, { isActive: false });
    await patch(branch.id, { counterLimit: 0 });
    t.clock.advance(1000);
    await remove(branch.id);
    const entries = await listAuditEntries(t.database.db, g.tenant.id, 'branch', branch.id);
    expect(entries.map((e) => e.action)).toEqual([
      'branch.create',
      'branch.update',
      'branch.deactivate',
      'branch.delete',
    ]);
    expect(entries.every((e) => e.actor_id === g.users.admin.id)).toBe(true);
    expect(JSON.parse(entries[1]?.before_json ?? 'null')).toMatchObject({ name: 'Kantor Kecamatan Coblong' });
    expect(JSON.parse(entries[1]?.after_json ?? 'null')).toMatchObject({ name: 'Kecamatan Coblong Baru' });
    expect(entries[3]?.after_json).toBeNull();
  });
});
