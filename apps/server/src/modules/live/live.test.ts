/**
 * `/api/v1/live` over a real socket (app.listen on port 0 + the `ws` client): snapshot then events
 * with increasing seq, resume with lastSeq/epoch, topic access rules (staff session of the tenant,
 * display code, ticket code), public data only on public topics, and the Origin check at upgrade.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeWithDb } from '../../test/db';
import {
  LiveClient,
  buildEngineApp,
  buildQueueScenario,
  issueOk,
  listen,
  settle,
  ticketApi,
  ticketRow,
  type EngineApp,
  type Frame,
  type QueueScenario,
} from '../../test/engine-helpers';

const isEvent = (topic: string, type?: string) => (f: Frame) =>
  f.topic === topic && f.type !== 'snapshot' && f.type !== 'error' && (!type || f.type === type);
const isSnapshot = (topic: string) => (f: Frame) => f.topic === topic && f.type === 'snapshot';
const isError = (topic: string) => (f: Frame) => f.topic === topic && f.type === 'error';
const ticketIdOf = (f: Frame) => (f.data as { ticket?: { id?: string } } | undefined)?.ticket?.id;

describeWithDb('live WebSocket /api/v1/live', () => {
  let t: EngineApp;
  let base: string;
  let api: ReturnType<typeof ticketApi>;
  let s: QueueScenario;
  const clients: LiveClient[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const client = await LiveClient.open(base, headers);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await buildEngineApp();
    base = await listen(t.app);
    api = ticketApi(t.app);
  });
  // A branch of its own per test: no ticket of one test is in another's queue.
  beforeEach(async () => {
    s = await buildQueueScenario(t, { serviceCodes: ['A'] });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('staff branch topic', () => {
    it('snapshot, then ticket.issued / ticket.called with strictly increasing seq; reconnect with lastSeq + epoch → exactly the missed events; stale epoch → snapshot', async () => {
      const topic = `branch:${s.branch.id}`;
      const client = await open({ cookie: s.cookies.operator });
      client.subscribe([topic]);
      const [snapshot] = await client.waitFor(isSnapshot(topic));
      expect(snapshot).toMatchObject({
        type: 'snapshot',
        topic,
        seq: expect.any(Number),
        epoch: expect.any(String),
        data: { branchId: s.branch.id, serviceDay: '2026-01-05' },
      });
      const epoch = String(snapshot?.epoch);
      const seq0 = Number(snapshot?.seq);

      const issued = await issueOk(t.app, s, 0, { phone: '081277776666' });
      const called = await api.callNext(s.counters[0]?.id ?? '', s.cookies.caller);
      expect(called.statusCode).toBe(200);
      const events = await client.waitFor(isEvent(topic), 2);
      expect(events.map((e) => e.type)).toEqual(['ticket.issued', 'ticket.called']);
      expect(events.map((e) => e.seq)).toEqual([seq0 + 1, seq0 + 2]);
      expect(events[0]).toMatchObject({
        topic,
        data: { ticket: { id: issued.id, number: issued.number, status: 'waiting' }, fromStatus: null },
      });
      expect(events[1]).toMatchObject({
        data: {
          ticket: { id: issued.id, status: 'calling', counterId: s.counters[0]?.id },
          fromStatus: 'waiting',
        },
      });
      // Staff see the phone (public topics must not, below).
      expect(JSON.stringify(events[0]?.data)).toContain('081277776666');
      await client.close();

      // While disconnected: three more transitions.
      await api.act(issued.id, 'serve', s.cookies.caller);
      const missed = await issueOk(t.app, s);
      await api.act(issued.id, 'finish', s.cookies.caller);

      const back = await open({ cookie: s.cookies.operator });
      back.subscribe([topic], { lastSeq: { [topic]: seq0 + 2 }, epoch });
      const replay = await back.waitFor(isEvent(topic), 3);
      expect(replay.map((e) => [e.type, e.seq])).toEqual([
        ['ticket.serving', seq0 + 3],
        ['ticket.issued', seq0 + 4],
        ['ticket.finished', seq0 + 5],
      ]);
      expect(ticketIdOf(replay[1]!)).toBe(missed.id);
      // Live again afterwards, and no snapshot was sent.
      await api.act(missed.id, 'cancel', s.cookies.operator);
      const [live] = await back.waitFor((f) => isEvent(topic, 'ticket.cancelled')(f));
      expect(live?.seq).toBe(seq0 + 6);
      await settle();
      expect(back.matching(isSnapshot(topic))).toEqual([]);
      expect(back.matching(isEvent(topic)).map((e) => e.seq)).toEqual([
        seq0 + 3,
        seq0 + 4,
        seq0 + 5,
        seq0 + 6,
      ]);

      const stale = await open({ cookie: s.cookies.operator });
      stale.subscribe([topic], { lastSeq: { [topic]: seq0 + 2 }, epoch: 'not-the-epoch' });
      const [fresh] = await stale.waitFor(isSnapshot(topic));
      expect(fresh).toMatchObject({ seq: seq0 + 6, epoch });
      await settle();
      expect(stale.matching(isEvent(topic))).toEqual([]);
    });

    it('refuses another tenant’s branch (NOT_FOUND), a branch the operator is not assigned to, an unknown topic; no session → AUTH_REQUIRED', async () => {
      const foreign = await buildQueueScenario(t, { serviceCodes: ['A'] });
      const otherBranch = await t.f.buildBranch({ tenantId: s.tenantId });
      const admin = await open({ cookie: s.cookies.admin });
      const foreignTopic = `branch:${foreign.branch.id}`;
      const foreignCounter = `counter:${foreign.counters[0]?.id ?? ''}`;
      admin.subscribe([foreignTopic, foreignCounter, 'queue:everything']);
      const [err] = await admin.waitFor(isError(foreignTopic));
      expect(err).toMatchObject({ type: 'error', topic: foreignTopic, code: 'NOT_FOUND' });
      expect((await admin.waitFor(isError(foreignCounter)))[0]).toMatchObject({ code: 'NOT_FOUND' });
      expect((await admin.waitFor(isError('queue:everything')))[0]).toMatchObject({ code: 'NOT_FOUND' });

      const operator = await open({ cookie: s.cookies.operator });
      operator.subscribe([`branch:${otherBranch.id}`]);
      expect((await operator.waitFor(isError(`branch:${otherBranch.id}`)))[0]).toMatchObject({
        code: 'NOT_FOUND',
      });

      const anonymous = await open();
      const topic = `branch:${s.branch.id}`;
      anonymous.subscribe([topic, `counter:${s.counters[0]?.id ?? ''}`]);
      expect((await anonymous.waitFor(isError(topic)))[0]).toMatchObject({ code: 'AUTH_REQUIRED' });
      expect((await anonymous.waitFor(isError(`counter:${s.counters[0]?.id ?? ''}`)))[0]).toMatchObject({
        code: 'AUTH_REQUIRED',
      });

      // Refused subscriptions receive nothing of the foreign tenant's activity.
      await issueOk(t.app, foreign);
      await issueOk(t.app, s);
      await settle();
      for (const c of [admin, anonymous]) expect(c.matching((f) => f.type === 'ticket.issued')).toEqual([]);
    });

    it('a counter topic receives its own counter’s events', async () => {
      const counter = s.counters[0]?.id ?? '';
      const topic = `counter:${counter}`;
      const client = await open({ cookie: s.cookies.caller });
      client.subscribe([topic]);
      const [snapshot] = await client.waitFor(isSnapshot(topic));
      expect(snapshot?.data).toMatchObject({ counterId: counter, activeTicket: null });
      const ticket = await issueOk(t.app, s);
      await api.callNext(counter, s.cookies.caller);
      const [called] = await client.waitFor(isEvent(topic, 'ticket.called'));
      expect(ticketIdOf(called!)).toBe(ticket.id);
      // ticket.issued has no counter: it does not reach the counter topic.
      expect(client.matching(isEvent(topic, 'ticket.issued'))).toEqual([]);
      await api.act(ticket.id, 'serve', s.cookies.caller);
      await api.act(ticket.id, 'finish', s.cookies.caller);
    });
  });

  describe('public topics', () => {
    it('display:<code> works without a session and carries public data only; its ack announces the call', async () => {
      const topic = `display:${s.display.code}`;
      const display = await open();
      display.subscribe([topic]);
      const [snapshot] = await display.waitFor(isSnapshot(topic));
      expect(snapshot?.data).toMatchObject({
        branch: { id: s.branch.id },
        serviceDay: '2026-01-05',
        counters: [{ id: s.counters[0]?.id }],
      });

      const ticket = await issueOk(t.app, s, 0, { phone: '081255554444' });
      await t.database.db
        .updateTable('tickets')
        .set({ customer_name: 'Budi Santoso' })
        .where('id', '=', ticket.id)
        .execute();
      await api.callNext(s.counters[0]?.id ?? '', s.cookies.caller);
      const [issued, called] = await display.waitFor(isEvent(topic), 2);
      expect(issued).toMatchObject({
        type: 'ticket.issued',
        data: { ticket: { id: ticket.id, number: ticket.number, status: 'waiting' } },
      });
      expect(called).toMatchObject({
        type: 'ticket.called',
        data: { ticket: { id: ticket.id, status: 'calling', counterId: s.counters[0]?.id } },
      });
      expect(Number(called?.seq)).toBeGreaterThan(Number(issued?.seq));
      const everything = JSON.stringify(display.frames);
      for (const secret of ['081255554444', 'Budi Santoso', 'phone', 'customerName']) {
        expect(everything).not.toContain(secret);
      }
      // A fresh snapshot shows the call on its counter, still without personal data.
      const late = await open();
      late.subscribe([topic]);
      const [again] = await late.waitFor(isSnapshot(topic));
      expect(again?.data).toMatchObject({ counters: [{ current: { id: ticket.id, status: 'calling' } }] });
      expect(JSON.stringify(again)).not.toContain('081255554444');

      // The display confirms the announcement: calling → called without waiting 10 s.
      display.send({ type: 'ack', ticketId: ticket.id });
      const [announced] = await display.waitFor(isEvent(topic, 'ticket.announced'));
      expect(announced?.data).toMatchObject({ ticket: { id: ticket.id, status: 'called' } });
      expect((await ticketRow(t.database, ticket.id)).status).toBe('called');
      await api.act(ticket.id, 'serve', s.cookies.caller);
      await api.act(ticket.id, 'finish', s.cookies.caller);

      const unknown = await open();
      unknown.subscribe(['display:DSP-nope']);
      expect((await unknown.waitFor(isError('display:DSP-nope')))[0]).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('ticket:<uniqueCode> gets the public ticket and only that ticket’s events', async () => {
      const mine = await issueOk(t.app, s, 0, { phone: '081233332222' });
      const topic = `ticket:${mine.uniqueCode}`;
      const client = await open();
      client.subscribe([topic]);
      const [snapshot] = await client.waitFor(isSnapshot(topic));
      expect(snapshot?.data).toMatchObject({
        number: mine.number,
        status: 'waiting',
        branch: { id: s.branch.id },
        counter: null,
      });
      const other = await issueOk(t.app, s);
      const called = await api.callNext(s.counters[0]?.id ?? '', s.cookies.caller);
      expect(called.json().id).toBe(mine.id);
      const [event] = await client.waitFor(isEvent(topic, 'ticket.called'));
      expect(event?.data).toMatchObject({
        ticket: { id: mine.id, number: mine.number, status: 'calling', counterId: s.counters[0]?.id },
      });
      await settle();
      expect(client.matching(isEvent(topic)).map((f) => ticketIdOf(f))).toEqual([mine.id]);
      expect(JSON.stringify(client.frames)).not.toContain('081233332222');
      expect(JSON.stringify(client.frames)).not.toContain(other.id);

      const unknown = await open();
      unknown.subscribe(['ticket:UnknownCode1234567890']);
      expect((await unknown.waitFor(isError('ticket:UnknownCode1234567890')))[0]).toMatchObject({
        code: 'NOT_FOUND',
      });
      await api.act(mine.id, 'serve', s.cookies.caller);
      await api.act(mine.id, 'finish', s.cookies.caller);
      await api.act(other.id, 'cancel', s.cookies.operator);
    });
  });

  describe('upgrade', () => {
    it('a foreign Origin is refused with HTTP 403 before the upgrade; the same origin and no Origin are accepted', async () => {
      expect(await LiveClient.refusedStatus(base, { origin: 'https://evil.example' })).toBe(403);
      expect(await LiveClient.refusedStatus(base, { origin: base })).toBeNull();
      expect(await LiveClient.refusedStatus(base, {})).toBeNull();
    });

    it('does not negotiate permessage-deflate (memory per socket); pre-encoded events arrive as text frames', async () => {
      // The ws client offers permessage-deflate by default: the server must decline it.
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/live`);
      const frames: { text: boolean; frame: Frame }[] = [];
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        frames.push({ text: !isBinary, frame: JSON.parse(raw.toString('utf8')) as Frame });
      });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      try {
        expect(socket.extensions).toBe('');
        const topic = `display:${s.display.code}`;
        socket.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
        const arrived = async (predicate: (f: Frame) => boolean) => {
          for (let i = 0; i < 100 && !frames.some((x) => predicate(x.frame)); i++) await settle(50);
          return frames.find((x) => predicate(x.frame));
        };
        expect(await arrived(isSnapshot(topic))).toMatchObject({ text: true });
        const ticket = await issueOk(t.app, s);
        const event = await arrived(isEvent(topic, 'ticket.issued'));
        expect(event).toMatchObject({
          text: true,
          frame: { type: 'ticket.issued', topic, data: { ticket: { id: ticket.id } } },
        });
        await api.act(ticket.id, 'cancel', s.cookies.operator);
      } finally {
        socket.close();
      }
    });

    it('a malformed frame gets a VALIDATION_FAILED error and the socket stays usable', async () => {
      const client = await open();
      client.send({ type: 'subscribe', topics: [] });
      const [err] = await client.waitFor((f) => f.type === 'error');
      expect(err).toMatchObject({ code: 'VALIDATION_FAILED' });
      client.send({ type: 'ping' });
      expect((await client.waitFor((f) => f.type === 'pong'))[0]).toMatchObject({ at: t.clock.now() });
    });
  });
});
