/**
 * Device administration: an admin lists a branch's kiosks and displays, regenerates a code (the
 * old code stops working at once, an open display screen is cut off live, the audit keeps no
 * codes) and disables / re-enables a device. Other roles are refused; bad input is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GENERATED_DEVICE_CODE_LENGTH,
  type AdminDevice,
  type BranchDevices,
} from '@antrean/shared/contracts/device-admin.contract';
import { describeWithDb } from '../../test/db';
import { LiveClient, buildEngineApp, listen, type EngineApp } from '../../test/engine-helpers';
import { loginAs, type TenantGraph } from '../../test/factories';

describeWithDb('device administration', () => {
  let t: EngineApp;
  let g: TenantGraph;
  let admin: string;
  let base: string;
  beforeAll(async () => {
    t = await buildEngineApp();
    g = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const listDevices = (branchId: string, cookie: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/branches/${branchId}/devices`, headers: { cookie } });
  const regenerate = (kind: string, id: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${kind}/${id}/regenerate-code`,
      headers: { cookie },
    });
  const setActive = (kind: string, id: string, isActive: unknown, cookie: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/devices/${kind}/${id}`,
      headers: { cookie },
      payload: { isActive },
    });
  const displayConfig = (code: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/display/config', headers: { 'x-display-code': code } });
  const kioskConfig = (code: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/kiosk/config', headers: { 'x-kiosk-code': code } });

  it("lists the branch's kiosks and displays with code, path and online state", async () => {
    const response = await listDevices(g.main.branch.id, admin);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<BranchDevices>();
    expect(body.kiosks).toEqual([
      expect.objectContaining({
        id: g.main.kiosk.id,
        kind: 'kiosk',
        code: g.main.kiosk.code,
        isActive: true,
        path: `/mkios/${g.main.kiosk.code}`,
        layout: null,
      }),
    ]);
    expect(body.displays).toEqual([
      expect.objectContaining({
        id: g.main.display.id,
        kind: 'display',
        code: g.main.display.code,
        isActive: true,
      }),
    ]);
    expect(body.displays[0]?.path).toMatch(new RegExp(`/${g.main.display.code}$`));
  });

  it('regenerating a display code: the old code stops working at once, the open screen is cut off, the audit keeps no code', async () => {
    const old = g.other.display.code;
    expect((await displayConfig(old)).statusCode).toBe(200);
    const screen = await LiveClient.open(base, { origin: base });
    try {
      screen.subscribe([`display:${old}`]);
      await screen.waitFor((f) => f.type === 'snapshot' && f.topic === `display:${old}`);

      const response = await regenerate('display', g.other.display.id, admin);
      expect(response.statusCode, response.body).toBe(200);
      const device = response.json<AdminDevice>();
      expect(device.code).not.toBe(old);
      expect(device.code).toHaveLength(GENERATED_DEVICE_CODE_LENGTH);
      expect(device.code).toMatch(/^[A-Za-z0-9]+$/);

      // The live screen gets what a refused subscription gets: it shows "unknown display".
      await screen.waitFor(
        (f) => f.type === 'error' && f.topic === `display:${old}` && f.code === 'NOT_FOUND',
      );
      expect([401, 404]).toContain((await displayConfig(old)).statusCode);
      expect((await displayConfig(device.code)).statusCode).toBe(200);

      // A fresh subscription with the old code is refused, with the new one it works.
      screen.subscribe([`display:${old}`, `display:${device.code}`]);
      await screen.waitFor((f) => f.type === 'snapshot' && f.topic === `display:${device.code}`);
      expect(
        screen.matching((f) => f.type === 'error' && f.topic === `display:${old}`).length,
      ).toBeGreaterThanOrEqual(2);
    } finally {
      await screen.close();
    }
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', g.other.display.id)
      .where('action', '=', 'display.code.regenerate')
      .execute();
    expect(audit).toHaveLength(1);
    expect(`${audit[0]?.before_json ?? ''}${audit[0]?.after_json ?? ''}`).not.toContain(old);
  });

  it('disabling a kiosk refuses its code until it is enabled again (audited both ways)', async () => {
    const code = g.main.kiosk.code;
    expect((await kioskConfig(code)).statusCode).toBe(200);
    const off = await setActive('kiosk', g.main.kiosk.id, false, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<AdminDevice>()).toMatchObject({ isActive: false, online: false });
    expect([401, 403, 404]).toContain((await kioskConfig(code)).statusCode);
    t.clock.advance(1000);
    const on = await setActive('kiosk', g.main.kiosk.id, true, admin);
    expect(on.json<AdminDevice>()).toMatchObject({ isActive: true });
    expect((await kioskConfig(code)).statusCode).toBe(200);
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', g.main.kiosk.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['kiosk.disable', 'kiosk.enable']);
  });

  describe('refusals', () => {
    it('operators, callers and supervisors may not administer devices (403)', async () => {
      for (const role of ['operator', 'caller', 'supervisor'] as const) {
        const cookie = await loginAs(t.app, g.users[role].username);
        expect((await listDevices(g.main.branch.id, cookie)).statusCode).toBe(403);
        expect((await regenerate('kiosk', g.main.kiosk.id, cookie)).statusCode).toBe(403);
        expect((await setActive('display', g.main.display.id, false, cookie)).statusCode).toBe(403);
      }
      expect((await kioskConfig(g.main.kiosk.code)).statusCode).toBe(200);
    });

    it('a device of another kind or another tenant is not found; nothing changes', async () => {
      const other = await t.f.buildTenantGraph({ name: 'Other Bank' });
      expect((await regenerate('kiosk', g.main.display.id, admin)).statusCode).toBe(404);
      expect((await regenerate('display', other.main.display.id, admin)).statusCode).toBe(404);
      expect((await setActive('kiosk', other.main.kiosk.id, false, admin)).statusCode).toBe(404);
      expect((await listDevices(other.main.branch.id, admin)).statusCode).toBe(404);
      expect((await displayConfig(other.main.display.code)).statusCode).toBe(200);
      expect((await kioskConfig(other.main.kiosk.code)).statusCode).toBe(200);
    });

    it('bad input is a 400 with field errors and changes nothing', async () => {
      const badKind = await regenerate('printer', g.main.kiosk.id, admin);
      expect(badKind.statusCode).toBe(400);
      expect(badKind.json().error.details.fields).toHaveProperty('kind');
      const badBody = await setActive('kiosk', g.main.kiosk.id, 'yes', admin);
      expect(badBody.statusCode).toBe(400);
      expect(badBody.json().error.details.fields).toHaveProperty('isActive');
      const badId = await setActive('kiosk', 'not-an-id', false, admin);
      expect(badId.statusCode).toBe(400);
      expect((await kioskConfig(g.main.kiosk.code)).statusCode).toBe(200);
    });
  });
});
