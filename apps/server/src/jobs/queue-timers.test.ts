/**
 * Time-driven transitions (announcement done after 10 s, auto-serve after the branch's delay),
 * driven by hand with a manual clock (the apps are built with `timers: false`). They are derived
 * from stored times, so a restarted server (a new app on the same database) performs them too,
 * and two servers running the pass at once perform each transition once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../test/app';
import { createTestDatabase, describeWithDb } from '../test/db';
import { ManualClock } from '../lib/clock';
import {
  buildEngineApp,
  buildQueueScenario,
  eventsOf,
  issueOk,
  sameDatabase,
  ticketApi,
  ticketRow,
  type EngineApp,
  type QueueScenario,
} from '../test/engine-helpers';

describeWithDb('queue timers', () => {
  describe('on one running app', () => {
    let t: EngineApp;
    let api: ReturnType<typeof ticketApi>;
    beforeAll(async () => {
      t = await buildEngineApp();
      api = ticketApi(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    async function calledTicket(s: QueueScenario) {
      const ticket = await issueOk(t.app, s);
      const call = await api.callNext(s.counters[0]?.id ?? '', s.cookies.caller);
      expect(call.json()).toMatchObject({ id: ticket.id, status: 'calling' });
      return ticket;
    }

    it('calling → called 10 s after the call (not before), as a system event; a second pass does nothing', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A'] });
      const start = t.clock.now();
      const ticket = await calledTicket(s);
      t.clock.advance(9_999);
      expect((await t.runTimers()).announced).toBe(0);
      expect((await ticketRow(t.database, ticket.id)).status).toBe('calling');
      t.clock.advance(1);
      expect((await t.runTimers()).announced).toBe(1);
      expect((await ticketRow(t.database, ticket.id)).status).toBe('called');
      expect((await eventsOf(t.database, ticket.id)).at(-1)).toMatchObject({
        type: 'ticket.announced',
        from_status: 'calling',
        to_status: 'called',
        actor_kind: 'system',
        actor_id: null,
        counter_id: s.counters[0]?.id,
        at: start + 10_000,
      });
      expect(await t.runTimers()).toEqual({ announced: 0, served: 0, expired: 0 });
      // Without auto-serve the ticket waits for the caller, however long.
      t.clock.advance(3600_000);
      expect((await t.runTimers()).served).toBe(0);
      expect((await ticketRow(t.database, ticket.id)).status).toBe('called');
      await api.act(ticket.id, 'serve', s.cookies.caller);
      await api.act(ticket.id, 'finish', s.cookies.caller);
    });

    it('a display acknowledging the announcement moves it to called at once', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A'] });
      const ticket = await calledTicket(s);
      // Another branch's ack is ignored.
      await t.live.tickets.acknowledgeAnnouncement(
        (await t.f.buildBranch({ tenantId: s.tenantId })).id,
        s.tenantId,
        ticket.id,
      );
      expect((await ticketRow(t.database, ticket.id)).status).toBe('calling');
      await t.live.tickets.acknowledgeAnnouncement(s.branch.id, s.tenantId, ticket.id);
      expect((await ticketRow(t.database, ticket.id)).status).toBe('called');
      // And the 10 s timer then has nothing to do for it.
      t.clock.advance(20_000);
      expect((await t.runTimers()).announced).toBe(0);
      expect(
        (await eventsOf(t.database, ticket.id)).filter((e) => e.type === 'ticket.announced'),
      ).toHaveLength(1);
      await api.act(ticket.id, 'serve', s.cookies.caller);
      await api.act(ticket.id, 'finish', s.cookies.caller);
    });

    it('auto-serve: serving once the branch delay has passed since the call (branches.auto_serve = 1)', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A'] });
      await t.database.db
        .updateTable('branches')
        .set({ auto_serve: 1, auto_serve_delay_seconds: 30 })
        .where('id', '=', s.branch.id)
        .execute();
      const calledAt = t.clock.now();
      const ticket = await calledTicket(s);
      t.clock.advance(29_000);
      const early = await t.runTimers();
      expect(early).toMatchObject({ announced: 1, served: 0 });
      expect((await ticketRow(t.database, ticket.id)).status).toBe('called');
      t.clock.advance(1_000);
      expect((await t.runTimers()).served).toBe(1);
      expect(await ticketRow(t.database, ticket.id)).toMatchObject({
        status: 'serving',
        serving_started_at: calledAt + 30_000,
      });
      expect((await eventsOf(t.database, ticket.id)).at(-1)).toMatchObject({
        type: 'ticket.serving',
        from_status: 'called',
        to_status: 'serving',
        actor_kind: 'system',
      });
      // Serving time counts from the automatic start.
      t.clock.advance(60_000);
      expect((await api.act(ticket.id, 'finish', s.cookies.caller)).json()).toMatchObject({
        status: 'finished',
        serviceSeconds: 60,
      });
    });
  });

  describe('across a restart and across two servers', () => {
    it('a new app on the same database performs the transitions the old one never ran (from stored times)', async () => {
      const database = await createTestDatabase();
      const clock = new ManualClock(TEST_NOW);
      try {
        const first = await buildEngineApp({ database, clock });
        const s = await buildQueueScenario(first, { serviceCodes: ['A', 'B'] });
        await database.db
          .updateTable('branches')
          .set({ auto_serve: 1, auto_serve_delay_seconds: 20 })
          .where('id', '=', s.branch.id)
          .execute();
        const api = ticketApi(first.app);
        const a = await issueOk(first.app, s, 0);
        const b = await issueOk(first.app, s, 1);
        await api.callNext(s.counters[0]?.id ?? '', s.cookies.caller);
        clock.advance(15_000);
        await api.callNext(s.counters[1]?.id ?? '', s.cookies.caller2);
        // The server stops before any timer ran.
        await first.close();

        clock.advance(10_000); // a: called 25 s ago; b: 10 s ago.
        const second = await buildEngineApp({ database, clock });
        try {
          expect(await second.runTimers()).toEqual({ announced: 2, served: 1, expired: 0 });
          expect((await ticketRow(database, a.id)).status).toBe('serving');
          expect((await ticketRow(database, b.id)).status).toBe('called');
          // Both transitions of one pass are stored in the order they happened.
          expect((await eventsOf(database, a.id)).map((e) => e.type)).toEqual([
            'ticket.issued',
            'ticket.called',
            'ticket.announced',
            'ticket.serving',
          ]);
          clock.advance(9_999); // b: called 19.999 s ago
          expect((await second.runTimers()).served).toBe(0);
          clock.advance(1);
          expect((await second.runTimers()).served).toBe(1);
          expect((await ticketRow(database, b.id)).status).toBe('serving');
        } finally {
          await second.close();
        }
      } finally {
        await database.close();
      }
    });

    it('after a downtime, the announcement and the serving start are stored at the time they were due, in the order they were due', async () => {
      const database = await createTestDatabase();
      const clock = new ManualClock(TEST_NOW);
      try {
        const first = await buildEngineApp({ database, clock });
        const slow = await buildQueueScenario(first, { serviceCodes: ['A'] });
        const fast = await buildQueueScenario(first, { serviceCodes: ['A'] });
        await database.db
          .updateTable('branches')
          .set({ auto_serve: 1, auto_serve_delay_seconds: 30 })
          .where('id', '=', slow.branch.id)
          .execute();
        await database.db
          .updateTable('branches')
          .set({ auto_serve: 1, auto_serve_delay_seconds: 5 })
          .where('id', '=', fast.branch.id)
          .execute();
        const api = ticketApi(first.app);
        const a = await issueOk(first.app, slow);
        const b = await issueOk(first.app, fast);
        const calledAt = clock.now();
        await api.callNext(slow.counters[0]?.id ?? '', slow.cookies.caller);
        await api.callNext(fast.counters[0]?.id ?? '', fast.cookies.caller);
        await first.close();

        clock.advance(10 * 60_000); // down for ten minutes
        const second = await buildEngineApp({ database, clock });
        try {
          expect(await second.runTimers()).toEqual({ announced: 1, served: 2, expired: 0 });
          // 30 s delay: announced at +10 s, serving from +30 s (not from the restart).
          expect(await ticketRow(database, a.id)).toMatchObject({
            status: 'serving',
            serving_started_at: calledAt + 30_000,
            updated_at: calledAt + 30_000,
          });
          expect((await eventsOf(database, a.id)).map((e) => [e.type, e.at])).toEqual([
            ['ticket.issued', calledAt],
            ['ticket.called', calledAt],
            ['ticket.announced', calledAt + 10_000],
            ['ticket.serving', calledAt + 30_000],
          ]);
          // 5 s delay: auto-serve was due before the announcement, so calling → serving at +5 s,
          // as an on-time pass would have done.
          expect(await ticketRow(database, b.id)).toMatchObject({
            status: 'serving',
            serving_started_at: calledAt + 5_000,
          });
          expect((await eventsOf(database, b.id)).map((e) => [e.type, e.from_status, e.at])).toEqual([
            ['ticket.issued', null, calledAt],
            ['ticket.called', 'waiting', calledAt],
            ['ticket.serving', 'calling', calledAt + 5_000],
          ]);
          // The service duration counts from the due start.
          clock.advance(60_000);
          expect((await ticketApi(second.app).act(a.id, 'finish', slow.cookies.caller)).json()).toMatchObject(
            {
              status: 'finished',
              serviceSeconds: 10 * 60 + 60 - 30,
            },
          );
        } finally {
          await second.close();
        }
      } finally {
        await database.close();
      }
    });

    it('two servers running the pass at the same time perform each transition exactly once', async () => {
      const database = await createTestDatabase();
      const other = sameDatabase(database, 4);
      const clock = new ManualClock(TEST_NOW);
      const a = await buildEngineApp({ database, clock });
      const b = await buildEngineApp({ database: other, clock });
      try {
        const tickets = [];
        const api = ticketApi(a.app);
        // Ten counters, each with a call in progress.
        const s = await buildQueueScenario(a, {
          serviceCodes: ['A'],
          counterServices: Array.from({ length: 10 }, () => [0]),
        });
        for (let i = 0; i < 10; i++) tickets.push(await issueOk(a.app, s));
        for (const counter of s.counters) {
          expect((await api.callNext(counter.id, s.cookies.caller)).statusCode).toBe(200);
        }
        clock.advance(10_000);
        const [ra, rb] = await Promise.all([a.runTimers(), b.runTimers()]);
        expect(ra.announced + rb.announced).toBe(10);
        for (const ticket of tickets) {
          expect((await ticketRow(database, ticket.id)).status).toBe('called');
          expect(
            (await eventsOf(database, ticket.id)).filter((e) => e.type === 'ticket.announced'),
          ).toHaveLength(1);
        }
      } finally {
        await b.close();
        await a.close();
        await other.close();
        await database.close();
      }
    });
  });
});
