/**
 * Theme templates over HTTP: paging and search, create/edit/delete (audited), each validation
 * rule (unreadable display colours included) a 400 that changes nothing, the active theme reaches
 * the kiosk and display configs and their live topics (`theme.updated`), the active theme cannot
 * be deleted, another tenant's ids are 404, non-admins are refused.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ThemeList } from '@antrean/shared/contracts/themes.contract';
import type { ThemeTemplate } from '@antrean/shared/domain/theme-template';
import { describeWithDb } from '../../test/db';
import { buildEngineApp, nextIp, type EngineApp } from '../../test/engine-helpers';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Biru Bank',
  primaryColor: '#0B5CAB',
  secondaryColor: '#f59f00',
  sidebarBackground: '#0a2540',
  pageBackground: '#f5f7fa',
  displayBackground: '#102a43',
  displayTextColor: '#ffffff',
  fontFamily: 'Georgia, serif',
  headingFontFamily: 'Inter, system-ui, sans-serif',
  logoFileId: null,
  faviconFileId: null,
  backgroundFileId: null,
  labels: {},
  ...extra,
});

describeWithDb('theme templates (HTTP)', () => {
  let t: EngineApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;

  beforeAll(async () => {
    t = await buildEngineApp();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie = admin,
  ) => {
    t.clock.advance(1000);
    return t.app.inject({
      method,
      url,
      headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  };
  const themesOf = (tenantId: string) =>
    t.database.db.selectFrom('themes').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();

  it('creates, lists with search, edits and deletes a theme, audited', async () => {
    const created = await send(
      'POST',
      '/api/v1/themes',
      body({ logoFileId: g.file.id, faviconFileId: g.file.id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const theme: ThemeTemplate = created.json();
    expect(theme).toMatchObject({
      name: 'Biru Bank',
      primaryColor: '#0b5cab',
      isActive: false,
      logoFileId: g.file.id,
    });
    const listed = await send('GET', '/api/v1/themes?q=biru');
    const found: ThemeList = listed.json();
    expect(found.items.map((i) => i.name)).toEqual(['Biru Bank']);
    const sorted: ThemeList = (await send('GET', '/api/v1/themes?pageSize=10&sort=name&dir=desc')).json();
    // The tenant's seeded theme, the graph's and the new one.
    expect(sorted).toMatchObject({ total: 3, pageSize: 10 });
    expect(sorted.items.map((i) => i.name)).toEqual([...sorted.items.map((i) => i.name)].sort().reverse());
    const edited = await send('PUT', `/api/v1/themes/${theme.id}`, body({ name: 'Biru Tua' }));
    expect(edited.json()).toMatchObject({ name: 'Biru Tua', logoFileId: null });
    const clash = await send('POST', '/api/v1/themes', body({ name: 'biru tua' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'THEME_NAME_TAKEN',
      details: { fields: { name: expect.any(String) } },
    });
    expect((await send('DELETE', `/api/v1/themes/${theme.id}`)).statusCode).toBe(204);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'theme', theme.id);
    expect(audit.map((a) => a.action)).toEqual(['theme.create', 'theme.update', 'theme.delete']);
  });

  it('the active theme reaches kiosks and displays at once, and cannot be deleted', async () => {
    const theme: ThemeTemplate = (
      await send('POST', '/api/v1/themes', body({ name: 'Hijau', primaryColor: '#2b8a3e' }))
    ).json();
    const publish = vi.spyOn(t.app.live.bus, 'publish');
    try {
      const activated = await send('PUT', '/api/v1/themes/active', { themeId: theme.id });
      expect(activated.statusCode, activated.body).toBe(200);
      expect(publish).toHaveBeenCalledWith({
        kind: 'topic',
        topic: `display:${g.main.display.code}`,
        type: 'theme.updated',
        data: { themeId: theme.id },
      });
      expect(publish).toHaveBeenCalledWith({
        kind: 'topic',
        topic: `kiosk:${g.main.kiosk.code}`,
        type: 'theme.updated',
        data: { themeId: theme.id },
      });
      // No display of another tenant is told.
      expect(
        publish.mock.calls.some(
          ([m]) => m.kind === 'topic' && m.topic === `display:${other.main.display.code}`,
        ),
      ).toBe(false);
      publish.mockClear();
      // Saving the active theme tells the screens too.
      await send('PUT', `/api/v1/themes/${theme.id}`, body({ name: 'Hijau', primaryColor: '#2f9e44' }));
      expect(publish).toHaveBeenCalledWith(expect.objectContaining({ type: 'theme.updated' }));
    } finally {
      publish.mockRestore();
    }
    const display = await t.app.inject({
      method: 'GET',
      url: '/api/v1/display/config',
      headers: { 'x-display-code': g.main.display.code },
      remoteAddress: nextIp(),
    });
    expect(display.json().theme).toMatchObject({ name: 'Hijau', primaryColor: '#2f9e44' });
    const kiosk = await t.app.inject({
      method: 'GET',
      url: '/api/v1/kiosk/config',
      headers: { 'x-kiosk-code': g.main.kiosk.code },
      remoteAddress: nextIp(),
    });
    expect(kiosk.json().theme).toMatchObject({ name: 'Hijau' });
    const list: ThemeList = (await send('GET', '/api/v1/themes')).json();
    expect(list.items.find((i) => i.id === theme.id)?.isActive).toBe(true);

    const refused = await send('DELETE', `/api/v1/themes/${theme.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('THEME_IN_USE');
    // Back to the product's own look.
    expect((await send('PUT', '/api/v1/themes/active', { themeId: null })).json()).toEqual({ themeId: null });
    expect((await send('DELETE', `/api/v1/themes/${theme.id}`)).statusCode).toBe(204);
  });

  describe('each validation rule is a 400 on its field, and nothing changes', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['name required', { name: '' }, 'name', 'Wajib diisi.'],
      ['name at most 60', { name: 'x'.repeat(61) }, 'name', 'Maksimal 60 karakter.'],
      ['colour is #rrggbb', { primaryColor: 'blue' }, 'primaryColor', 'Warna harus #RRGGBB.'],
      ['font from the list', { fontFamily: 'Comic Sans' }, 'fontFamily', 'Wajib dipilih.'],
      [
        'display text readable on its background',
        { displayBackground: '#777777', displayTextColor: '#888888' },
        'displayTextColor',
        'Kontras teks dan latar terlalu rendah (minimal 4,5:1); layar sulit dibaca.',
      ],
      ['logo uploaded by the tenant', { logoFileId: 'FILE' }, 'logoFileId', 'Pilihan tidak valid.'],
      [
        'background uploaded by the tenant',
        { backgroundFileId: 'FILE' },
        'backgroundFileId',
        'Pilihan tidak valid.',
      ],
      [
        'a label at most 40 characters',
        { labels: { kioskServicesTab: { id: 'x'.repeat(41), en: '' } } },
        'labels.kioskServicesTab.id',
        'Maksimal 40 karakter.',
      ],
      [
        'a label has both languages',
        { labels: { displayNowCalling: { id: 'Dipanggil' } } },
        'labels.displayNowCalling.en',
        'Wajib diisi.',
      ],
    ];
    it.each(cases)('%s', async (_name, change, field, message) => {
      const resolved = Object.fromEntries(
        Object.entries(change).map(([k, v]) => [k, v === 'FILE' ? other.file.id : v]),
      );
      const before = await themesOf(g.tenant.id);
      const response = await send('POST', '/api/v1/themes', body({ name: 'Baru', ...resolved }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: { [field]: message } },
      });
      expect(await themesOf(g.tenant.id)).toEqual(before);
    });
  });

  it('a background image and renamed labels reach the kiosk and display configs of the active theme', async () => {
    const labels = {
      kioskServicesTab: { id: '  Ambil Nomor ', en: 'Take a number' },
      displayNowCalling: { id: 'Silakan ke loket', en: '' },
      onsiteTitle: { id: '', en: '' },
    };
    // An image uploaded with purpose=background (the upload itself is tested in files/).
    const background = await t.f.buildFile(g.tenant.id);
    await t.database.db
      .updateTable('files')
      .set({ kind: 'background' })
      .where('id', '=', background.id)
      .execute();
    const created = await send(
      'POST',
      '/api/v1/themes',
      body({ name: 'Berlatar', backgroundFileId: background.id, labels }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const theme: ThemeTemplate = created.json();
    // Trimmed; a label left blank in both languages is not kept.
    expect(theme).toMatchObject({
      backgroundFileId: background.id,
      labels: {
        kioskServicesTab: { id: 'Ambil Nomor', en: 'Take a number' },
        displayNowCalling: { id: 'Silakan ke loket', en: '' },
      },
    });
    expect(theme.labels).not.toHaveProperty('onsiteTitle');
    const publish = vi.spyOn(t.app.live.bus, 'publish');
    try {
      expect((await send('PUT', '/api/v1/themes/active', { themeId: theme.id })).statusCode).toBe(200);
      expect(publish).toHaveBeenCalledWith(
        expect.objectContaining({ topic: `kiosk:${g.main.kiosk.code}`, type: 'theme.updated' }),
      );
    } finally {
      publish.mockRestore();
    }
    const device = async (url: string, headers: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ theme: Record<string, unknown> }>().theme;
    };
    const expected = {
      backgroundUrl: `/api/v1/public/branding/${background.id}`,
      // Devices get only the texts that were given.
      labels: {
        kioskServicesTab: { id: 'Ambil Nomor', en: 'Take a number' },
        displayNowCalling: { id: 'Silakan ke loket' },
      },
    };
    expect(await device('/api/v1/kiosk/config', { 'x-kiosk-code': g.main.kiosk.code })).toMatchObject(
      expected,
    );
    expect(await device('/api/v1/display/config', { 'x-display-code': g.main.display.code })).toMatchObject(
      expected,
    );
    // The image is served to the screens' plain <img>/CSS without a session.
    const image = await t.app.inject({ method: 'GET', url: expected.backgroundUrl });
    expect(image.statusCode).toBe(200);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'theme', theme.id);
    expect(audit[0]).toMatchObject({ action: 'theme.create' });
    expect(audit[0]?.after_json).toContain('Ambil Nomor');
    // Back to the product's look for the other tests.
    await send('PUT', '/api/v1/themes/active', { themeId: null });
  });

  it("answers 404 for another tenant's theme and refuses non-admins", async () => {
    expect((await send('PUT', `/api/v1/themes/${other.theme.id}`, body({ name: 'Curian' }))).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', `/api/v1/themes/${other.theme.id}`)).statusCode).toBe(404);
    expect((await send('PUT', '/api/v1/themes/active', { themeId: other.theme.id })).statusCode).toBe(404);
    const operator = await loginAs(t.app, g.users.operator.username, undefined, { remoteAddress: nextIp() });
    expect((await send('GET', '/api/v1/themes', undefined, operator)).statusCode).toBe(403);
    expect((await send('PUT', '/api/v1/themes/active', { themeId: null }, operator)).statusCode).toBe(403);
  });
});
