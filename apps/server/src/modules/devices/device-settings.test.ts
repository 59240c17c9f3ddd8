/**
 * Creating kiosks and displays and editing their settings over HTTP: a new device works with its
 * new code at once, the branch's display limit bounds active displays (create, enable, re-enable),
 * each validation rule is a 400 on its field that changes nothing, a display's settings reach its
 * config and its live topic (`display.updated`), audit entries, another tenant's ids are 404.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDevice } from '@antrean/shared/contracts/device-admin.contract';
import type { DisplaySettings } from '@antrean/shared/domain/device';
import { describeWithDb } from '../../test/db';
import { buildEngineApp, nextIp, type EngineApp } from '../../test/engine-helpers';
import { loginAs, type BranchRef, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('device settings (HTTP)', () => {
  let t: EngineApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  let branch: BranchRef;
  let serviceId: string;
  let counterId: string;

  beforeAll(async () => {
    t = await buildEngineApp();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // A fresh branch per test: a display limit of 2, one offered service, one counter.
    branch = await t.f.buildBranch({ tenantId: g.tenant.id });
    await t.database.db
      .updateTable('branches')
      .set({ display_limit: 2 })
      .where('id', '=', branch.id)
      .execute();
    serviceId = (await t.f.buildService({ tenantId: g.tenant.id, branchIds: [branch.id] })).id;
    counterId = (await t.f.buildCounter({ branchId: branch.id, serviceIds: [serviceId] })).id;
    t.clock.advance(1000);
  });

  const send = (
    method: 'POST' | 'PATCH' | 'GET',
    url: string,
    body?: unknown,
    cookie = admin,
    lang = 'id',
  ) => {
    // Each change a second later, so the audit entries are in order.
    t.clock.advance(1000);
    return t.app.inject({
      method,
      url,
      headers: { cookie, 'accept-language': lang, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  };
  const display = (extra: Record<string, unknown> = {}) => ({
    name: 'Layar Aula',
    layout: 'classic',
    counterId: null,
    serviceIds: [],
    voiceMode: null,
    isActive: true,
    ...extra,
  });
  const createDisplay = (body: unknown, branchId = branch.id, cookie = admin) =>
    send('POST', `/api/v1/branches/${branchId}/displays`, body, cookie);
  const displaysOfBranch = () =>
    t.database.db
      .selectFrom('displays')
      .selectAll()
      .where('branch_id', '=', branch.id)
      .orderBy('name')
      .execute();

  it('creates a kiosk whose new code works at once, audited', async () => {
    const created = await send('POST', `/api/v1/branches/${branch.id}/kiosks`, {
      name: 'Kiosk Lobi',
      paperWidthMm: 58,
      serviceIds: [],
      isActive: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const kiosk: AdminDevice = created.json();
    expect(kiosk).toMatchObject({ kind: 'kiosk', name: 'Kiosk Lobi', isActive: true, online: false });
    expect(kiosk.code).toHaveLength(24);
    expect(kiosk.path).toBe(`/mkios/${kiosk.code}`);
    const config = await t.app.inject({
      method: 'GET',
      url: '/api/v1/kiosk/config',
      headers: { 'x-kiosk-code': kiosk.code },
      remoteAddress: nextIp(),
    });
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json().kiosk).toMatchObject({ name: 'Kiosk Lobi', paperWidthMm: 58 });
    expect((await send('GET', `/api/v1/kiosks/${kiosk.id}`)).json()).toEqual({
      id: kiosk.id,
      branchId: branch.id,
      name: 'Kiosk Lobi',
      paperWidthMm: 58,
      serviceIds: [],
      isActive: true,
    });
    const edited = await send('PATCH', `/api/v1/kiosks/${kiosk.id}`, {
      name: 'Kiosk Pintu Utama',
      paperWidthMm: 80,
    });
    expect(edited.json()).toMatchObject({ name: 'Kiosk Pintu Utama', paperWidthMm: 80 });
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'kiosk', kiosk.id);
    expect(audit.map((a) => a.action)).toEqual(['kiosk.create', 'kiosk.update']);
  });

  it('chooses the services a kiosk offers: its config follows, the open kiosk is told live, a disabled one is cut off', async () => {
    const second = (await t.f.buildService({ tenantId: g.tenant.id, branchIds: [branch.id] })).id;
    const kioskServices = async (code: string) => {
      const config = await t.app.inject({
        method: 'GET',
        url: '/api/v1/kiosk/config',
        headers: { 'x-kiosk-code': code },
        remoteAddress: nextIp(),
      });
      expect(config.statusCode, config.body).toBe(200);
      return config
        .json<{ services: { id: string }[] }>()
        .services.map((x) => x.id)
        .sort();
    };
    const created: AdminDevice = (
      await send('POST', `/api/v1/branches/${branch.id}/kiosks`, {
        name: 'Kiosk Lobi',
        paperWidthMm: 80,
        serviceIds: [second],
        isActive: true,
      })
    ).json();
    expect(await kioskServices(created.code)).toEqual([second]);
    expect((await send('GET', `/api/v1/kiosks/${created.id}`)).json()).toMatchObject({
      serviceIds: [second],
    });

    const publish = vi.spyOn(t.app.live.bus, 'publish');
    try {
      // None chosen: every service of the branch shown on kiosks.
      const all = await send('PATCH', `/api/v1/kiosks/${created.id}`, { serviceIds: [] });
      expect(all.json()).toMatchObject({ serviceIds: [] });
      expect(await kioskServices(created.code)).toEqual([serviceId, second].sort());
      expect(publish).toHaveBeenCalledWith({
        kind: 'topic',
        topic: `kiosk:${created.code}`,
        type: 'kiosk.updated',
        data: { kioskId: created.id },
      });
      publish.mockClear();
      // A rename or another paper width reaches the open kiosk the same way.
      await send('PATCH', `/api/v1/kiosks/${created.id}`, { name: 'Kiosk Pintu', paperWidthMm: 58 });
      expect(publish).toHaveBeenCalledWith(expect.objectContaining({ type: 'kiosk.updated' }));
      publish.mockClear();
      // Nothing changed: nothing told.
      await send('PATCH', `/api/v1/kiosks/${created.id}`, { name: 'Kiosk Pintu' });
      expect(publish).not.toHaveBeenCalled();
      // A service the branch does not offer is refused on its field, and nothing changes.
      const refused = await send('PATCH', `/api/v1/kiosks/${created.id}`, { serviceIds: [g.service.id] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.details.fields).toEqual({ serviceIds: 'Pilihan tidak valid.' });
      expect(publish).not.toHaveBeenCalled();
      // Disabled: its topic is cut off instead.
      await send('PATCH', `/api/v1/kiosks/${created.id}`, { isActive: false });
      expect(publish).toHaveBeenCalledWith({ kind: 'revoke', topic: `kiosk:${created.code}` });
    } finally {
      publish.mockRestore();
    }
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'kiosk', created.id);
    expect(audit.map((a) => a.action)).toEqual([
      'kiosk.create',
      'kiosk.update',
      'kiosk.update',
      'kiosk.disable',
    ]);
    expect(audit[1]?.before_json).toContain(second);
  });

  it('creates displays within the branch limit; more active ones are refused, inactive ones are not', async () => {
    const first = await createDisplay(display({ name: 'Layar 1', serviceIds: [serviceId] }));
    expect(first.statusCode, first.body).toBe(201);
    const created: AdminDevice = first.json();
    expect(created.path).toBe(`/display/${created.code}`);
    expect((await createDisplay(display({ name: 'Layar 2', layout: 'pos', counterId }))).statusCode).toBe(
      201,
    );
    const before = await displaysOfBranch();
    const refused = await createDisplay(display({ name: 'Layar 3' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'DISPLAY_LIMIT_REACHED',
      details: { limit: 2, active: 2 },
    });
    expect(await displaysOfBranch()).toEqual(before);

    const spare = await createDisplay(display({ name: 'Layar Cadangan', isActive: false }));
    expect(spare.statusCode).toBe(201);
    const spareId: string = spare.json().id;
    // Enabling it, by its settings or by the devices table's switch, is refused too.
    const enable = await send('PATCH', `/api/v1/displays/${spareId}`, { isActive: true });
    expect(enable.json().error.code).toBe('DISPLAY_LIMIT_REACHED');
    const toggle = await send('PATCH', `/api/v1/devices/display/${spareId}`, { isActive: true });
    expect(toggle.json().error.code).toBe('DISPLAY_LIMIT_REACHED');
    // Disabling one frees a place.
    expect((await send('PATCH', `/api/v1/displays/${created.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await send('PATCH', `/api/v1/devices/display/${spareId}`, { isActive: true })).statusCode).toBe(
      200,
    );
  });

  it("edits a display's settings: its config follows and its screens are told live", async () => {
    const created: AdminDevice = (await createDisplay(display())).json();
    const publish = vi.spyOn(t.app.live.bus, 'publish');
    try {
      const edited = await send('PATCH', `/api/v1/displays/${created.id}`, {
        layout: 'pos',
        counterId,
        serviceIds: [serviceId],
        voiceMode: 'chime',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const expected: DisplaySettings = {
        id: created.id,
        branchId: branch.id,
        name: 'Layar Aula',
        layout: 'pos',
        counterId,
        serviceIds: [serviceId],
        voiceMode: 'chime',
        isActive: true,
      };
      expect(edited.json()).toEqual(expected);
      expect((await send('GET', `/api/v1/displays/${created.id}`)).json()).toEqual(expected);
      expect(publish).toHaveBeenCalledWith({
        kind: 'topic',
        topic: `display:${created.code}`,
        type: 'display.updated',
        data: { displayId: created.id },
      });
    } finally {
      publish.mockRestore();
    }
    const config = await t.app.inject({
      method: 'GET',
      url: '/api/v1/display/config',
      headers: { 'x-display-code': created.code },
      remoteAddress: nextIp(),
    });
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json().display).toMatchObject({ layout: 'pos', counterId, serviceIds: [serviceId] });
    expect(config.json().voice.mode).toBe('chime');
    // Back to another layout: the counter goes, the services can be cleared (all again).
    const back = await send('PATCH', `/api/v1/displays/${created.id}`, { layout: 'big', serviceIds: [] });
    expect(back.json()).toMatchObject({ layout: 'big', counterId: null, serviceIds: [] });
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'display', created.id);
    expect(audit.map((a) => a.action)).toEqual(['display.create', 'display.update', 'display.update']);
  });

  describe('each validation rule is a 400 on its field, and nothing changes', () => {
    const cases: [string, () => Record<string, unknown>, string, string][] = [
      ['name required', () => display({ name: ' ' }), 'name', 'Wajib diisi.'],
      ['name at most 60', () => display({ name: 'x'.repeat(61) }), 'name', 'Maksimal 60 karakter.'],
      ['layout chosen', () => display({ layout: 'wide' }), 'layout', 'Wajib dipilih.'],
      ['pos needs its counter', () => display({ layout: 'pos' }), 'counterId', 'Wajib dipilih.'],
      ['voice mode from the list', () => display({ voiceMode: 'loud' }), 'voiceMode', 'Wajib dipilih.'],
      [
        "counter of the display's branch",
        () => display({ layout: 'pos', counterId: g.main.counter.id }),
        'counterId',
        'Pilihan tidak valid.',
      ],
      [
        'services the branch offers',
        () => display({ serviceIds: [other.service.id] }),
        'serviceIds',
        'Pilihan tidak valid.',
      ],
    ];
    it.each(cases)('%s', async (_name, body, field, message) => {
      const before = await displaysOfBranch();
      const response = await createDisplay(body());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: { [field]: message } },
      });
      expect(await displaysOfBranch()).toEqual(before);
    });

    it('a kiosk paper width is 58 or 80, in English too', async () => {
      const response = await send(
        'POST',
        `/api/v1/branches/${branch.id}/kiosks`,
        { name: 'Kiosk', paperWidthMm: 70, serviceIds: [], isActive: true },
        admin,
        'en',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.fields).toEqual({ paperWidthMm: 'Please make a choice.' });
    });
  });

  it("answers 404 for another tenant's branch and devices, and refuses non-admins", async () => {
    const otherAdmin = await loginAs(t.app, other.users.admin.username, undefined, {
      remoteAddress: nextIp(),
    });
    expect((await createDisplay(display(), branch.id, otherAdmin)).statusCode).toBe(404);
    expect(
      (await send('GET', `/api/v1/displays/${g.main.display.id}`, undefined, otherAdmin)).statusCode,
    ).toBe(404);
    expect(
      (await send('PATCH', `/api/v1/kiosks/${g.main.kiosk.id}`, { name: 'x' }, otherAdmin)).statusCode,
    ).toBe(404);
    const operator = await loginAs(t.app, g.users.operator.username, undefined, { remoteAddress: nextIp() });
    expect((await createDisplay(display(), g.main.branch.id, operator)).statusCode).toBe(403);
    expect((await send('GET', `/api/v1/kiosks/${g.main.kiosk.id}`, undefined, operator)).statusCode).toBe(
      403,
    );
  });
});
