import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEngineApp, type EngineApp } from '../../test/engine-helpers';
import { loginAs } from '../../test/factories';
import { describeWithDb } from '../../test/db';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** An ICO directory with one 16×16 entry (the header is what the type is read from). */
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), Buffer.alloc(32)]);

function multipart(field: string, filename: string, bytes: Buffer, type: string) {
  const boundary = '----antrean' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeWithDb('image uploads (logos, favicons, backgrounds, own photo)', () => {
  let t: EngineApp;
  let tenantId = '';
  let adminCookie = '';
  let callerCookie = '';
  let branchId = '';
  beforeAll(async () => {
    t = await buildEngineApp({ env: { DATA_DIR: `/tmp/antrean-images-${process.pid}-${Date.now()}` } });
    const admin = await t.f.buildUser({ role: 'admin' });
    tenantId = admin.tenantId ?? '';
    adminCookie = await loginAs(t.app, admin.username, admin.password);
    branchId = (await t.f.buildBranch({ tenantId })).id;
    const caller = await t.f.buildUser({ role: 'caller', tenantId, branchIds: [branchId] });
    callerCookie = await loginAs(t.app, caller.username, caller.password);
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(cookie: string, purpose: string, field: string, name: string, bytes: Buffer) {
    const body = multipart(field, name, bytes, 'image/png');
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/files/images?purpose=${purpose}`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  }

  async function fileCount(): Promise<number> {
    const row = await t.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('stores an admin’s logo under the tenant and serves it to its kiosks, not to another tenant', async () => {
    const response = await upload(adminCookie, 'logo', 'file', 'logo.png', PNG);
    expect(response.statusCode).toBe(201);
    const stored = response.json<{ id: string; url: string; mimeType: string; sizeBytes: number }>();
    expect(stored).toMatchObject({
      url: `/api/v1/files/${stored.id}`,
      mimeType: 'image/png',
      sizeBytes: PNG.length,
    });
    const row = await t.database.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, kind: 'logo', original_name: 'logo.png' });

    const kiosk = await t.f.buildKiosk({ branchId });
    const asKiosk = await t.app.inject({
      method: 'GET',
      url: stored.url,
      headers: { 'x-kiosk-code': kiosk.code },
    });
    expect(asKiosk.statusCode).toBe(200);
    expect(asKiosk.rawPayload.equals(PNG)).toBe(true);

    const stranger = await t.f.buildUser({ role: 'admin' });
    const strangerCookie = await loginAs(t.app, stranger.username, stranger.password);
    const foreign = await t.app.inject({
      method: 'GET',
      url: stored.url,
      headers: { cookie: strangerCookie },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('accepts an ICO favicon but not an ICO logo', async () => {
    expect((await upload(adminCookie, 'favicon', 'file', 'favicon.ico', ICO)).statusCode).toBe(201);
    const before = await fileCount();
    expect((await upload(adminCookie, 'logo', 'file', 'logo.ico', ICO)).statusCode).toBe(415);
    expect(await fileCount()).toBe(before);
  });

  describe('refusals change nothing', () => {
    it.each([
      ['text named .png', 'admin', 'logo', 'file', Buffer.from('not an image at all'), 415],
      [
        'a favicon over 256 KB',
        'admin',
        'favicon',
        'file',
        Buffer.concat([PNG, Buffer.alloc(300 * 1024)]),
        413,
      ],
      ['the wrong multipart field', 'admin', 'logo', 'logo', PNG, 400],
      ['an unknown purpose', 'admin', 'poster', 'file', PNG, 400],
      ['a caller uploading a logo', 'caller', 'logo', 'file', PNG, 403],
    ])('%s → %i', async (_what, who, purpose, field, bytes, status) => {
      const before = await fileCount();
      const response = await upload(
        who === 'admin' ? adminCookie : callerCookie,
        purpose,
        field,
        'x.png',
        bytes,
      );
      expect(response.statusCode).toBe(status);
      expect(await fileCount()).toBe(before);
    });
  });

  it('lets any staff member upload their own photo, which devices cannot read', async () => {
    const response = await upload(callerCookie, 'avatar', 'file', 'me.png', PNG);
    expect(response.statusCode).toBe(201);
    const kiosk = await t.f.buildKiosk({ branchId });
    const asKiosk = await t.app.inject({
      method: 'GET',
      url: response.json<{ url: string }>().url,
      headers: { 'x-kiosk-code': kiosk.code },
    });
    expect(asKiosk.statusCode).toBe(404);
  });
});
