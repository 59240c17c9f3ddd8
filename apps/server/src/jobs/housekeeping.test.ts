/**
 * The scheduled purge, on a fixed clock: expired or revoked sessions, expired idempotency keys and
 * login throttles that no longer count are removed; everything still in use stays.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '@antrean/shared/common/ids';
import { serviceDeps } from '../lib/deps';
import { unitOfWork } from '../lib/uow';
import { THROTTLE } from '../modules/auth/auth.service';
import { insertSession, revokeSession } from '../modules/auth/session.repository';
import { putThrottle } from '../modules/auth/throttle.repository';
import { claimKey, IDEMPOTENCY_TTL_MS } from '../modules/tickets/idempotency.repository';
import { describeWithDb } from '../test/db';
import { buildEngineApp, type EngineApp } from '../test/engine-helpers';
import { HOUSEKEEPING_INTERVAL_MS, runHousekeeping, startHousekeeping } from './housekeeping';

describeWithDb('housekeeping', () => {
  let t: EngineApp;
  beforeAll(async () => {
    t = await buildEngineApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('purges expired and revoked sessions, expired idempotency keys and stale login throttles, keeps the rest', async () => {
    const uow = unitOfWork(t.database);
    const start = t.clock.now();
    const tenant = await t.f.buildTenant();
    const session = (id: string, expiresAt: number) =>
      uow.transaction((db) =>
        insertSession(db, {
          id,
          tokenHash: `hash-${id}`,
          subjectKind: 'staff',
          subjectId: newId(start),
          tenantId: tenant.id,
          ip: null,
          userAgent: null,
          now: start,
          expiresAt,
        }),
      );
    const [expiring, revoked, alive] = [newId(start), newId(start), newId(start)];
    await session(expiring, start + 60_000);
    await session(revoked, start + 3_600_000);
    await session(alive, start + 3_600_000);
    await uow.transaction((db) => revokeSession(db, revoked, start));

    const key = (name: string) =>
      uow.transaction((db) =>
        claimKey(db, { tenantId: tenant.id, scope: 'test', key: name, requestHash: 'h', now: t.clock.now() }),
      );
    await key('old');
    await uow.transaction((db) =>
      Promise.all([
        // Its window is over and it blocks nobody.
        putThrottle(db, { key: 'stale', failures: 2, windowStartedAt: start, blockedUntil: null }),
        // Its window is over but it still blocks until later.
        putThrottle(db, {
          key: 'blocking',
          failures: THROTTLE.maxFailures,
          windowStartedAt: start,
          blockedUntil: start + THROTTLE.windowMs + 3_600_000,
        }),
      ]),
    );
    t.clock.advance(THROTTLE.windowMs + 1);
    await uow.transaction((db) =>
      putThrottle(db, { key: 'fresh', failures: 1, windowStartedAt: t.clock.now(), blockedUntil: null }),
    );

    // Before the idempotency key expires: sessions and the stale throttle go.
    expect(await runHousekeeping(serviceDeps(t.deps))).toEqual({
      sessions: 2,
      idempotencyKeys: 0,
      loginThrottles: 1,
    });
    const sessions = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(sessions.map((s) => s.id)).toEqual([alive]);
    const throttles = await t.database.db.selectFrom('login_throttle').select('key').orderBy('key').execute();
    expect(throttles.map((r) => r.key)).toEqual(['blocking', 'fresh']);

    // A day later: the key has expired, and nothing is in use any more.
    t.clock.set(start + IDEMPOTENCY_TTL_MS + 1);
    await key('new');
    expect(await runHousekeeping(serviceDeps(t.deps))).toEqual({
      sessions: 1,
      idempotencyKeys: 1,
      loginThrottles: 2,
    });
    const keys = await t.database.db.selectFrom('idempotency_keys').select('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['new']);
    // A second pass finds nothing more.
    expect(await runHousekeeping(serviceDeps(t.deps))).toEqual({
      sessions: 0,
      idempotencyKeys: 0,
      loginThrottles: 0,
    });
  });

  it('runs on its interval until stopped', async () => {
    let passes = 0;
    const errors: unknown[] = [];
    const counting = {
      now: () => {
        passes += 1;
        return t.clock.now();
      },
    };
    const job = startHousekeeping(
      { ...serviceDeps(t.deps), clock: counting },
      (error) => errors.push(error),
      20,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    job.stop();
    const seen = passes;
    expect(seen).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes).toBe(seen);
    expect(errors).toEqual([]);
    // The app's schedule: often enough that the tables stay small, rarely enough to cost nothing.
    expect(HOUSEKEEPING_INTERVAL_MS).toBe(10 * 60_000);
  });
});
