/**
 * Per-route rate limits (PRODUCT §1: a kiosk's ticket issuing is rate-limited per kiosk and per
 * client address): a request a kiosk code authenticated counts against that kiosk, so kiosks
 * behind one NAT address do not share a budget; all kiosk requests of one address are still
 * capped at KIOSK_ADDRESS_FACTOR times the route's limit; everyone else counts per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { describeWithDb } from '../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  type EngineApp,
  type QueueScenario,
} from '../test/engine-helpers';
import { KIOSK_ADDRESS_FACTOR } from './route';

const ISSUE_LIMIT = 120; // ticket.routes: issue, per minute
const HEARTBEAT_LIMIT = 30; // device.routes: kiosk heartbeat, per minute

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describeWithDb('per-route rate limits: per kiosk and per client address', () => {
  let t: EngineApp;
  let s: QueueScenario;
  beforeAll(async () => {
    t = await buildEngineApp();
    s = await buildQueueScenario(t, { serviceCodes: ['A'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const issue = (headers: Record<string, string>, remoteAddress: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${s.branch.id}/tickets`,
      headers,
      payload: body,
      remoteAddress,
    });
  const validBody = () => ({ serviceId: s.services[0]?.id ?? '', channel: 'kiosk' });
  // Counted like any request (the limit runs before validation) without issuing a ticket.
  const invalidBody = { channel: 'kiosk' };

  describe('ticket issue', () => {
    it('a kiosk that used up its limit does not limit another kiosk, nor staff, behind the same address', async () => {
      const address = '203.0.113.10';
      const kioskB = await t.f.buildKiosk({ branchId: s.branch.id });
      const a = { 'x-kiosk-code': s.kiosk.code };

      expect((await issue(a, address, validBody())).statusCode).toBe(201);
      for (let i = 1; i < ISSUE_LIMIT; i++) {
        const response = await issue(a, address, invalidBody);
        expect(response.statusCode, `request ${i + 1}`).toBe(400);
      }
      expectRateLimited(await issue(a, address, validBody()));
      // Kiosk A is limited from any address: the budget is the kiosk's.
      expectRateLimited(await issue(a, '198.51.100.7', validBody()));

      const b = await issue({ 'x-kiosk-code': kioskB.code }, address, validBody());
      expect(b.statusCode).toBe(201);
      expect(b.headers['x-ratelimit-limit']).toBe(String(ISSUE_LIMIT));
      expect(b.headers['x-ratelimit-remaining']).toBe(String(ISSUE_LIMIT - 1));

      const staff = await issue({ cookie: s.cookies.operator }, address, {
        serviceId: s.services[0]?.id ?? '',
        channel: 'operator',
      });
      expect(staff.statusCode).toBe(201);
    });

    it('staff requests still count per address', async () => {
      const address = '203.0.113.20';
      for (let i = 0; i < ISSUE_LIMIT; i++) {
        expect((await issue({ cookie: s.cookies.operator }, address, invalidBody)).statusCode).toBe(400);
      }
      expectRateLimited(await issue({ cookie: s.cookies.operator }, address, invalidBody));
      expect((await issue({ cookie: s.cookies.operator }, '203.0.113.21', invalidBody)).statusCode).toBe(400);
    });
  });

  describe('kiosk heartbeat', () => {
    const beat = (code: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/kiosk/heartbeat',
        headers: { 'x-kiosk-code': code },
        remoteAddress,
      });

    it(`one address is still capped: all its kiosks together get ${KIOSK_ADDRESS_FACTOR}× the per-kiosk limit`, async () => {
      const address = '203.0.113.30';
      const kiosks = [];
      for (let k = 0; k <= KIOSK_ADDRESS_FACTOR; k++) {
        kiosks.push(await t.f.buildKiosk({ branchId: s.branch.id }));
      }
      const last = kiosks.pop();
      if (!last) throw new Error('kiosks');
      for (const kiosk of kiosks) {
        for (let i = 0; i < HEARTBEAT_LIMIT; i++) {
          expect((await beat(kiosk.code, address)).statusCode).toBe(204);
        }
      }
      // Each of these kiosks is at its own limit, and together they used the address's cap:
      // one more kiosk, fresh, from the same address is refused…
      expectRateLimited(await beat(last.code, address));
      // …and the same kiosk from another address is fine.
      expect((await beat(last.code, '203.0.113.31')).statusCode).toBe(204);
    });
  });
});
