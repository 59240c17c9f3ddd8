import { afterAll, beforeAll, expect, it } from 'vitest';
import { brandingUrl } from '@antrean/shared/contracts/files.contract';
import { buildEngineApp, type EngineApp } from '../../test/engine-helpers';
import { loginAs } from '../../test/factories';
import { describeWithDb } from '../../test/db';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** An ICO directory with one 16×16 entry (the header is what the type is read from). */
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), Buffer.alloc(32)]);

function multipart(field: string, filename: string, bytes: Buffer) {
  const boundary = '----antrean' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeWithDb('public branding images (logos and favicons for devices)', () => {
  let t: EngineApp;

  beforeAll(async () => {
    t = await buildEngineApp({ env: { DATA_DIR: `/tmp/antrean-branding-${process.pid}-${Date.now()}` } });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A tenant with an admin, a branch and its kiosk, and an active theme (no images yet). */
  async function tenantWithKiosk() {
    const admin = await t.f.buildUser({ role: 'admin' });
    const tenantId = admin.tenantId ?? '';
    const cookie = await loginAs(t.app, admin.username, admin.password);
    const branch = await t.f.buildBranch({ tenantId });
    const kiosk = await t.f.buildKiosk({ branchId: branch.id });
    const themeId = await t.f.buildTheme(tenantId);
    await t.database.db
      .updateTable('tenant_settings')
      .set({ active_theme_id: themeId })
      .where('tenant_id', '=', tenantId)
      .execute();
    return { tenantId, cookie, branchId: branch.id, kiosk, themeId, admin };
  }

  async function upload(cookie: string, purpose: string, name: string, bytes: Buffer): Promise<string> {
    const body = multipart('file', name, bytes);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/files/images?purpose=${purpose}`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  const anonymous = (url: string) => t.app.inject({ method: 'GET', url });

  it("serves a theme's logo and favicon and a tenant's logo to anyone, with type, length, nosniff and cache", async () => {
    const { tenantId, cookie, themeId } = await tenantWithKiosk();
    const themeLogo = await upload(cookie, 'logo', 'logo.png', PNG);
    const favicon = await upload(cookie, 'favicon', 'favicon.ico', ICO);
    const background = await upload(cookie, 'background', 'bg.png', PNG);
    const tenantLogo = await upload(cookie, 'logo', 'tenant.png', PNG);
    await t.database.db
      .updateTable('themes')
      .set({ logo_file_id: themeLogo, favicon_file_id: favicon, background_file_id: background })
      .where('id', '=', themeId)
      .execute();
    await t.database.db
      .updateTable('tenants')
      .set({ logo_file_id: tenantLogo })
      .where('id', '=', tenantId)
      .execute();

    for (const [id, bytes, mime] of [
      [themeLogo, PNG, 'image/png'],
      [favicon, ICO, 'image/x-icon'],
      [background, PNG, 'image/png'],
      [tenantLogo, PNG, 'image/png'],
    ] as const) {
      const response = await anonymous(brandingUrl(id));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(mime);
      expect(response.headers['content-length']).toBe(String(bytes.length));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.rawPayload.equals(bytes)).toBe(true);

      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await t.app.inject({
        method: 'GET',
        url: brandingUrl(id),
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }

    // The staff route is unchanged: still behind a session or device code.
    expect((await anonymous(`/api/v1/files/${themeLogo}`)).statusCode).toBe(401);
  });

  it('answers one 404 for an unknown id, a customer photo, an avatar and an uploaded logo no theme or tenant uses', async () => {
    const { tenantId, cookie, kiosk, branchId, admin } = await tenantWithKiosk();
    const unused = await upload(cookie, 'logo', 'draft.png', PNG);
    const avatar = await upload(cookie, 'avatar', 'me.png', PNG);
    await t.database.db
      .updateTable('users')
      .set({ avatar_file_id: avatar })
      .where('id', '=', admin.id)
      .execute();

    const ticket = await t.f.buildTicket({ branchId });
    const body = multipart('photo', 'wajah.png', PNG);
    const photoUpload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/photo`,
      headers: { ...body.headers, 'x-kiosk-code': kiosk.code },
      payload: body.payload,
    });
    expect(photoUpload.statusCode).toBe(204);
    const { photo_file_id: photo } = await t.database.db
      .selectFrom('tickets')
      .select('photo_file_id')
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(photo).toBeTruthy();

    // Even pointed at by a theme (the theme form checks only that the file is the tenant's), a
    // photo, an avatar or a banner is not branding.
    const other = await t.f.buildFile(tenantId);
    const themeId = await t.f.buildTheme(tenantId);
    await t.database.db
      .updateTable('themes')
      .set({ logo_file_id: photo, favicon_file_id: avatar, background_file_id: other.id })
      .where('id', '=', themeId)
      .execute();
    for (const id of [photo ?? '', avatar, unused, other.id, '01900000-0000-7000-8000-000000000000']) {
      const response = await anonymous(brandingUrl(id));
      expect(response.statusCode, id).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 404 for the logo of an inactive tenant (and serves it again once it is active)', async () => {
    const { tenantId, cookie, themeId } = await tenantWithKiosk();
    const themeLogo = await upload(cookie, 'logo', 'logo.png', PNG);
    const tenantLogo = await upload(cookie, 'logo', 'tenant.png', PNG);
    await t.database.db
      .updateTable('themes')
      .set({ logo_file_id: themeLogo })
      .where('id', '=', themeId)
      .execute();
    await t.database.db
      .updateTable('tenants')
      .set({ logo_file_id: tenantLogo })
      .where('id', '=', tenantId)
      .execute();
    expect((await anonymous(brandingUrl(themeLogo))).statusCode).toBe(200);

    await t.database.db.updateTable('tenants').set({ is_active: 0 }).where('id', '=', tenantId).execute();
    expect((await anonymous(brandingUrl(themeLogo))).statusCode).toBe(404);
    expect((await anonymous(brandingUrl(tenantLogo))).statusCode).toBe(404);

    await t.database.db.updateTable('tenants').set({ is_active: 1 }).where('id', '=', tenantId).execute();
    expect((await anonymous(brandingUrl(tenantLogo))).statusCode).toBe(200);
  });

  it("points the kiosk's theme at the public route, and those URLs load without any header", async () => {
    const { tenantId, cookie, themeId, kiosk } = await tenantWithKiosk();
    const tenantLogo = await upload(cookie, 'logo', 'tenant.png', PNG);
    const favicon = await upload(cookie, 'favicon', 'favicon.ico', ICO);
    await t.database.db
      .updateTable('tenants')
      .set({ logo_file_id: tenantLogo })
      .where('id', '=', tenantId)
      .execute();
    await t.database.db
      .updateTable('themes')
      .set({ favicon_file_id: favicon })
      .where('id', '=', themeId)
      .execute();

    const config = await t.app.inject({
      method: 'GET',
      url: '/api/v1/kiosk/config',
      headers: { 'x-kiosk-code': kiosk.code },
    });
    expect(config.statusCode).toBe(200);
    // No logo on the theme: the tenant's logo stands in.
    const theme = config.json<{ theme: { logoUrl: string | null; faviconUrl: string | null } }>().theme;
    expect(theme.logoUrl).toBe(`/api/v1/public/branding/${tenantLogo}`);
    expect(theme.faviconUrl).toBe(`/api/v1/public/branding/${favicon}`);

    const logo = await anonymous(theme.logoUrl ?? '');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    const icon = await anonymous(theme.faviconUrl ?? '');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');

    // A theme logo takes the tenant's place.
    const themeLogo = await upload(cookie, 'logo', 'logo.png', PNG);
    await t.database.db
      .updateTable('themes')
      .set({ logo_file_id: themeLogo })
      .where('id', '=', themeId)
      .execute();
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/kiosk/config',
      headers: { 'x-kiosk-code': kiosk.code },
    });
    expect(after.json<{ theme: { logoUrl: string | null } }>().theme.logoUrl).toBe(brandingUrl(themeLogo));
  });
});
