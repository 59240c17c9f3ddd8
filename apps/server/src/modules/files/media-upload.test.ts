import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@antrean/shared/common/ids';
import { mediaUrl } from '@antrean/shared/contracts/files.contract';
import { buildEngineApp, type EngineApp } from '../../test/engine-helpers';
import { loginAs } from '../../test/factories';
import { describeWithDb } from '../../test/db';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** An MP4's first box (`ftyp`, brand isom) followed by filler: the type is read from these bytes. */
function mp4(size: number): Buffer {
  const head = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypisom'),
    0,
    0,
    2,
    0,
    ...Buffer.from('isomiso2'),
  ]);
  const body = Buffer.alloc(size - head.length);
  for (let i = 0; i < body.length; i++) body[i] = i % 251;
  return Buffer.concat([head, body]);
}
/** A WebM's EBML header with DocType `webm`. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(200, 7),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(filename: string, bytes: Buffer, type: string) {
  const boundary = '----antrean' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface Stored {
  id: string;
  url: string;
  kind: string;
  mimeType: string;
  sizeBytes: number;
}

describeWithDb('one upload API for images, videos and PDFs; served with ETag and ranges', () => {
  let t: EngineApp;
  const dataDir = `/tmp/antrean-media-${process.pid}-${Date.now()}`;
  let tenantId = '';
  let adminCookie = '';
  let callerCookie = '';
  let otherCookie = '';
  let displayCode = '';
  beforeAll(async () => {
    // A small video limit, so "too large" is cheap to prove; the image limit stays the default 5 MB.
    t = await buildEngineApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_VIDEO_BYTES: String(64 * 1024) } });
    const admin = await t.f.buildUser({ role: 'admin' });
    tenantId = admin.tenantId ?? '';
    adminCookie = await loginAs(t.app, admin.username, admin.password);
    const branchId = (await t.f.buildBranch({ tenantId })).id;
    const caller = await t.f.buildUser({ role: 'caller', tenantId, branchIds: [branchId] });
    callerCookie = await loginAs(t.app, caller.username, caller.password);
    const other = await t.f.buildUser({ role: 'admin' });
    otherCookie = await loginAs(t.app, other.username, other.password);
    displayCode = (await t.f.buildDisplay({ branchId })).code;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function upload(
    cookie: string,
    purpose: string,
    name: string,
    bytes: Buffer,
    type = 'application/octet-stream',
  ) {
    const body = multipart(name, bytes, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/files?purpose=${purpose}`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  }

  async function fileRows(): Promise<number> {
    const row = await t.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  function blobs(): string[] {
    const folder = path.join(dataDir, 'uploads', tenantId);
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  }

  function staged(): string[] {
    const folder = path.join(dataDir, 'uploads', '.staging');
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  }

  it('types each file from its bytes and files it under its content hash, once', async () => {
    const video = mp4(40 * 1024);
    const first = await upload(adminCookie, 'video', 'clip.bin', video, 'text/plain');
    expect(first.statusCode).toBe(201);
    const stored = first.json<Stored>();
    expect(stored).toMatchObject({ kind: 'video', mimeType: 'video/mp4', sizeBytes: video.length });
    const webm = await upload(adminCookie, 'video', 'clip.webm', WEBM);
    expect(webm.json<Stored>()).toMatchObject({ kind: 'video', mimeType: 'video/webm' });
    const pdf = await upload(adminCookie, 'guide', 'guide.pdf', PDF);
    expect(pdf.json<Stored>()).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf' });
    const banner = await upload(adminCookie, 'banner', 'banner.png', PNG);
    expect(banner.json<Stored>()).toMatchObject({ kind: 'image', mimeType: 'image/png' });

    // The same bytes for the same purpose: the same file; for another purpose: a file on the same blob.
    const again = await upload(adminCookie, 'video', 'copy.mp4', video);
    expect(again.statusCode).toBe(201);
    expect(again.json<Stored>().id).toBe(stored.id);
    const rows = await fileRows();
    const asLogo = await upload(adminCookie, 'logo', 'logo.png', PNG);
    expect(asLogo.json<Stored>().id).not.toBe(banner.json<Stored>().id);
    expect(await fileRows()).toBe(rows + 1);
    expect(blobs()).toHaveLength(4);
    expect(blobs().every((name) => /^sha256-[0-9a-f]{64}$/.test(name))).toBe(true);
    expect(staged()).toEqual([]);
  });

  describe('refusals keep nothing', () => {
    it.each([
      ['a PNG named .mp4 as a video', 'video', 'x.mp4', PNG, 415],
      ['a video as a banner', 'banner', 'x.png', WEBM, 415],
      ['a PNG as a guide', 'guide', 'x.pdf', PNG, 415],
      ['a video over the configured limit', 'video', 'big.mp4', mp4(64 * 1024 + 1), 413],
      ['a banner over 5 MB', 'banner', 'big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 413],
      ['an unknown purpose', 'poster', 'x.png', PNG, 400],
    ])('%s → %i', async (_what, purpose, name, bytes, status) => {
      const before = { rows: await fileRows(), blobs: blobs().length };
      const response = await upload(adminCookie, purpose, name, bytes);
      expect(response.statusCode).toBe(status);
      expect({ rows: await fileRows(), blobs: blobs().length }).toEqual(before);
      expect(staged()).toEqual([]);
    });

    it('a caller uploading a banner → 403', async () => {
      expect((await upload(callerCookie, 'banner', 'x.png', PNG)).statusCode).toBe(403);
    });
  });

  it('serves ranges (206), refuses a range outside the file (416), answers 304 to its ETag, 404 to another tenant', async () => {
    const video = mp4(30 * 1024 + 7);
    const stored = (await upload(adminCookie, 'video', 'seek.mp4', video)).json<Stored>();
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: stored.url, headers: { cookie: adminCookie, ...headers } });

    const whole = await get({});
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const part = await get({ range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tail = await get({ range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
    const open = await get({ range: `bytes=${video.length - 5}-` });
    expect(open.rawPayload.equals(video.subarray(video.length - 5))).toBe(true);

    const outside = await get({ range: `bytes=${video.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${video.length}`);

    const cached = await get({ 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);

    const foreign = await t.app.inject({ method: 'GET', url: stored.url, headers: { cookie: otherCookie } });
    expect(foreign.statusCode).toBe(404);
  });

  it('serves a display the file of an active banner or video only, without credentials', async () => {
    const banner = (await upload(adminCookie, 'banner', 'promo.png', PNG)).json<Stored>();
    const video = (await upload(adminCookie, 'video', 'promo.webm', WEBM)).json<Stored>();
    const logo = (await upload(adminCookie, 'logo', 'logo.png', PNG)).json<Stored>();
    const anonymous = (id: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: mediaUrl(id), headers });

    // Uploaded but used by no banner or video yet: not public.
    expect((await anonymous(banner.id)).statusCode).toBe(404);
    const now = t.clock.now();
    const bannerId = newId(now);
    await t.database.db
      .insertInto('banners')
      .values({
        id: bannerId,
        tenant_id: tenantId,
        name: 'Promo banner',
        file_id: banner.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.database.db
      .insertInto('videos')
      .values({
        id: newId(now),
        tenant_id: tenantId,
        name: 'Promo',
        file_id: video.id,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const shown = await anonymous(banner.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    const ranged = await anonymous(video.id, { range: 'bytes=0-3' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(WEBM.subarray(0, 4))).toBe(true);

    // A logo pointed at by a banner row is still not display media (its kind is not banner/video).
    await t.database.db.updateTable('banners').set({ file_id: logo.id }).where('id', '=', bannerId).execute();
    expect((await anonymous(logo.id)).statusCode).toBe(404);
    expect((await anonymous(banner.id)).statusCode).toBe(404);
    // An inactive video's file is not public either; an unknown id is the same 404.
    await t.database.db
      .updateTable('videos')
      .set({ is_active: 0 })
      .where('tenant_id', '=', tenantId)
      .execute();
    expect((await anonymous(video.id)).statusCode).toBe(404);
    expect((await anonymous(newId(now))).statusCode).toBe(404);

    // The display's own file route (with its code) still reads the tenant's files.
    const withCode = await t.app.inject({
      method: 'GET',
      url: banner.url,
      headers: { 'x-display-code': displayCode },
    });
    expect(withCode.statusCode).toBe(200);
  });

  it('keeps the image route of the admin forms working', async () => {
    const body = multipart('logo.png', PNG, 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/images?purpose=background',
      headers: { ...body.headers, cookie: adminCookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Stored>()).toMatchObject({ mimeType: 'image/png', sizeBytes: PNG.length });
  });
});
