/**
 * The outbox worker: backoff with jitter and Retry-After, bounded tries, permanent failures, and
 * two workers (two nodes) delivering at once never send a message twice (FOR UPDATE SKIP LOCKED
 * on PostgreSQL, the lease on both).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeWithDb } from '../test/db';
import { buildEngineApp, type EngineApp } from '../test/engine-helpers';
import { startFakeWhatsApp } from '../test/fake-whatsapp';
import { loginAs, type TenantGraph } from '../test/factories';
import { serviceDeps } from '../lib/deps';
import { createSecretBox } from '../lib/secret-box';
import { createMessaging } from '../modules/settings/messaging';
import { enqueueMessage } from '../modules/messaging/outbox.repository';
import { OUTBOX, deliverOutbox, nextAttemptAt, retryAfterMs } from './outbox-worker';

const NOW = Date.UTC(2026, 10, 25, 3, 0, 0);

describe('retry timing', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('120', NOW)).toBe(120_000);
    expect(retryAfterMs(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(retryAfterMs(new Date(NOW - 5_000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(retryAfterMs(null, NOW)).toBeNull();
  });

  it('doubles the delay per try with jitter between half and all of it, capped at 30 min', () => {
    const low = () => 0;
    const high = () => 1;
    expect(nextAttemptAt(1, NOW, low) - NOW).toBe(15_000);
    expect(nextAttemptAt(1, NOW, high) - NOW).toBe(30_000);
    expect(nextAttemptAt(3, NOW, high) - NOW).toBe(120_000);
    expect(nextAttemptAt(3, NOW, () => 0.5) - NOW).toBe(90_000);
    expect(nextAttemptAt(20, NOW, high) - NOW).toBe(OUTBOX.maxDelayMs);
    expect(nextAttemptAt(20, NOW, low) - NOW).toBe(OUTBOX.maxDelayMs / 2);
  });

  it('never retries before Retry-After, and bounds what a provider may ask', () => {
    expect(nextAttemptAt(1, NOW, () => 1, '600') - NOW).toBe(600_000);
    expect(nextAttemptAt(1, NOW, () => 1, '1') - NOW).toBe(30_000);
    expect(nextAttemptAt(1, NOW, () => 1, '999999') - NOW).toBe(OUTBOX.maxRetryAfterMs);
  });
});

describeWithDb('outbox worker', () => {
  let t: EngineApp;
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  let g: TenantGraph;
  let seq = 0;

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    t = await buildEngineApp({ env: { WHATSAPP_API_URL: fake.url }, now: NOW });
    g = await t.f.buildTenantGraph();
    const admin = await loginAs(t.app, g.users.admin.username);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: { cookie: admin },
      payload: {
        defaultLanguage: 'id',
        checkInBeforeMinutes: 30,
        checkInAfterMinutes: 15,
        skipLimit: 3,
        reviewTimeoutSeconds: 10,
        whatsappProvider: 'whatsapp-cloud',
        whatsappPhoneNumberId: '777',
        whatsappAccessToken: 'token-777',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.requests.length = 0;
    fake.respond(null);
    // Each test starts from an empty outbox.
    await t.database.db.deleteFrom('message_outbox').execute();
  });

  const enqueue = async (provider = 'whatsapp-cloud') => {
    seq += 1;
    await t.database.db.transaction().execute((trx) =>
      enqueueMessage(trx, {
        tenantId: g.tenant.id,
        provider,
        recipient: '+6281200000000',
        template: 'virtual_ticket',
        language: 'id',
        payload: { number: `A${seq}`, serviceName: 'Teller', branchName: 'KC', peopleAhead: 0, link: '/x' },
        dedupeKey: `w:${seq}`,
        now: t.clock.now(),
      }),
    );
    return `w:${seq}`;
  };
  const rowBy = (dedupeKey: string) =>
    t.database.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirstOrThrow();
  const deps = () => serviceDeps(t.deps);
  const providers = () => createMessaging(deps(), createSecretBox(t.deps.config), () => undefined).providers;
  const deliver = (random = () => 0.5) => {
    const p = providers();
    return deliverOutbox(deps(), (name) => p[name], random);
  };

  it('two workers at once send each message exactly once', async () => {
    const keys = [];
    for (let i = 0; i < 6; i += 1) keys.push(await enqueue());
    fake.respond({
      status: 200,
      body: { messages: [{ id: 'wamid.slow' }] },
      delayMs: 50,
    });
    const [a, b] = await Promise.all([deliver(), deliver()]);
    expect(a.sent + b.sent).toBe(6);
    expect(fake.requests).toHaveLength(6);
    const numbers = fake.requests.map((r) => JSON.stringify(r.body));
    expect(new Set(numbers).size).toBe(6);
    for (const key of keys) expect(await rowBy(key)).toMatchObject({ status: 'sent', attempts: 1 });
    // Nothing is left to claim.
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
  });

  it('a leased row is not claimed again until its lease runs out', async () => {
    const key = await enqueue();
    const row = await rowBy(key);
    await t.database.db
      .updateTable('message_outbox')
      .set({ locked_until: t.clock.now() + 10_000 })
      .where('id', '=', row.id)
      .execute();
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(10_001);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
  });

  it('retries a passing failure with backoff, and gives up after the last try with the error kept', async () => {
    const key = await enqueue();
    fake.respond({ status: 503, body: { error: { message: 'Service unavailable', code: 2 } } });
    expect(await deliver(() => 1)).toEqual({ sent: 0, failed: 1 });
    const first = await rowBy(key);
    expect(first).toMatchObject({
      status: 'retrying',
      attempts: 1,
      last_error: 'HTTP 503: Service unavailable',
      next_attempt_at: t.clock.now() + 30_000,
    });
    // Not due yet: nothing is sent.
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    await t.database.db
      .updateTable('message_outbox')
      .set({ attempts: OUTBOX.maxAttempts - 1 })
      .where('id', '=', first.id)
      .execute();
    t.clock.advance(30_000);
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(await rowBy(key)).toMatchObject({
      status: 'failed',
      attempts: OUTBOX.maxAttempts,
      last_error: 'HTTP 503: Service unavailable',
      status_at: t.clock.now(),
    });
    t.clock.advance(OUTBOX.maxDelayMs);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
  });

  it('a message for a provider that does not exist fails for good at once', async () => {
    const key = await enqueue('carrier-pigeon');
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(await rowBy(key)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'no provider carrier-pigeon',
    });
  });
});
