/**
 * The engine under real concurrency. On PostgreSQL over real HTTP (app.listen on port 0 + fetch):
 * the requests run in parallel transactions on several pool connections (the atomic sequence
 * upsert, FOR UPDATE on the counter, SKIP LOCKED on the next ticket). On SQLite through
 * app.inject, concurrently too: the single writer serialises the transactions. Either way: unique gap-free numbers, no ticket called twice, none lost, and
 * never two active tickets at one counter.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDb } from '../../test/db';
import type { IssuedTicket } from '@antrean/shared/domain/ticket/ticket';
import {
  buildEngineApp,
  buildQueueScenario,
  errorOf,
  concurrentPoster,
  listen,
  nextIp,
  ticketOf,
  type EngineApp,
  type QueueScenario,
} from '../../test/engine-helpers';

describeWithDb('queue engine under concurrency', () => {
  let t: EngineApp;
  let post: ReturnType<typeof concurrentPoster>;
  beforeAll(async () => {
    // TRUST_PROXY: each request names its own client address (X-Forwarded-For), so the
    // per-IP rate limit of the issue route (120/min) does not cap the burst.
    t = await buildEngineApp({ poolSize: 10, env: { TRUST_PROXY: 'true' } });
    post = concurrentPoster(t.app, t.database, await listen(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  /** Issues `count` tickets at once, alternating services and credentials (cookie, kiosk, API key). */
  async function issueConcurrently(s: QueueScenario, count: number) {
    return Promise.all(
      Array.from({ length: count }, (_, i) => {
        const service = s.services[i % s.services.length];
        if (!service) throw new Error('service');
        const via = i % 3;
        const headers: Record<string, string> = { 'x-forwarded-for': nextIp() };
        if (via === 1) headers['x-kiosk-code'] = s.kiosk.code;
        if (via === 2) headers['x-api-key'] = s.apiKey.key;
        const channel = via === 0 ? 'operator' : via === 1 ? 'kiosk' : 'api';
        return post(`/api/v1/branches/${s.branch.id}/tickets`, {
          ...(via === 0 ? { cookie: s.cookies.operator } : {}),
          headers,
          body: { serviceId: service.id, channel },
        });
      }),
    );
  }

  const activeViolations = async (tenantId: string) => {
    const rows = await t.database.db
      .selectFrom('tickets')
      .select(['counter_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', ['calling', 'called', 'serving'])
      .groupBy('counter_id')
      .execute();
    return rows.filter((r) => Number(r.n) > 1);
  };

  it('200 concurrent creations across 2 services → numbers unique and contiguous 1..N per service; rows match', async () => {
    const s = await buildQueueScenario(t, { serviceCodes: ['A', 'B'] });
    const responses = await issueConcurrently(s, 200);
    const failures = responses.filter((r) => r.status !== 201);
    expect(failures.map((r) => `${r.status} ${r.body}`)).toEqual([]);

    for (const service of s.services) {
      const mine = responses.map((r) => r.json() as IssuedTicket).filter((b) => b.serviceId === service.id);
      expect(mine).toHaveLength(100);
      const seqs = mine.map((b) => Number(b.number.slice(service.code.length))).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(new Set(mine.map((b) => b.number)).size).toBe(100);
      expect(mine.every((b) => b.number.startsWith(service.code))).toBe(true);

      const rows = await t.database.db
        .selectFrom('tickets')
        .select(['seq', 'number', 'id'])
        .where('branch_id', '=', s.branch.id)
        .where('service_id', '=', service.id)
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(mine.map((b) => b.id)));
      const sequence = await t.database.db
        .selectFrom('ticket_sequences')
        .select('last_seq')
        .where('branch_id', '=', s.branch.id)
        .where('service_id', '=', service.id)
        .executeTakeFirstOrThrow();
      expect(sequence.last_seq).toBe(100);
    }
    const issuedEvents = await t.database.db
      .selectFrom('ticket_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('branch_id', '=', s.branch.id)
      .where('type', '=', 'ticket.issued')
      .executeTakeFirstOrThrow();
    expect(Number(issuedEvents.n)).toBe(200);
  }, 60_000);

  it('2 callers × 100 concurrent call-next → no ticket called twice, none lost, never two active tickets at a counter', async () => {
    // Two counters both serving service A; 200 waiting tickets.
    const s = await buildQueueScenario(t, { serviceCodes: ['A'], counterServices: [[0], [0]] });
    const issued = await issueConcurrently(s, 200);
    expect(issued.every((r) => r.status === 201)).toBe(true);

    // A concurrent observer: at no instant may a counter hold two active tickets.
    const observing = { on: true };
    const violations: unknown[] = [];
    const observer = (async () => {
      while (observing.on) {
        const bad = await activeViolations(s.tenantId);
        if (bad.length > 0) violations.push(bad);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    const unexpected: string[] = [];
    const caller = async (cookie: string, counterId: string): Promise<{ id: string; seq: number }[]> => {
      const called: { id: string; seq: number }[] = [];
      for (let guard = 0; guard < 400; guard++) {
        const next = await post(`/api/v1/counters/${counterId}/call-next`, { cookie });
        if (next.status === 409 && errorOf(next).code === 'QUEUE_EMPTY') return called;
        if (next.status !== 200) {
          unexpected.push(`call-next ${next.status} ${next.body}`);
          continue;
        }
        const ticket = ticketOf(next);
        expect(ticket).toMatchObject({ status: 'calling', counterId });
        called.push({ id: ticket.id, seq: Number(ticket.number.slice(1)) });
        for (const action of ['serve', 'finish']) {
          const r = await post(`/api/v1/tickets/${ticket.id}/${action}`, { cookie });
          if (r.status !== 200) unexpected.push(`${action} ${r.status} ${r.body}`);
        }
      }
      return called;
    };
    const [c1, c2] = s.counters;
    if (!c1 || !c2) throw new Error('counters');
    const [one, two] = await Promise.all([caller(s.cookies.caller, c1.id), caller(s.cookies.caller2, c2.id)]);
    observing.on = false;
    await observer;

    expect(unexpected).toEqual([]);
    expect(violations).toEqual([]);
    const all = [...one, ...two];
    expect(all).toHaveLength(200);
    expect(new Set(all.map((x) => x.id)).size).toBe(200);
    // Both counters really worked (the race was real), each in queue order.
    expect(one.length).toBeGreaterThan(0);
    expect(two.length).toBeGreaterThan(0);
    for (const list of [one, two]) {
      const seqs = list.map((x) => x.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }

    const calledEvents = await t.database.db
      .selectFrom('ticket_events')
      .select(['ticket_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('branch_id', '=', s.branch.id)
      .where('type', '=', 'ticket.called')
      .groupBy('ticket_id')
      .execute();
    expect(calledEvents).toHaveLength(200);
    expect(calledEvents.filter((e) => Number(e.n) !== 1)).toEqual([]);

    const statuses = await t.database.db
      .selectFrom('tickets')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('branch_id', '=', s.branch.id)
      .groupBy('status')
      .execute();
    expect(statuses.map((r) => [r.status, Number(r.n)])).toEqual([['finished', 200]]);
    // 800 HTTP requests: generous for a loaded 2-core machine.
  }, 120_000);

  it('hourly limit under a burst: 30 concurrent kiosk issues against a limit of 7 → exactly 7 tickets (A001…A007), 23 × 409 full', async () => {
    const s = await buildQueueScenario(t, { serviceCodes: ['A'] });
    const service = s.services[0];
    if (!service) throw new Error('service');
    await t.f.buildSchedule({
      branchId: s.branch.id,
      serviceId: service.id,
      start: '00:00',
      end: '24:00',
      hourlyLimit: 7,
    });
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(`/api/v1/branches/${s.branch.id}/tickets`, {
          headers: { 'x-kiosk-code': s.kiosk.code, 'x-forwarded-for': nextIp() },
          body: { serviceId: service.id, channel: 'kiosk' },
        }),
      ),
    );
    const issued = responses.filter((r) => r.status === 201).map((r) => (r.json() as IssuedTicket).number);
    expect(issued.sort()).toEqual(['A001', 'A002', 'A003', 'A004', 'A005', 'A006', 'A007']);
    const refused = responses
      .filter((r) => r.status !== 201)
      .map(
        (r) =>
          `${r.status} ${errorOf(r).code} ${String((errorOf(r).details as { reason?: string } | undefined)?.reason)}`,
      );
    expect(refused).toEqual(Array.from({ length: 23 }, () => '409 SERVICE_NOT_AVAILABLE full'));
    const rows = await t.database.db
      .selectFrom('tickets')
      .select('seq')
      .where('branch_id', '=', s.branch.id)
      .execute();
    expect(rows).toHaveLength(7);
    const sequence = await t.database.db
      .selectFrom('ticket_sequences')
      .select('last_seq')
      .where('branch_id', '=', s.branch.id)
      .executeTakeFirstOrThrow();
    expect(Number(sequence.last_seq)).toBe(7);
  }, 60_000);

  it('simultaneous call-next on ONE counter (both callers, 5 rounds × 8 requests) → exactly one wins, the rest COUNTER_BUSY', async () => {
    const s = await buildQueueScenario(t, { serviceCodes: ['A'], counterServices: [[0]] });
    const issued = await issueConcurrently(s, 10);
    expect(issued.every((r) => r.status === 201)).toBe(true);
    const counter = s.counters[0];
    if (!counter) throw new Error('counter');
    for (let round = 0; round < 5; round++) {
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(`/api/v1/counters/${counter.id}/call-next`, {
            cookie: i % 2 === 0 ? s.cookies.caller : s.cookies.caller2,
          }),
        ),
      );
      const won = responses.filter((r) => r.status === 200);
      expect(won, `round ${round}`).toHaveLength(1);
      const codes = responses.filter((r) => r.status !== 200).map((r) => `${r.status} ${errorOf(r).code}`);
      expect(codes).toEqual(Array.from({ length: 7 }, () => '409 COUNTER_BUSY'));
      expect(await activeViolations(s.tenantId)).toEqual([]);
      const ticket = ticketOf(won[0]!);
      // The caller who won works the ticket (a caller may not work another caller's call).
      const winner =
        responses.findIndex((r) => r.status === 200) % 2 === 0 ? s.cookies.caller : s.cookies.caller2;
      for (const action of ['serve', 'finish']) {
        expect((await post(`/api/v1/tickets/${ticket.id}/${action}`, { cookie: winner })).status).toBe(200);
      }
    }
    const called = await t.database.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('branch_id', '=', s.branch.id)
      .where('status', '=', 'finished')
      .executeTakeFirstOrThrow();
    expect(Number(called.n)).toBe(5);
  }, 60_000);
});
