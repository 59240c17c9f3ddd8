/**
 * Device last-seen times are kept in memory and written in batches: at most one write per device
 * per interval, one transaction per flush, flushed on shutdown; the supervisor monitor still shows
 * the device online with its last-seen time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { unitOfWork } from '../../lib/uow';
import { ONLINE_WINDOW_MS } from '../monitor/monitor.service';
import { buildTestApp, TEST_NOW, type TestApp } from '../../test/app';
import { createTestDatabase, describeWithDb } from '../../test/db';
import { createFactories } from '../../test/factories';
import { buildQueueScenario, LiveClient, listen } from '../../test/engine-helpers';
import { DeviceHeartbeats, HEARTBEAT_FLUSH_DELAY_MS, HEARTBEAT_MIN_INTERVAL_MS } from './heartbeats';

describe('heartbeat timing', () => {
  it("keeps a connected device inside the monitor's online window", () => {
    // Displays ping every 15 s: at worst a write every 15 s past the interval, flushed later.
    expect(HEARTBEAT_MIN_INTERVAL_MS + 15_000 + HEARTBEAT_FLUSH_DELAY_MS).toBeLessThan(ONLINE_WINDOW_MS);
    // Kiosks beat every 30 s: none of their beats is dropped.
    expect(HEARTBEAT_MIN_INTERVAL_MS).toBeLessThan(30_000);
  });
});

describeWithDb('DeviceHeartbeats', () => {
  it('writes at most once per device per interval, all pending devices in one flush, and on close', async () => {
    const database = await createTestDatabase();
    try {
      const clock = new ManualClock(TEST_NOW);
      const f = createFactories(database, clock);
      const display = await f.buildDisplay();
      const kiosk = await f.buildKiosk({ branchId: display.branchId });
      const lastSeen = async () => ({
        display: await database.db
          .selectFrom('displays')
          .select(['last_seen_at', 'last_ip'])
          .where('id', '=', display.id)
          .executeTakeFirstOrThrow(),
        kiosk: await database.db
          .selectFrom('kiosks')
          .select(['last_seen_at', 'last_ip'])
          .where('id', '=', kiosk.id)
          .executeTakeFirstOrThrow(),
      });
      const before = await lastSeen();
      // Long flush delay: only explicit flushes write in this test.
      const heartbeats = new DeviceHeartbeats(unitOfWork(database), clock, { flushDelayMs: 3_600_000 });

      heartbeats.seen('display', display.tenantId, display.id, '10.0.0.1');
      heartbeats.seen('kiosk', kiosk.tenantId, kiosk.id, '10.0.0.2');
      expect(await lastSeen()).toEqual(before); // nothing written yet: no write per heartbeat
      expect(heartbeats.pendingCount()).toBe(2);
      await heartbeats.flush();
      expect(await lastSeen()).toEqual({
        display: { last_seen_at: TEST_NOW, last_ip: '10.0.0.1' },
        kiosk: { last_seen_at: TEST_NOW, last_ip: '10.0.0.2' },
      });

      // Within the interval: ignored (a reconnect storm or pings cost no write).
      clock.advance(HEARTBEAT_MIN_INTERVAL_MS - 1);
      heartbeats.seen('display', display.tenantId, display.id, '10.0.0.9');
      expect(heartbeats.pendingCount()).toBe(0);
      // Past it: queued again, and written on close (shutdown).
      clock.advance(1);
      heartbeats.seen('display', display.tenantId, display.id, '10.0.0.3');
      expect(heartbeats.pendingCount()).toBe(1);
      await heartbeats.close();
      expect((await lastSeen()).display).toEqual({
        last_seen_at: TEST_NOW + HEARTBEAT_MIN_INTERVAL_MS,
        last_ip: '10.0.0.3',
      });
      // Closed: nothing is queued any more.
      clock.advance(HEARTBEAT_MIN_INTERVAL_MS);
      heartbeats.seen('display', display.tenantId, display.id, '10.0.0.4');
      expect(heartbeats.pendingCount()).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('never moves last-seen backwards (another process wrote a later time)', async () => {
    const database = await createTestDatabase();
    try {
      const clock = new ManualClock(TEST_NOW);
      const f = createFactories(database, clock);
      const display = await f.buildDisplay();
      await database.db
        .updateTable('displays')
        .set({ last_seen_at: TEST_NOW + 60_000, last_ip: 'later' })
        .where('id', '=', display.id)
        .execute();
      const heartbeats = new DeviceHeartbeats(unitOfWork(database), clock);
      heartbeats.seen('display', display.tenantId, display.id, 'earlier');
      await heartbeats.close();
      const row = await database.db
        .selectFrom('displays')
        .select(['last_seen_at', 'last_ip'])
        .where('id', '=', display.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ last_seen_at: TEST_NOW + 60_000, last_ip: 'later' });
    } finally {
      await database.close();
    }
  });
});

describeWithDb('display and kiosk heartbeats through the app', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a display subscription and a kiosk heartbeat show the devices online on the monitor (after the batch flush)', async () => {
    const s = await buildQueueScenario(t);
    const monitor = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/branches/${s.branch.id}/monitor`,
          headers: { cookie: s.cookies.admin },
        })
      ).json<{ devices: { kind: string; id: string; online: boolean; lastSeenAt: number | null }[] }>()
        .devices;

    const client = await LiveClient.open(base);
    try {
      client.subscribe([`display:${s.display.code}`]);
      await client.waitFor((frame) => frame.type === 'snapshot');
      const beat = await t.app.inject({
        method: 'POST',
        url: '/api/v1/kiosk/heartbeat',
        headers: { 'x-kiosk-code': s.kiosk.code },
      });
      expect(beat.statusCode).toBe(204);
      await t.app.live.heartbeats.flush();
      const devices = await monitor();
      expect(devices).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'display',
            id: s.display.id,
            online: true,
            lastSeenAt: t.clock.now(),
          }),
          expect.objectContaining({ kind: 'kiosk', id: s.kiosk.id, online: true, lastSeenAt: t.clock.now() }),
        ]),
      );

      // Pings within the interval write nothing; once past it the display's last-seen moves on.
      t.clock.advance(HEARTBEAT_MIN_INTERVAL_MS);
      client.send({ type: 'ping' });
      await client.waitFor((frame) => frame.type === 'pong');
      await t.app.live.heartbeats.flush();
      const display = (await monitor()).find((d) => d.id === s.display.id);
      expect(display).toMatchObject({ online: true, lastSeenAt: t.clock.now() });

      // Without heartbeats the device goes offline once the online window has passed.
      t.clock.advance(ONLINE_WINDOW_MS + 1);
      expect((await monitor()).find((d) => d.id === s.display.id)).toMatchObject({ online: false });
    } finally {
      await client.close();
    }
  });
});
