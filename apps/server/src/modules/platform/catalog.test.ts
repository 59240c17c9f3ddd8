/**
 * The superadmin's catalogues over HTTP: tenant categories and published app versions — paging,
 * search and sort on the server, create/edit/delete, field errors per validation rule (nothing
 * changes), clashes on the field, a category in use is kept, superadmin only, audited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationList, TenantCategoryList } from '@antrean/shared/contracts/platform.contract';
import type { TenantCategory } from '@antrean/shared/domain/tenant';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs } from '../../test/factories';

describeWithDb('platform catalogues (HTTP)', () => {
  let t: TestApp;
  let superadmin: string;
  let superadminId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const sa = await t.f.buildUser({ role: 'superadmin' });
    superadminId = sa.id;
    superadmin = await loginAs(t.app, sa.username);
  });
  afterAll(async () => {
    await t.close();
  });

  const json = { 'content-type': 'application/json' };
  const send = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    cookie = superadmin,
    lang = 'id',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, 'accept-language': lang, ...(body === undefined ? {} : json) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const get = (url: string, cookie = superadmin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const auditOf = (entityId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'tenant_id', 'actor_id', 'before_json', 'after_json'])
      .where('entity_id', '=', entityId)
      .orderBy('at')
      .orderBy('id')
      .execute();

  describe('tenant categories', () => {
    beforeEach(async () => {
      await t.database.db.deleteFrom('tenants').execute();
      await t.database.db.deleteFrom('tenant_categories').execute();
    });
    const categories = async () =>
      (await t.database.db.selectFrom('tenant_categories').select('name').orderBy('name').execute()).map(
        (r) => r.name,
      );

    it('creates, lists with paging, search and sort, renames and deletes (audited)', async () => {
      for (const name of ['Perbankan', 'Rumah Sakit', 'Pemerintahan', 'Pendidikan 100%']) {
        expect((await send('POST', '/api/v1/tenant-categories', { name })).statusCode).toBe(201);
      }
      const first = (await get('/api/v1/tenant-categories?pageSize=2')).json<TenantCategoryList>();
      expect(first.total).toBe(4);
      expect(first.items.map((c) => c.name)).toEqual(['Pemerintahan', 'Pendidikan 100%']);
      const desc = (await get('/api/v1/tenant-categories?sort=name&dir=desc')).json<TenantCategoryList>();
      expect(desc.items[0]?.name).toBe('Rumah Sakit');
      const found = (await get('/api/v1/tenant-categories?q=100%25')).json<TenantCategoryList>();
      expect(found.items.map((c) => c.name)).toEqual(['Pendidikan 100%']);

      const created = (
        await send('POST', '/api/v1/tenant-categories', { name: 'Ritel' })
      ).json<TenantCategory>();
      expect(created).toMatchObject({ name: 'Ritel', tenantCount: 0 });
      t.clock.advance(1000);
      const renamed = await send('PATCH', `/api/v1/tenant-categories/${created.id}`, {
        name: 'Ritel Modern',
      });
      expect(renamed.json()).toMatchObject({ id: created.id, name: 'Ritel Modern' });
      t.clock.advance(1000);
      expect((await send('DELETE', `/api/v1/tenant-categories/${created.id}`)).statusCode).toBe(204);
      expect(await categories()).not.toContain('Ritel Modern');

      const audit = await auditOf(created.id);
      expect(audit.map((a) => a.action)).toEqual([
        'tenantCategory.create',
        'tenantCategory.update',
        'tenantCategory.delete',
      ]);
      expect(audit.every((a) => a.actor_id === superadminId && a.tenant_id === null)).toBe(true);
      expect(JSON.parse(audit[1]?.before_json ?? 'null')).toMatchObject({ name: 'Ritel' });
      expect(JSON.parse(audit[1]?.after_json ?? 'null')).toMatchObject({ name: 'Ritel Modern' });
    });

    it.each([
      ['missing', {}, 'Wajib diisi.'],
      ['empty', { name: '' }, 'Wajib diisi.'],
      ['shorter than 3', { name: 'ab' }, 'Minimal 3 karakter.'],
      ['longer than 60', { name: 'x'.repeat(61) }, 'Maksimal 60 karakter.'],
    ])('a name %s is a field error and changes nothing', async (_rule, body, message) => {
      const response = await send('POST', '/api/v1/tenant-categories', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: { fields: { name: message } } },
      });
      expect(await categories()).toEqual([]);
    });

    it('a name already used (ignoring case) is refused on the field; a category in use is kept', async () => {
      await send('POST', '/api/v1/tenant-categories', { name: 'Perbankan' });
      const taken = await send('POST', '/api/v1/tenant-categories', { name: 'PERBANKAN' }, superadmin, 'en');
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        error: {
          code: 'TENANT_CATEGORY_NAME_TAKEN',
          details: { fields: { name: 'This category name is already used.' } },
        },
      });
      const tenant = await t.f.buildTenant();
      const inUse = await send('DELETE', `/api/v1/tenant-categories/${tenant.categoryId}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({ error: { code: 'TENANT_CATEGORY_IN_USE' } });
      const list = (
        await get('/api/v1/tenant-categories?sort=tenantCount&dir=desc')
      ).json<TenantCategoryList>();
      expect(list.items[0]).toMatchObject({ id: tenant.categoryId, tenantCount: 1 });
      expect(
        (await send('PATCH', `/api/v1/tenant-categories/${tenant.categoryId}`, { name: 'perbankan' }))
          .statusCode,
      ).toBe(409);
    });

    it('an unknown category answers 404 "Data tidak ditemukan"', async () => {
      const response = await send('PATCH', '/api/v1/tenant-categories/00000000-0000-7000-8000-000000000001', {
        name: 'Apa saja',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        error: { code: 'NOT_FOUND', message: 'Data tidak ditemukan' },
      });
    });
  });

  describe('applications', () => {
    beforeEach(async () => {
      await t.database.db.deleteFrom('applications').execute();
    });
    const body = (extra: Record<string, unknown> = {}) => ({
      platform: 'android',
      version: '1.0.0',
      changelog: 'Rilis pertama',
      downloadUrl: null,
      ...extra,
    });
    const count = async () => (await t.database.db.selectFrom('applications').select('id').execute()).length;

    it('publishes, lists with paging, filter, search and sort, edits and deletes (audited)', async () => {
      for (const [platform, version, at] of [
        ['android', '1.0.0', 0],
        ['android', '1.1.0', 1000],
        ['windows', '2.0.0', 2000],
      ] as const) {
        t.clock.advance(at === 0 ? 0 : 1000);
        const response = await send('POST', '/api/v1/applications', body({ platform, version }));
        expect(response.statusCode, response.body).toBe(201);
      }
      const newest = (await get('/api/v1/applications?sort=releasedAt&dir=desc')).json<ApplicationList>();
      expect(newest.items.map((a) => a.version)).toEqual(['2.0.0', '1.1.0', '1.0.0']);
      const android = (await get('/api/v1/applications?platform=android&pageSize=1')).json<ApplicationList>();
      expect(android).toMatchObject({ total: 2, pageSize: 1 });
      expect((await get('/api/v1/applications?q=WINDOWS')).json<ApplicationList>().total).toBe(1);

      const app = newest.items[0]!;
      t.clock.advance(1000);
      const edited = await send('PATCH', `/api/v1/applications/${app.id}`, {
        changelog: 'Perbaikan tampilan antrian',
        downloadUrl: 'https://unduh.example.com/antrean-2.0.0.exe',
      });
      expect(edited.json()).toMatchObject({ changelog: 'Perbaikan tampilan antrian', version: '2.0.0' });
      t.clock.advance(1000);
      expect((await send('DELETE', `/api/v1/applications/${app.id}`)).statusCode).toBe(204);
      expect(await count()).toBe(2);
      expect((await auditOf(app.id)).map((a) => a.action)).toEqual([
        'application.create',
        'application.update',
        'application.delete',
      ]);
    });

    it.each([
      ['platform not chosen', { platform: '' }, 'platform', 'Wajib dipilih.'],
      ['platform unknown', { platform: 'symbian' }, 'platform', 'Wajib dipilih.'],
      ['version missing', { version: '' }, 'version', 'Wajib diisi.'],
      ['version malformed', { version: 'versi satu' }, 'version', 'Format versi tidak valid (contoh 1.2.0).'],
      ['changelog missing', { changelog: '   ' }, 'changelog', 'Wajib diisi.'],
      [
        'download address not http',
        { downloadUrl: 'ftp://x.example.com/a' },
        'downloadUrl',
        'Alamat harus diawali http:// atau https://.',
      ],
    ])('%s is a field error and changes nothing', async (_rule, extra, field, message) => {
      const response = await send('POST', '/api/v1/applications', body(extra));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { details: { fields: { [field]: message } } } });
      expect(await count()).toBe(0);
    });

    it('a version a platform already has is refused on the field', async () => {
      await send('POST', '/api/v1/applications', body());
      const again = await send('POST', '/api/v1/applications', body({ changelog: 'lagi' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        error: { code: 'APPLICATION_VERSION_TAKEN', details: { fields: { version: expect.any(String) } } },
      });
      expect((await send('POST', '/api/v1/applications', body({ platform: 'ios' }))).statusCode).toBe(201);
      expect(await count()).toBe(2);
    });
  });

  it('only the superadmin may open the platform catalogues', async () => {
    const admin = await loginAs(t.app, (await t.f.buildUser({ role: 'admin' })).username);
    for (const url of ['/api/v1/tenant-categories', '/api/v1/applications', '/api/v1/tenants']) {
      expect((await get(url, admin)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await send('POST', '/api/v1/tenant-categories', { name: 'Dari admin' }, admin)).statusCode).toBe(
      403,
    );
  });
});
