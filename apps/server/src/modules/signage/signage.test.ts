/**
 * Running texts, banners and videos over HTTP: paging and search, create/edit/delete (audited),
 * the spec's rules as localized 400s that change nothing, files that must be the tenant's upload
 * of the right purpose, targets that must be the tenant's; what each display's config shows
 * (targets, period, order) and the live `media.updated` on the topics of the displays concerned,
 * over a real socket.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { BannerList, RunningTextList } from '@antrean/shared/contracts/signage.contract';
import type { DisplayConfig } from '@antrean/shared/contracts/devices.contract';
import type { Banner, RunningText, Video } from '@antrean/shared/domain/signage';
import { describeWithDb } from '../../test/db';
import { LiveClient, buildEngineApp, listen, type EngineApp, type Frame } from '../../test/engine-helpers';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(64, 1),
]);

const text = (extra: Record<string, unknown> = {}) => ({
  content: 'Selamat datang di cabang kami',
  isActive: true,
  speed: 'normal',
  sortOrder: 1,
  branchIds: [],
  displayIds: [],
  ...extra,
});

describeWithDb('running texts, banners and videos (HTTP, display config, live)', () => {
  let t: EngineApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin = '';
  let base = '';
  const clients: LiveClient[] = [];
  const dataDir = `/tmp/antrean-signage-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    t = await buildEngineApp({ env: { DATA_DIR: dataDir } });
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
    base = await listen(t.app);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie,
        'accept-language': 'id',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  async function upload(purpose: string, bytes: Buffer): Promise<string> {
    const boundary = '----antrean' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/files?purpose=${purpose}`,
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  async function configOf(code: string): Promise<DisplayConfig> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/display/config',
      headers: { 'x-display-code': code },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DisplayConfig>();
  }

  async function rowCount(table: 'running_texts' | 'banners' | 'videos' | 'content_targets') {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', g.tenant.id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('running texts: paging and search, edit, delete, audited; the spec’s 10–50 characters', async () => {
    const created = await send(
      'POST',
      '/api/v1/running-texts',
      text({ content: 'Antrean teller dibuka 08:00', sortOrder: 2 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<RunningText>();
    expect(item).toMatchObject({
      content: 'Antrean teller dibuka 08:00',
      speed: 'normal',
      branchIds: [],
      displayIds: [],
    });

    const found = (await send('GET', '/api/v1/running-texts?q=TELLER')).json<RunningTextList>();
    expect(found.items.map((i) => i.id)).toEqual([item.id]);
    const sorted = (
      await send('GET', '/api/v1/running-texts?sort=sortOrder&dir=asc&pageSize=10')
    ).json<RunningTextList>();
    expect(sorted.total).toBe(2); // the graph's and this one
    expect(sorted.items.map((i) => i.sortOrder)).toEqual([1, 2]);

    const before = await rowCount('running_texts');
    for (const [content, message] of [
      ['Terlalu', 'Isi teks berjalan harus 10 sampai 50 karakter.'],
      ['x'.repeat(51), 'Isi teks berjalan harus 10 sampai 50 karakter.'],
      ['   ', 'Wajib diisi.'],
    ] as const) {
      const bad = await send('POST', '/api/v1/running-texts', text({ content }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.fields).toMatchObject({ content: message });
    }
    const badSpeed = await send('POST', '/api/v1/running-texts', text({ speed: 'warp' }));
    expect(badSpeed.json().error.details.fields).toHaveProperty('speed');
    expect(await rowCount('running_texts')).toBe(before);

    const edited = await send(
      'PUT',
      `/api/v1/running-texts/${item.id}`,
      text({ content: 'Antrean teller dibuka 07:30', speed: 'fast', branchIds: [g.main.branch.id] }),
    );
    expect(edited.json<RunningText>()).toMatchObject({ speed: 'fast', branchIds: [g.main.branch.id] });
    expect((await send('DELETE', `/api/v1/running-texts/${item.id}`)).statusCode).toBe(204);
    expect(await rowCount('content_targets')).toBe(0);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'running_text', item.id);
    expect(audit.map((a) => a.action).sort()).toEqual([
      'running_text.create',
      'running_text.delete',
      'running_text.update',
    ]);
  });

  it('banners need an uploaded banner image of the tenant, a name of 10–50 characters and an ordered period', async () => {
    const image = await upload('banner', PNG);
    const logo = await upload('logo', PNG);
    const video = await upload('video', WEBM);
    const banner = (extra: Record<string, unknown> = {}) => ({
      name: 'Promo Tabungan Emas',
      fileId: image,
      isActive: true,
      startsOn: null,
      endsOn: null,
      durationSeconds: 8,
      sortOrder: 1,
      branchIds: [],
      displayIds: [],
      ...extra,
    });
    const before = await rowCount('banners');
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ name: 'Promo' }, 'name', 'Nama banner harus 10 sampai 50 karakter.'],
      [{ fileId: null }, 'fileId', 'File wajib diunggah.'],
      [{ fileId: logo }, 'fileId', 'Pilihan tidak valid.'],
      [{ fileId: video }, 'fileId', 'Pilihan tidak valid.'],
      [{ fileId: other.file.id }, 'fileId', 'Pilihan tidak valid.'],
      [
        { startsOn: '2026-02-01', endsOn: '2026-01-31' },
        'endsOn',
        'Tanggal selesai tidak boleh sebelum tanggal mulai.',
      ],
      [{ durationSeconds: 1 }, 'durationSeconds', 'Minimal 3.'],
      [{ branchIds: [other.main.branch.id] }, 'branchIds', 'Pilihan tidak valid.'],
      [{ displayIds: [other.main.display.id] }, 'displayIds', 'Pilihan tidak valid.'],
    ];
    for (const [extra, field, message] of refusals) {
      const bad = await send('POST', '/api/v1/banners', banner(extra));
      expect(bad.statusCode, JSON.stringify(extra)).toBe(400);
      expect(bad.json().error.details.fields).toMatchObject({ [field]: message });
    }
    expect(await rowCount('banners')).toBe(before);

    const created = await send(
      'POST',
      '/api/v1/banners',
      banner({ startsOn: '2026-01-01', endsOn: '2026-01-31' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json<Banner>();
    const list = (await send('GET', '/api/v1/banners?q=emas')).json<BannerList>();
    expect(list.items).toEqual([saved]);

    // Another tenant's admin cannot see, edit or delete it.
    const stranger = await loginAs(t.app, other.users.admin.username);
    expect((await send('PUT', `/api/v1/banners/${saved.id}`, banner(), stranger)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/banners/${saved.id}`, undefined, stranger)).statusCode).toBe(404);
    expect(
      (await send('GET', '/api/v1/banners', undefined, stranger)).json<BannerList>().items.map((b) => b.id),
    ).not.toContain(saved.id);
    // A caller is not an admin.
    const caller = await loginAs(t.app, g.users.caller.username);
    expect((await send('POST', '/api/v1/banners', banner(), caller)).statusCode).toBe(403);

    expect((await send('DELETE', `/api/v1/banners/${saved.id}`)).statusCode).toBe(204);
  });

  it('offers the tenant’s branches and displays as targets, never another tenant’s', async () => {
    const options = (await send('GET', '/api/v1/signage/targets')).json<{
      branches: { id: string }[];
      displays: { id: string; branchId: string }[];
    }>();
    expect(options.branches.map((b) => b.id).sort()).toEqual([g.main.branch.id, g.other.branch.id].sort());
    expect(options.displays.map((d) => d.id).sort()).toEqual([g.main.display.id, g.other.display.id].sort());
    const caller = await loginAs(t.app, g.users.caller.username);
    expect((await send('GET', '/api/v1/signage/targets', undefined, caller)).statusCode).toBe(403);
  });

  it('videos need an uploaded MP4/WebM, a name of at most 50 characters and a description', async () => {
    const file = await upload('video', WEBM);
    const video = (extra: Record<string, unknown> = {}) => ({
      name: 'Profil Bank',
      fileId: file,
      description: 'Video profil untuk ruang tunggu',
      isActive: true,
      sortOrder: 1,
      branchIds: [],
      displayIds: [],
      ...extra,
    });
    for (const [extra, field, message] of [
      [{ name: '' }, 'name', 'Wajib diisi.'],
      [{ name: 'x'.repeat(51) }, 'name', 'Maksimal 50 karakter.'],
      [{ description: '' }, 'description', 'Wajib diisi.'],
      [{ fileId: null }, 'fileId', 'File wajib diunggah.'],
      [{ fileId: g.file.id }, 'fileId', 'Pilihan tidak valid.'],
    ] as const) {
      const bad = await send('POST', '/api/v1/videos', video(extra));
      expect(bad.statusCode, JSON.stringify(extra)).toBe(400);
      expect(bad.json().error.details.fields).toMatchObject({ [field]: message });
    }
    const created = await send('POST', '/api/v1/videos', video());
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json<Video>();
    const edited = await send('PUT', `/api/v1/videos/${saved.id}`, video({ description: 'Profil singkat' }));
    expect(edited.json<Video>().description).toBe('Profil singkat');
    expect((await send('DELETE', `/api/v1/videos/${saved.id}`)).statusCode).toBe(204);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'video', saved.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['video.create', 'video.delete', 'video.update']);
  });

  it('each display shows what targets it, in order, today’s banners only; changes reach its topic live', async () => {
    const mainCode = g.main.display.code;
    const otherCode = g.other.display.code;
    const image = await upload('banner', PNG);
    const mainTopic = `display:${mainCode}`;
    const otherTopic = `display:${otherCode}`;
    const mainScreen = await LiveClient.open(base);
    const otherScreen = await LiveClient.open(base);
    clients.push(mainScreen, otherScreen);
    mainScreen.subscribe([mainTopic]);
    otherScreen.subscribe([otherTopic]);
    await mainScreen.waitFor((f: Frame) => f.topic === mainTopic && f.type === 'snapshot');
    await otherScreen.waitFor((f: Frame) => f.topic === otherTopic && f.type === 'snapshot');

    // For the main branch only: its display is told, the other branch's is not.
    const created = await send('POST', '/api/v1/banners', {
      name: 'Promo khusus cabang utama',
      fileId: image,
      isActive: true,
      startsOn: null,
      endsOn: null,
      durationSeconds: 12,
      sortOrder: 0,
      branchIds: [g.main.branch.id],
      displayIds: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const bannerId = created.json<Banner>().id;
    // Within a second of the answer.
    const [event] = await mainScreen.waitFor(
      (f: Frame) => f.topic === mainTopic && f.type === 'media.updated',
      1,
      1000,
    );
    expect(event?.data).toEqual({ kind: 'banner' });

    const main = await configOf(mainCode);
    expect(main.banners[0]).toEqual({
      id: bannerId,
      name: 'Promo khusus cabang utama',
      url: `/api/v1/public/media/${image}`,
      durationSeconds: 12,
    });
    // The graph's banner (every display) comes after it (sort order 1).
    expect(main.banners.map((b) => b.id)).toEqual([bannerId, g.signage.bannerId]);
    expect((await configOf(otherCode)).banners.map((b) => b.id)).toEqual([g.signage.bannerId]);
    // The graph's video has no file: not in the playlist.
    expect(main.videos).toEqual([]);
    expect(main.runningTexts).toEqual([
      expect.objectContaining({ id: g.signage.runningTextId, speed: 'normal' }),
    ]);
    // The public media route serves it to the display's <img>.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/public/media/${image}` })).statusCode).toBe(
      200,
    );

    // Moved to the other branch's display, and a period that ended yesterday (clock: 2026-01-05).
    await send('PUT', `/api/v1/banners/${bannerId}`, {
      name: 'Promo khusus cabang utama',
      fileId: image,
      isActive: true,
      startsOn: '2026-01-01',
      endsOn: '2026-01-04',
      durationSeconds: 12,
      sortOrder: 0,
      branchIds: [],
      displayIds: [g.other.display.id],
    });
    // Both were concerned (it left one, reached the other).
    await mainScreen.waitFor((f: Frame) => f.topic === mainTopic && f.type === 'media.updated', 2);
    await otherScreen.waitFor((f: Frame) => f.topic === otherTopic && f.type === 'media.updated');
    expect((await configOf(otherCode)).banners.map((b) => b.id)).toEqual([g.signage.bannerId]);
    // Its last day is today: shown.
    await send('PUT', `/api/v1/banners/${bannerId}`, {
      name: 'Promo khusus cabang utama',
      fileId: image,
      isActive: true,
      startsOn: '2026-01-01',
      endsOn: '2026-01-05',
      durationSeconds: 12,
      sortOrder: 0,
      branchIds: [],
      displayIds: [g.other.display.id],
    });
    expect((await configOf(otherCode)).banners.map((b) => b.id)).toEqual([bannerId, g.signage.bannerId]);
    expect((await configOf(mainCode)).banners.map((b) => b.id)).toEqual([g.signage.bannerId]);

    // Another tenant's displays hear nothing of it.
    const foreign = await LiveClient.open(base);
    clients.push(foreign);
    const foreignTopic = `display:${other.main.display.code}`;
    foreign.subscribe([foreignTopic]);
    await foreign.waitFor((f: Frame) => f.topic === foreignTopic && f.type === 'snapshot');
    await send('DELETE', `/api/v1/banners/${bannerId}`);
    await otherScreen.waitFor((f: Frame) => f.topic === otherTopic && f.type === 'media.updated', 3);
    expect(foreign.frames.filter((f) => f.type === 'media.updated')).toEqual([]);
  });
});
