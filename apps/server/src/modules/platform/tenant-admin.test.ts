/**
 * Tenants over HTTP (superadmin): a tenant is created with its first admin (who can sign in at
 * once), listed with paging/search/sort/filters, edited, given a logo uploaded into it, and
 * deactivated (its data kept, its staff refused). Each validation rule is a field error that
 * changes nothing; every change is audited.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TenantList } from '@antrean/shared/contracts/platform.contract';
import type { Tenant } from '@antrean/shared/domain/tenant';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantRef } from '../../test/factories';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(bytes: Buffer, filename = 'logo.png') {
  const boundary = '----antrean' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeWithDb('tenant administration (HTTP)', () => {
  let t: TestApp;
  let superadmin: string;
  let existing: TenantRef;

  beforeAll(async () => {
    t = await buildTestApp({ env: { DATA_DIR: `/tmp/antrean-tenants-${process.pid}-${Date.now()}` } });
    superadmin = await loginAs(t.app, (await t.f.buildUser({ role: 'superadmin' })).username);
    existing = await t.f.buildTenant({ name: 'Bank Contoh Sejahtera' });
  });
  afterAll(async () => {
    await t.close();
  });

  const json = { 'content-type': 'application/json' };
  const send = (method: 'POST' | 'PATCH', url: string, body: unknown, cookie = superadmin, lang = 'id') =>
    t.app.inject({
      method,
      url,
      headers: { cookie, 'accept-language': lang, ...json },
      payload: JSON.stringify(body),
    });
  const get = (url: string, cookie = superadmin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  let n = 0;
  const tenantBody = (extra: Record<string, unknown> = {}, admin: Record<string, unknown> = {}) => {
    n++;
    return {
      name: `Dinas Kependudukan ${n}`,
      categoryId: existing.categoryId,
      isActive: true,
      admin: { username: `admin.dinas${n}`, fullName: 'Admin Dinas', password: 'rahasia-123', ...admin },
      ...extra,
    };
  };
  const tenantCount = async () => (await t.database.db.selectFrom('tenants').select('id').execute()).length;

  it('creates a tenant with its first admin, who signs in to an empty tenant of their own', async () => {
    const body = tenantBody({ name: 'Dinas Kependudukan Kota Bandung' }, { username: 'Admin.Bandung' });
    const response = await send('POST', '/api/v1/tenants', body);
    expect(response.statusCode, response.body).toBe(201);
    const tenant = response.json<Tenant>();
    expect(tenant).toMatchObject({
      name: 'Dinas Kependudukan Kota Bandung',
      categoryId: existing.categoryId,
      categoryName: expect.any(String),
      logoFileId: null,
      isActive: true,
    });
    const adminCookie = await loginAs(t.app, 'admin.bandung', 'rahasia-123');
    const me = (await get('/api/v1/auth/me', adminCookie)).json<{
      user: { role: string; tenantId: string };
    }>();
    expect(me.user).toMatchObject({ role: 'admin', tenantId: tenant.id });
    const branches = (await get('/api/v1/branches', adminCookie)).json<{ items: unknown[] }>();
    expect(branches.items).toEqual([]);
    // It starts with a settings row and no theme of its own: its screens show the product's look
    // until its admin picks a theme (the step of its setup checklist).
    const settings = await t.database.db
      .selectFrom('tenant_settings')
      .select('active_theme_id')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(settings.active_theme_id).toBeNull();
    const themes = (await get('/api/v1/themes', adminCookie)).json<{ total: number }>();
    expect(themes.total).toBe(0);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type'])
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['tenant.create', 'user.create']);
  });

  it.each([
    ['name missing', { name: '' }, {}, 'name', 'Wajib diisi.'],
    ['name shorter than 3', { name: 'ab' }, {}, 'name', 'Minimal 3 karakter.'],
    ['category not chosen', { categoryId: '' }, {}, 'categoryId', 'Wajib dipilih.'],
    [
      'category unknown',
      { categoryId: '00000000-0000-7000-8000-000000000009' },
      {},
      'categoryId',
      'Wajib dipilih.',
    ],
    ['username shorter than 7', {}, { username: 'admin1' }, 'admin.username', 'Minimal 7 karakter.'],
    [
      'username with a space',
      {},
      { username: 'admin dinas' },
      'admin.username',
      'Nama pengguna tidak boleh mengandung spasi.',
    ],
    ['full name shorter than 3', {}, { fullName: 'Al' }, 'admin.fullName', 'Minimal 3 karakter.'],
    ['password missing', {}, { password: '' }, 'admin.password', 'Kata sandi wajib diisi.'],
  ])('%s is a field error and creates nothing', async (_rule, extra, admin, field, message) => {
    const before = await tenantCount();
    const response = await send('POST', '/api/v1/tenants', tenantBody(extra, admin));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { details: { fields: { [field]: message } } } });
    expect(await tenantCount()).toBe(before);
  });

  it('a tenant name or admin username already used is refused on the field, creating nothing', async () => {
    const before = await tenantCount();
    const name = await send('POST', '/api/v1/tenants', tenantBody({ name: 'BANK CONTOH SEJAHTERA' }));
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({
      error: { code: 'TENANT_NAME_TAKEN', details: { fields: { name: 'Nama tenant sudah dipakai.' } } },
    });
    const sa = await t.f.buildUser({ role: 'admin', tenantId: existing.id });
    const user = await send(
      'POST',
      '/api/v1/tenants',
      tenantBody({}, { username: sa.username.toUpperCase() }),
    );
    expect(user.statusCode).toBe(409);
    expect(user.json()).toMatchObject({
      error: {
        code: 'USERNAME_TAKEN',
        details: { fields: { 'admin.username': 'Nama pengguna sudah dipakai.' } },
      },
    });
    expect(await tenantCount()).toBe(before);
  });

  it('lists tenants page by page with search, sort and status/category filters', async () => {
    const other = await t.f.buildTenant({ name: 'Zeta Rumah Sakit', isActive: false });
    const all = (await get('/api/v1/tenants?pageSize=2')).json<TenantList>();
    expect(all.items).toHaveLength(2);
    const total = all.total;
    expect(total).toBe(await tenantCount());
    const inactive = (await get('/api/v1/tenants?status=inactive')).json<TenantList>();
    expect(inactive.items.map((x) => x.id)).toEqual([other.id]);
    const byCategory = (await get(`/api/v1/tenants?categoryId=${other.categoryId}`)).json<TenantList>();
    expect(byCategory.items.map((x) => x.name)).toEqual(['Zeta Rumah Sakit']);
    const desc = (await get('/api/v1/tenants?sort=name&dir=desc')).json<TenantList>();
    expect(desc.items[0]?.name).toBe('Zeta Rumah Sakit');
    expect(
      (await get('/api/v1/tenants?q=contoh%20SEJAHTERA')).json<TenantList>().items.map((x) => x.id),
    ).toEqual([existing.id]);
  });

  it('uploads a logo into the tenant, saves it, and serves it to the superadmin only', async () => {
    const tenant = (await send('POST', '/api/v1/tenants', tenantBody())).json<Tenant>();
    const form = multipart(PNG);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenants/${tenant.id}/logo`,
      headers: { ...form.headers, cookie: superadmin },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json<{ id: string }>();
    const saved = await send('PATCH', `/api/v1/tenants/${tenant.id}`, { logoFileId: file.id });
    expect(saved.json()).toMatchObject({ logoFileId: file.id });
    const image = await get(`/api/v1/tenants/${tenant.id}/logo/${file.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // Another tenant's file is not this tenant's logo; a text file is no image.
    const wrong = await send('PATCH', `/api/v1/tenants/${existing.id}`, { logoFileId: file.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: { details: { fields: { logoFileId: 'Pilihan tidak valid.' } } },
    });
    expect((await get(`/api/v1/tenants/${existing.id}/logo/${file.id}`)).statusCode).toBe(404);
    const text = multipart(Buffer.from('bukan gambar'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenants/${tenant.id}/logo`,
      headers: { ...text.headers, cookie: superadmin },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
  });

  it('edits and deactivates a tenant: its data stays, its staff are refused, all audited', async () => {
    const body = tenantBody();
    const tenant = (await send('POST', '/api/v1/tenants', body)).json<Tenant>();
    const adminCookie = await loginAs(t.app, body.admin.username, body.admin.password);
    const category = await t.f.buildTenant();
    t.clock.advance(1000);
    const edited = await send('PATCH', `/api/v1/tenants/${tenant.id}`, {
      name: 'Dinas Baru',
      categoryId: category.categoryId,
    });
    expect(edited.json()).toMatchObject({ name: 'Dinas Baru', categoryId: category.categoryId });
    t.clock.advance(1000);
    const off = await send('PATCH', `/api/v1/tenants/${tenant.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    // The signed-in admin's next request is refused, and so is a new sign-in.
    const me = await get('/api/v1/auth/me', adminCookie);
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ error: { code: 'TENANT_INACTIVE' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'accept-language': 'en' },
      payload: { username: body.admin.username, password: body.admin.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      error: {
        code: 'TENANT_INACTIVE',
        message: 'Your organisation is inactive. Contact the administrator.',
      },
    });
    expect(
      await t.database.db.selectFrom('users').select('id').where('tenant_id', '=', tenant.id).execute(),
    ).toHaveLength(1);
    t.clock.advance(1000);
    await send('PATCH', `/api/v1/tenants/${tenant.id}`, { isActive: true });
    expect((await get('/api/v1/auth/me', adminCookie)).statusCode).toBe(200);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('entity_type', '=', 'tenant')
      .where('entity_id', '=', tenant.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'tenant.create',
      'tenant.update',
      'tenant.deactivate',
      'tenant.activate',
    ]);
    expect(JSON.parse(audit[1]?.before_json ?? 'null')).toMatchObject({ name: body.name });
    expect(JSON.parse(audit[1]?.after_json ?? 'null')).toMatchObject({ name: 'Dinas Baru' });
  });

  it('an unknown tenant answers 404; a tenant admin may not manage tenants', async () => {
    const unknown = '00000000-0000-7000-8000-000000000077';
    expect((await get(`/api/v1/tenants/${unknown}`)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/v1/tenants/${unknown}`, { isActive: false })).statusCode).toBe(404);
    const admin = await loginAs(
      t.app,
      (await t.f.buildUser({ role: 'admin', tenantId: existing.id })).username,
    );
    expect((await get(`/api/v1/tenants/${existing.id}`, admin)).statusCode).toBe(403);
    expect(
      (await send('PATCH', `/api/v1/tenants/${existing.id}`, { isActive: false }, admin)).statusCode,
    ).toBe(403);
    expect((await send('POST', '/api/v1/tenants', tenantBody(), admin)).statusCode).toBe(403);
  });
});
