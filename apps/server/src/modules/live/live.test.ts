/**
 * `/api/v1/live` over a real socket (app.listen on port 0 + the `ws` client): snapshot then events
 * with increasing seq, resume with lastSeq/epoch, topic access rules (staff session of the tenant,
 * display code, ticket code), public data only on public topics, and the Origin check at upgrade.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeWithDb } from '../../test/db';
import { loginAs } from '../../test/factories';
import {
  LiveClient,
  buildEngineApp,
  buildQueueScenario,
  issueOk,
  listen,
  nextIp,
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
      expect(JSON.stringify(events[0]?.data)).toContain('+6281277776666');
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
      expect(JSON.stringify(again)).not.toContain('81255554444');

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
      expect(JSON.stringify(client.frames)).not.toContain('81233332222');
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

  describe('a socket loses its staff topics when its access ends (issue 13 item 1)', () => {
    const json = { 'content-type': 'application/json' };
    const patchUser = (userId: string, body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${userId}`,
        headers: { cookie: s.cookies.admin, ...json },
        payload: JSON.stringify(body),
      });
    /** A staff socket on the branch and the first counter, both snapshots in. */
    const watching = async (cookie: string) => {
      const client = await open({ cookie });
      const topics = [`branch:${s.branch.id}`, `counter:${s.counters[0]?.id ?? ''}`];
      client.subscribe(topics);
      for (const topic of topics) await client.waitFor(isSnapshot(topic));
      return client;
    };
    /**
     * The socket got an error on both its staff topics, hears nothing of the branch afterwards
     * (a visitor's phone number least of all) and may not subscribe again; the `other` socket,
     * whose access did not change, still hears the branch.
     */
    const cutOff = async (client: LiveClient, code: string, other: LiveClient) => {
      const topic = `branch:${s.branch.id}`;
      const counter = `counter:${s.counters[0]?.id ?? ''}`;
      expect((await client.waitFor(isError(topic)))[0]).toMatchObject({ code });
      expect((await client.waitFor(isError(counter)))[0]).toMatchObject({ code });
      const issued = await api.issue(
        s.branch.id,
        { serviceId: s.services[0]?.id, channel: 'operator', phone: '081299990000' },
        { cookie: s.cookies.admin },
      );
      expect(issued.statusCode).toBe(201);
      const ticket = issued.json<{ id: string }>();
      await other.waitFor((f) => isEvent(topic, 'ticket.issued')(f) && ticketIdOf(f) === ticket.id);
      const before = client.frames.length;
      client.subscribe([topic]);
      await client.waitFor(isError(topic), 2);
      await settle();
      expect(client.matching(isEvent(topic))).toEqual([]);
      expect(JSON.stringify(client.frames.slice(before))).not.toContain('81299990000');
      await api.act(ticket.id, 'cancel', s.cookies.admin);
    };

    it('logout: the session’s sockets leave branch and counter topics at once and cannot subscribe again', async () => {
      const operator = await watching(s.cookies.operator);
      const caller = await watching(s.cookies.caller);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { cookie: s.cookies.operator },
      });
      expect(out.statusCode).toBeLessThan(300);
      await cutOff(operator, 'AUTH_REQUIRED', caller);
      expect(t.live.hub.stats().principals).toBe(1); // the caller's socket only
    });

    it.each([
      ['a password reset', { password: 'sandi-baru-2026' }],
      ['deactivation', { isActive: false }],
      ['a role change', { role: 'caller' }],
      ['a branch change', { branchIds: ['other'] }],
    ])('%s by the admin cuts the user’s sockets off', async (_what, change) => {
      const operator = await watching(s.cookies.operator);
      const caller = await watching(s.cookies.caller);
      const body =
        'branchIds' in change
          ? { branchIds: [(await t.f.buildBranch({ tenantId: s.tenantId })).id] }
          : change;
      expect((await patchUser(s.users.operator.id, body)).statusCode).toBe(200);
      await cutOff(operator, 'AUTH_REQUIRED', caller);
    });

    it('a password change in the profile cuts the other sessions off; the session it was made from resumes without a gap or a snapshot', async () => {
      const other = await loginAs(t.app, s.users.operator.username, s.users.operator.password, {
        remoteAddress: nextIp(),
      });
      const here = await watching(s.cookies.operator);
      const there = await watching(other);
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/profile/password',
        headers: { cookie: s.cookies.operator, ...json },
        payload: JSON.stringify({
          currentPassword: s.users.operator.password,
          newPassword: 'sandi-baru-2026',
        }),
      });
      expect(changed.statusCode).toBeLessThan(300);
      await cutOff(there, 'AUTH_REQUIRED', here);
      const topic = `branch:${s.branch.id}`;
      expect(here.matching(isSnapshot(topic))).toHaveLength(1);
      expect(here.matching(isError(topic))).toEqual([]);
      const seqs = here.matching(isEvent(topic)).map((f) => Number(f.seq));
      const first = Number(here.matching(isSnapshot(topic))[0]?.seq);
      expect(seqs).toEqual(seqs.map((_, i) => first + i + 1));
    });

    it('tenant deactivation: the staff sockets are cut off and may not subscribe again', async () => {
      const root = await t.f.buildUser({ role: 'superadmin' });
      const rootCookie = await loginAs(t.app, root.username, root.password, { remoteAddress: nextIp() });
      const operator = await watching(s.cookies.operator);
      const topic = `branch:${s.branch.id}`;
      const off = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/tenants/${s.tenantId}`,
        headers: { cookie: rootCookie, ...json },
        payload: JSON.stringify({ isActive: false }),
      });
      expect(off.statusCode).toBe(200);
      expect((await operator.waitFor(isError(topic)))[0]).toMatchObject({ code: 'TENANT_INACTIVE' });
      operator.subscribe([topic]);
      expect((await operator.waitFor(isError(topic), 2))[1]).toMatchObject({ code: 'AUTH_REQUIRED' });
    });

    it('session expiry: the periodic sweep (injected clock) cuts an expired session off; a session its requests slid keeps its topics', async () => {
      const ttl = t.deps.config.sessionTtlMs;
      const sliding = await watching(s.cookies.caller);
      const expiring = await watching(s.cookies.operator);
      const topic = `branch:${s.branch.id}`;
      t.clock.advance(ttl - 30 * 60_000);
      t.live.hub.sweep();
      // The caller (and the admin) work on — any request slides the session; the operator does not.
      for (const cookie of [s.cookies.caller, s.cookies.admin]) {
        expect((await t.app.inject({ url: '/api/v1/auth/me', headers: { cookie } })).statusCode).toBe(200);
      }
      await settle();
      expect(expiring.matching(isError(topic))).toEqual([]);
      t.clock.advance(31 * 60_000);
      t.live.hub.sweep();
      await cutOff(expiring, 'AUTH_REQUIRED', sliding);
      expect(sliding.matching(isError(topic))).toEqual([]);
      expect(sliding.matching(isSnapshot(topic))).toHaveLength(1);
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
