/**
 * PostgreSQL mode: several server processes share one database, and an event published on one
 * reaches live subscribers on all of them (LISTEN/NOTIFY after commit). Two apps with their own
 * pools on the SAME database stand in for two processes. PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { ManualClock } from '../lib/clock';
import { TEST_NOW } from '../test/app';
import { loginAs } from '../test/factories';
import { TEST_DB_KIND, createTestDatabase, isTestDbAvailable } from '../test/db';
import {
  LiveClient,
  buildEngineApp,
  buildQueueScenario,
  issueOk,
  listen,
  nextIp,
  sameDatabase,
  settle,
  ticketApi,
  type EngineApp,
  type Frame,
  type QueueScenario,
} from '../test/engine-helpers';

const isEvent = (topic: string, type?: string) => (f: Frame) =>
  f.topic === topic && f.type !== 'snapshot' && f.type !== 'error' && (!type || f.type === type);
const ticketIdOf = (f: Frame | undefined) =>
  (f?.data as { ticket?: { id?: string } } | undefined)?.ticket?.id;

describe.skipIf(TEST_DB_KIND !== 'postgres' || !isTestDbAvailable())(
  'two server processes on one PostgreSQL database',
  () => {
    let database: Database;
    let second: Database;
    let a: EngineApp;
    let b: EngineApp;
    let baseA: string;
    let baseB: string;
    let s: QueueScenario;
    const clients: LiveClient[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      second = sameDatabase(database, 4);
      const clock = new ManualClock(TEST_NOW);
      a = await buildEngineApp({ database, clock });
      b = await buildEngineApp({ database: second, clock });
      baseA = await listen(a.app);
      baseB = await listen(b.app);
      s = await buildQueueScenario(a, { serviceCodes: ['A'] });
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await b.close();
      await a.close();
      await second.close();
      await database.close();
    });

    const open = async (base: string, headers: Record<string, string> = {}) => {
      const client = await LiveClient.open(base, headers);
      clients.push(client);
      return client;
    };

    it('a subscriber on B receives ticket.issued / ticket.called made through A (staff, display and ticket topics), and A’s own subscriber gets each once', async () => {
      const branchTopic = `branch:${s.branch.id}`;
      const displayTopic = `display:${s.display.code}`;
      const onB = await open(baseB, { cookie: s.cookies.operator });
      const displayOnB = await open(baseB);
      const onA = await open(baseA, { cookie: s.cookies.operator });
      onB.subscribe([branchTopic]);
      displayOnB.subscribe([displayTopic]);
      onA.subscribe([branchTopic]);
      await onB.waitFor((f) => f.type === 'snapshot');
      await displayOnB.waitFor((f) => f.type === 'snapshot');
      await onA.waitFor((f) => f.type === 'snapshot');

      const ticket = await issueOk(a.app, s, 0, { phone: '081200001111' });
      const ticketTopic = `ticket:${ticket.uniqueCode}`;
      const holderOnB = await open(baseB);
      holderOnB.subscribe([ticketTopic]);
      await holderOnB.waitFor((f) => f.type === 'snapshot');
      const called = await ticketApi(a.app).callNext(s.counters[0]?.id ?? '', s.cookies.caller);
      expect(called.statusCode).toBe(200);

      const events = await onB.waitFor(isEvent(branchTopic), 2);
      expect(events.map((e) => e.type)).toEqual(['ticket.issued', 'ticket.called']);
      expect(events.map(ticketIdOf)).toEqual([ticket.id, ticket.id]);
      expect(Number(events[1]?.seq)).toBeGreaterThan(Number(events[0]?.seq));
      expect(events[1]?.data).toMatchObject({
        ticket: { status: 'calling', counterId: s.counters[0]?.id },
        fromStatus: 'waiting',
      });

      const onDisplay = await displayOnB.waitFor(isEvent(displayTopic), 2);
      expect(onDisplay.map((e) => e.type)).toEqual(['ticket.issued', 'ticket.called']);
      expect(JSON.stringify(displayOnB.frames)).not.toContain('81200001111');
      const [holderEvent] = await holderOnB.waitFor(isEvent(ticketTopic, 'ticket.called'));
      expect(ticketIdOf(holderEvent)).toBe(ticket.id);

      await onA.waitFor(isEvent(branchTopic), 2);
      await settle(300);
      // Local delivery once; the NOTIFY echo of A's own event is not delivered again.
      expect(onA.matching(isEvent(branchTopic)).map((e) => e.type)).toEqual([
        'ticket.issued',
        'ticket.called',
      ]);
      expect(onB.matching(isEvent(branchTopic)).map((e) => e.type)).toEqual([
        'ticket.issued',
        'ticket.called',
      ]);
    });

    it('and the other way round: a transition made through B reaches A; a refused one publishes nothing anywhere', async () => {
      const branchTopic = `branch:${s.branch.id}`;
      const onA = await open(baseA, { cookie: s.cookies.admin });
      onA.subscribe([branchTopic]);
      await onA.waitFor((f) => f.type === 'snapshot');
      const ticket = await issueOk(b.app, s);
      const [issued] = await onA.waitFor(isEvent(branchTopic, 'ticket.issued'));
      expect(ticketIdOf(issued)).toBe(ticket.id);

      const refused = await ticketApi(b.app).act(ticket.id, 'finish', s.cookies.caller);
      expect(refused.statusCode).toBe(409);
      await settle(300);
      expect(onA.matching(isEvent(branchTopic)).map((e) => e.type)).toEqual(['ticket.issued']);
      await ticketApi(b.app).act(ticket.id, 'cancel', s.cookies.operator);
      const [cancelled] = await onA.waitFor(isEvent(branchTopic, 'ticket.cancelled'));
      expect(ticketIdOf(cancelled)).toBe(ticket.id);
    });

    it('a logout through A cuts the session’s socket on B off its staff topics (issue 13 item 1, across nodes)', async () => {
      const branchTopic = `branch:${s.branch.id}`;
      const cookie = await loginAs(a.app, s.users.operator.username, s.users.operator.password, {
        remoteAddress: nextIp(),
      });
      const onB = await open(baseB, { cookie });
      onB.subscribe([branchTopic]);
      await onB.waitFor((f) => f.type === 'snapshot');
      const out = await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
      expect(out.statusCode).toBeLessThan(300);
      const [cut] = await onB.waitFor((f) => f.type === 'error' && f.topic === branchTopic);
      expect(cut).toMatchObject({ code: 'AUTH_REQUIRED' });
      const ticket = await issueOk(a.app, s);
      await settle(300);
      expect(onB.matching(isEvent(branchTopic))).toEqual([]);
      await ticketApi(a.app).act(ticket.id, 'cancel', s.cookies.operator);
    });
  },
);
