import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildEngineApp, type EngineApp } from '../../test/engine-helpers';
import { loginAs } from '../../test/factories';
import { describeWithDb } from '../../test/db';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

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

describeWithDb('customer photo and files', () => {
  let t: EngineApp;
  beforeAll(async () => {
    t = await buildEngineApp({ env: { DATA_DIR: `/tmp/antrean-files-${process.pid}-${Date.now()}` } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a kiosk photo for a ticket of its branch, serves it to staff of the tenant only', async () => {
    const kiosk = await t.f.buildKiosk();
    const ticket = await t.f.buildTicket({ branchId: kiosk.branchId });
    const body = multipart('photo', 'wajah.png', PNG, 'image/png');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/photo`,
      headers: { ...body.headers, 'x-kiosk-code': kiosk.code },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(204);
    const row = await t.database.db
      .selectFrom('tickets')
      .select('photo_file_id')
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(row.photo_file_id).toBeTruthy();

    const operator = await t.f.buildUser({
      role: 'operator',
      tenantId: kiosk.tenantId,
      branchIds: [kiosk.branchId],
    });
    const cookie = await loginAs(t.app, operator.username, operator.password);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${row.photo_file_id}`,
      headers: { cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);

    // A kiosk (not staff) may not read personal photos; another tenant gets 404.
    const asKiosk = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${row.photo_file_id}`,
      headers: { 'x-kiosk-code': kiosk.code },
    });
    expect(asKiosk.statusCode).toBe(404);
    const stranger = await t.f.buildUser({ role: 'admin' });
    const strangerCookie = await loginAs(t.app, stranger.username, stranger.password);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${row.photo_file_id}`,
      headers: { cookie: strangerCookie },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses what is not an image, and another branch’s ticket', async () => {
    const kiosk = await t.f.buildKiosk();
    const ticket = await t.f.buildTicket({ branchId: kiosk.branchId });
    const text = multipart('photo', 'x.png', Buffer.from('not an image at all'), 'image/png');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/photo`,
      headers: { ...text.headers, 'x-kiosk-code': kiosk.code },
      payload: text.payload,
    });
    expect(bad.statusCode).toBe(415);
    const other = await t.f.buildTicket();
    const body = multipart('photo', 'wajah.png', PNG, 'image/png');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${other.id}/photo`,
      headers: { ...body.headers, 'x-kiosk-code': kiosk.code },
      payload: body.payload,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describeWithDb('booking check-in by code', () => {
  let t: EngineApp;
  beforeAll(async () => {
    t = await buildEngineApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('checks in a booked ticket by its code from the branch kiosk, once', async () => {
    const kiosk = await t.f.buildKiosk();
    const ticket = await t.f.buildTicket({ branchId: kiosk.branchId, status: 'booked' });
    await t.database.db
      .updateTable('tickets')
      .set({ booking_code: 'BK12345', slot_start_at: t.clock.now() })
      .where('id', '=', ticket.id)
      .execute();
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${kiosk.branchId}/check-in`,
      headers: { 'x-kiosk-code': kiosk.code },
      payload: { bookingCode: 'bk12345' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: ticket.id, status: 'waiting' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${kiosk.branchId}/check-in`,
      headers: { 'x-kiosk-code': kiosk.code },
      payload: { bookingCode: 'BK12345' },
    });
    expect(again.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${kiosk.branchId}/check-in`,
      headers: { 'x-kiosk-code': kiosk.code },
      payload: { bookingCode: 'NOPE999' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
