/**
 * Service administration over HTTP: paging, search, sort and the status filter; create and edit
 * with sub services; a table of the spec's validation rules (400, field errors, nothing changed);
 * code and sub service clashes; deactivate and reactivate; delete refused while tickets name the
 * service; another tenant's ids answer 404; every change audited; other roles refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServiceList } from '@antrean/shared/contracts/services.contract';
import type { Service } from '@antrean/shared/domain/service';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('service administration (HTTP)', () => {
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

  const json = { 'content-type': 'application/json' };
  const list = (query: Record<string, string>, cookie = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/services?${new URLSearchParams(query).toString()}`,
      headers: { cookie },
    });
  const page = async (query: Record<string, string>): Promise<ServiceList> => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ServiceList>();
  };
  const create = (body: unknown, cookie = admin, lang = 'id') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/services',
      headers: { cookie, 'accept-language': lang, ...json },
      payload: JSON.stringify(body),
    });
  const patch = (id: string, body: unknown, cookie = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/services/${id}`,
      headers: { cookie, ...json },
      payload: JSON.stringify(body),
    });
  const remove = (id: string, cookie = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/services/${id}`, headers: { cookie } });
  /** A valid body with a fresh code (Z + two letters/digits, unique in this run). */
  const serviceBody = (extra: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      name: `Kartu Keluarga ${seq}`,
      code: `Z${seq.toString(36).toUpperCase().padStart(2, '0')}`,
      type: 'both',
      description: null,
      slaSeconds: 600,
      printCount: 1,
      bookingWhatsapp: true,
      firstCallWhatsapp: false,
      afterHoldCallWhatsapp: false,
      randomCaller: false,
      customerPhoto: true,
      eformEnabled: false,
      showOnWeb: true,
      showOnKiosk: true,
      showRemainingQueue: true,
      finishButton: true,
      isActive: true,
      sortOrder: 0,
      subServices: [
        { name: 'Pembuatan Baru', isActive: true },
        { name: 'Perubahan Data', isActive: true },
      ],
      ...extra,
    };
  };
  const servicesOfTenant = async () =>
    await t.database.db
      .selectFrom('services')
      .select(['id', 'code', 'name', 'is_active'])
      .where('tenant_id', '=', g.tenant.id)
      .orderBy('id')
      .execute();

  it('creates a service with every field and its sub services, and gets and lists it', async () => {
    const response = await create(serviceBody({ code: 'k', name: '  Kartu Keluarga  ' }));
    expect(response.statusCode, response.body).toBe(201);
    const service = response.json<Service>();
    expect(service).toMatchObject({
      name: 'Kartu Keluarga',
      code: 'K',
      slaSeconds: 600,
      bookingWhatsapp: true,
      customerPhoto: true,
      isActive: true,
      subServices: [
        { name: 'Pembuatan Baru', isActive: true },
        { name: 'Perubahan Data', isActive: true },
      ],
    });
    const got = await t.app.inject({ url: `/api/v1/services/${service.id}`, headers: { cookie: admin } });
    expect(got.json<Service>()).toEqual(service);
    const found = await page({ q: 'kartu keluarga', pageSize: '100' });
    expect(found.items.map((s) => s.id)).toContain(service.id);
  });

  it('pages, searches and sorts on the server, and filters by status', async () => {
    const names = ['Paspor', 'Akta Lahir', 'Nikah 100%'];
    const made: Service[] = [];
    for (const name of names) made.push((await create(serviceBody({ name }))).json<Service>());
    const ids = new Set(made.map((s) => s.id));
    const byName = await page({ sort: 'name', pageSize: '100' });
    const ours = byName.items.filter((s) => ids.has(s.id)).map((s) => s.name);
    expect(ours).toEqual(['Akta Lahir', 'Nikah 100%', 'Paspor']);
    const first = await page({ pageSize: '2', sort: 'code' });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(byName.total);
    expect((await page({ q: '100%' })).items.map((s) => s.name)).toEqual(['Nikah 100%']);
    expect((await page({ q: '_' })).total).toBe(0);

    const paspor = made[0]!;
    expect((await patch(paspor.id, { isActive: false })).json<Service>().isActive).toBe(false);
    const inactive = await page({ status: 'inactive' });
    expect(inactive.items.map((s) => s.id)).toEqual([paspor.id]);
    const active = await page({ status: 'active', pageSize: '100' });
    expect(active.items.map((s) => s.id)).not.toContain(paspor.id);
    // Reactivated from the inactive list.
    expect((await patch(paspor.id, { isActive: true })).json<Service>().isActive).toBe(true);
    expect((await page({ status: 'inactive' })).total).toBe(0);
  });

  // The spec's rules (section 5) and the schema's other limits, one row each: 400, the field, nothing saved.
  const rules: [string, Record<string, unknown>, string, string][] = [
    ['service name at least 3', { name: 'KK' }, 'name', 'Minimal 3 karakter.'],
    ['service name required', { name: '   ' }, 'name', 'Minimal 3 karakter.'],
    ['service code required', { code: '' }, 'code', 'Wajib diisi.'],
    [
      'service code format',
      { code: 'K 1' },
      'code',
      'Kode layanan hanya huruf atau angka, tanpa spasi (contoh K).',
    ],
    ['service code at most 4', { code: 'ABCDE' }, 'code', 'Maksimal 4 karakter.'],
    ['SLA required', { slaSeconds: null }, 'slaSeconds', 'Wajib diisi.'],
    ['SLA at least 1', { slaSeconds: 0 }, 'slaSeconds', 'Minimal 1.'],
    ['SLA whole seconds', { slaSeconds: 1.5 }, 'slaSeconds', 'Harus bilangan bulat.'],
    ['print count required', { printCount: null }, 'printCount', 'Wajib diisi.'],
    ['print count at most 5', { printCount: 6 }, 'printCount', 'Maksimal 5.'],
    ['type must be chosen', { type: '' }, 'type', 'Wajib dipilih.'],
    [
      'sub service name required',
      { subServices: [{ name: ' ', isActive: true }] },
      'subServices.0.name',
      'Wajib diisi.',
    ],
    [
      'sub service must not already exist',
      {
        subServices: [
          { name: 'Baru', isActive: true },
          { name: 'baru ', isActive: true },
        ],
      },
      'subServices.1.name',
      'Sub layanan sudah ada.',
    ],
  ];
  it.each(rules)('refuses a bad body: %s (400, nothing saved)', async (_rule, change, field, message) => {
    const before = await servicesOfTenant();
    const response = await create(serviceBody(change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { fields: { [field]: message } } },
    });
    expect(await servicesOfTenant()).toEqual(before);
  });

  it('answers the field errors in English when asked', async () => {
    const response = await create(serviceBody({ name: 'KK' }), admin, 'en');
    expect(response.json()).toMatchObject({
      error: { details: { fields: { name: 'At least 3 characters.' } } },
    });
  });

  it('refuses a code another service uses (SERVICE_CODE_TAKEN on the code field), changing nothing', async () => {
    const first = (await create(serviceBody())).json<Service>();
    const before = await servicesOfTenant();
    const clash = await create(serviceBody({ code: first.code.toLowerCase() }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error: {
        code: 'SERVICE_CODE_TAKEN',
        details: { fields: { code: 'Kode layanan sudah dipakai layanan lain.' } },
      },
    });
    const second = (await create(serviceBody())).json<Service>();
    expect((await patch(second.id, { code: first.code })).statusCode).toBe(409);
    expect((await servicesOfTenant()).length).toBe(before.length + 1);
    // Another tenant may use the same code.
    const elsewhere = await create(
      serviceBody({ code: first.code }),
      await loginAs(t.app, other.users.admin.username),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('edits the sub services: rename, reorder, add, remove; a removed one with tickets is deactivated', async () => {
    const service = (await create(serviceBody())).json<Service>();
    const [baru, ubah] = service.subServices;
    // A ticket names "Perubahan Data": it is kept (inactive) when removed from the list.
    const ticket = await t.f.buildTicket({ branchId: g.main.branch.id, serviceId: g.service.id });
    await t.database.db
      .updateTable('tickets')
      .set({ sub_service_id: ubah!.id })
      .where('id', '=', ticket.id)
      .execute();
    const edited = await patch(service.id, {
      subServices: [
        { name: 'Surat Pindah', isActive: true },
        { id: baru!.id, name: 'Pembuatan Baru (KK)', isActive: false },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Service>().subServices).toEqual([
      { id: expect.any(String), name: 'Surat Pindah', isActive: true },
      { id: baru!.id, name: 'Pembuatan Baru (KK)', isActive: false },
      { id: ubah!.id, name: 'Perubahan Data', isActive: false },
    ]);
    // Swapping two names in one save works (no unique-key clash halfway).
    const sub = edited.json<Service>().subServices;
    const swapped = await patch(service.id, {
      subServices: [
        { id: sub[0]!.id, name: sub[1]!.name, isActive: true },
        { id: sub[1]!.id, name: sub[0]!.name, isActive: true },
        { id: sub[2]!.id, name: sub[2]!.name, isActive: false },
      ],
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    // A new sub service named like an existing (kept) one is refused on its field.
    const clash = await patch(service.id, {
      subServices: [
        { id: sub[0]!.id, name: 'Surat', isActive: true },
        { name: 'PERUBAHAN DATA', isActive: true },
      ],
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({
      error: {
        code: 'SUB_SERVICE_EXISTS',
        details: { fields: { 'subServices.1.name': 'Sub layanan sudah ada.' } },
      },
    });
    // A sub service id of another service is not ours to edit.
    const foreign = await patch(service.id, {
      subServices: [{ id: g.service.subServiceIds[0], name: 'Dicuri', isActive: true }],
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses to delete a service with tickets today or earlier, and deletes one without', async () => {
    const today = (await create(serviceBody())).json<Service>();
    const ticket = await t.f.buildTicket({ branchId: g.main.branch.id, serviceId: g.service.id });
    await t.database.db
      .updateTable('tickets')
      .set({ service_id: today.id })
      .where('id', '=', ticket.id)
      .execute();
    const refused = await remove(today.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'SERVICE_HAS_TICKETS_TODAY' } });
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/Nonaktifkan/);

    await t.database.db
      .updateTable('tickets')
      .set({ service_day: '2020-01-02' })
      .where('id', '=', ticket.id)
      .execute();
    expect((await remove(today.id)).json()).toMatchObject({ error: { code: 'SERVICE_HAS_HISTORY' } });
    expect((await servicesOfTenant()).some((s) => s.id === today.id)).toBe(true);

    const unused = (await create(serviceBody())).json<Service>();
    expect((await remove(unused.id)).statusCode).toBe(204);
    expect((await servicesOfTenant()).some((s) => s.id === unused.id)).toBe(false);
    const gone = await t.app.inject({ url: `/api/v1/services/${unused.id}`, headers: { cookie: admin } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ error: { message: string } }>().error.message).toBe('Data tidak ditemukan');
  });

  it("answers 404 for another tenant's service and leaves it as it was", async () => {
    const foreign = other.service.id;
    for (const response of [
      await t.app.inject({ url: `/api/v1/services/${foreign}`, headers: { cookie: admin } }),
      await patch(foreign, { name: 'Diambil alih' }),
      await remove(foreign),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const row = await t.database.db
      .selectFrom('services')
      .select('name')
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(other.service.name);
    const listed = await page({ pageSize: '100' });
    expect(listed.items.map((s) => s.id)).not.toContain(foreign);
  });

  it('refuses the staff who are not admins', async () => {
    expect((await list({}, operator)).statusCode).toBe(403);
    expect((await create(serviceBody(), operator)).statusCode).toBe(403);
  });

  it('writes an audit entry per change with who, before and after', async () => {
    const service = (await create(serviceBody())).json<Service>();
    for (const change of [
      () => patch(service.id, { name: 'Layanan Diubah' }),
      () => patch(service.id, { name: 'Layanan Diubah' }), // no change, no entry
      () => patch(service.id, { isActive: false }),
      () => patch(service.id, { isActive: true }),
      () => remove(service.id),
    ]) {
      t.clock.advance(1000);
      await change();
    }
    const entries = await listAuditEntries(t.database.db, g.tenant.id, 'service', service.id);
    expect(entries.map((e) => e.action)).toEqual([
      'service.create',
      'service.update',
      'service.deactivate',
      'service.activate',
      'service.delete',
    ]);
    expect(entries.every((e) => e.actor_id === g.users.admin.id)).toBe(true);
    const update = entries[1]!;
    expect(JSON.parse(update.before_json ?? 'null')).toMatchObject({ name: service.name });
    expect(JSON.parse(update.after_json ?? 'null')).toMatchObject({ name: 'Layanan Diubah' });
  });
});
