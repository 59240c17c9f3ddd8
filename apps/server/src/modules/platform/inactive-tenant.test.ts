/**
 * An inactive tenant (decision 53): its staff (new sign-ins and sessions already open), kiosks,
 * displays, API integrations and visitors are refused with TENANT_INACTIVE, open live screens
 * are cut off with it at once, and its data is kept: reactivating brings everything back.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeWithDb } from '../../test/db';
import {
  LiveClient,
  buildEngineApp,
  buildQueueScenario,
  issueOk,
  listen,
  type EngineApp,
  type Frame,
} from '../../test/engine-helpers';
import { loginAs } from '../../test/factories';

const isError = (topic: string) => (f: Frame) => f.topic === topic && f.type === 'error';
const isSnapshot = (topic: string) => (f: Frame) => f.topic === topic && f.type === 'snapshot';

describeWithDb('an inactive tenant', () => {
  let t: EngineApp;
  let base: string;
  const clients: LiveClient[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const client = await LiveClient.open(base, headers);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await buildEngineApp();
    base = await listen(t.app);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses its staff, kiosks, displays, integrations and visitors with a clear message, and keeps its data', async () => {
    const s = await buildQueueScenario(t, { serviceCodes: ['A'] });
    const superadmin = await loginAs(t.app, (await t.f.buildUser({ role: 'superadmin' })).username);
    const ticket = await issueOk(t.app, s, 0);
    const requests = {
      staff: () => ({ method: 'GET' as const, url: '/api/v1/auth/me', headers: { cookie: s.cookies.admin } }),
      kiosk: () => ({
        method: 'GET' as const,
        url: '/api/v1/kiosk/config',
        headers: { 'x-kiosk-code': s.kiosk.code },
      }),
      display: () => ({
        method: 'GET' as const,
        url: '/api/v1/display/config',
        headers: { 'x-display-code': s.display.code },
      }),
      integration: () => ({
        method: 'GET' as const,
        url: `/api/v1/branches/${s.branch.id}/services`,
        headers: { 'x-api-key': s.apiKey.key },
      }),
      visitorTicket: () => ({
        method: 'GET' as const,
        url: `/api/v1/public/tickets/${ticket.uniqueCode}`,
        headers: {},
      }),
      visitorBranch: () => ({
        method: 'GET' as const,
        url: `/api/v1/public/branches/${s.branch.id}/on-site`,
        headers: {},
      }),
    };
    const before: Record<string, number> = {};
    for (const [kind, request] of Object.entries(requests)) {
      before[kind] = (await t.app.inject(request())).statusCode;
    }
    expect(before).toEqual({
      staff: 200,
      kiosk: 200,
      display: 200,
      integration: 200,
      visitorTicket: 200,
      visitorBranch: 200,
    });

    // Screens that are open when the tenant is deactivated.
    const displayTopic = `display:${s.display.code}`;
    const ticketTopic = `ticket:${ticket.uniqueCode}`;
    const branchTopic = `branch:${s.branch.id}`;
    const screens = await open();
    screens.subscribe([displayTopic, ticketTopic]);
    const staffScreen = await open({ cookie: s.cookies.operator });
    staffScreen.subscribe([branchTopic]);
    await screens.waitFor((f) => isSnapshot(displayTopic)(f) || isSnapshot(ticketTopic)(f), 2);
    await staffScreen.waitFor(isSnapshot(branchTopic));
    const rows = async () =>
      Promise.all(
        (['users', 'branches', 'tickets', 'counters', 'displays', 'kiosks'] as const).map(
          async (table) =>
            (
              await t.database.db
                .selectFrom(table)
                .select('tenant_id')
                .where('tenant_id', '=', s.tenantId)
                .execute()
            ).length,
        ),
      );
    const kept = await rows();

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/tenants/${s.tenantId}`,
      headers: { cookie: superadmin, 'content-type': 'application/json' },
      payload: JSON.stringify({ isActive: false }),
    });
    expect(off.statusCode, off.body).toBe(200);

    // The open screens are cut off at once, with the reason.
    const [displayCut] = await screens.waitFor(isError(displayTopic));
    const [ticketCut] = await screens.waitFor(isError(ticketTopic));
    const [branchCut] = await staffScreen.waitFor(isError(branchTopic));
    for (const frame of [displayCut, ticketCut, branchCut]) {
      expect(frame).toMatchObject({
        code: 'TENANT_INACTIVE',
        message: 'Akun organisasi Anda tidak aktif. Hubungi administrator.',
      });
    }
    // A new subscription is refused the same way.
    const again = await open();
    again.subscribe([displayTopic, ticketTopic]);
    expect((await again.waitFor(isError(displayTopic)))[0]).toMatchObject({ code: 'TENANT_INACTIVE' });
    expect((await again.waitFor(isError(ticketTopic)))[0]).toMatchObject({ code: 'TENANT_INACTIVE' });

    // Every kind of caller is refused with the same clear, localized message.
    for (const [kind, request] of Object.entries(requests)) {
      const response = await t.app.inject(request());
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(403);
      expect(response.json(), kind).toMatchObject({
        error: {
          code: 'TENANT_INACTIVE',
          message: 'Akun organisasi Anda tidak aktif. Hubungi administrator.',
        },
      });
    }
    const english = await t.app.inject({
      ...requests.kiosk(),
      headers: { ...requests.kiosk().headers, 'accept-language': 'en' },
    });
    expect(english.json()).toMatchObject({
      error: { message: 'Your organisation is inactive. Contact the administrator.' },
    });
    const kioskIssue = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${s.branch.id}/tickets`,
      headers: { 'x-kiosk-code': s.kiosk.code, 'content-type': 'application/json' },
      payload: JSON.stringify({ serviceId: s.services[0]?.id, channel: 'kiosk' }),
    });
    expect(kioskIssue.json()).toMatchObject({ error: { code: 'TENANT_INACTIVE' } });
    const visitorIssue = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/branches/${s.branch.id}/tickets`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ serviceId: s.services[0]?.id, phone: '081234567890' }),
    });
    expect(visitorIssue.statusCode).toBeGreaterThanOrEqual(400);
    expect(visitorIssue.statusCode).toBeLessThan(500);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: s.users.caller.username, password: s.users.caller.password },
    });
    expect(login.json()).toMatchObject({ error: { code: 'TENANT_INACTIVE' } });

    // Its data is kept, and reactivating brings everything back.
    expect(await rows()).toEqual(kept);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/tenants/${s.tenantId}`,
      headers: { cookie: superadmin, 'content-type': 'application/json' },
      payload: JSON.stringify({ isActive: true }),
    });
    for (const [kind, request] of Object.entries(requests)) {
      expect((await t.app.inject(request())).statusCode, kind).toBe(200);
    }
  });
});
