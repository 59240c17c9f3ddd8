/**
 * Issue 13 item 2, over a real socket: what an unauthenticated client can make the live hub hold.
 * A refused subscription leaves no topic behind (10,000 of them leave the hub's topic map as it
 * was), a socket that keeps being refused is closed with 4429, a socket holds a bounded number of
 * topics, and a client address a bounded number of sockets (small limits configured here).
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeWithDb } from '../../test/db';
import {
  LiveClient,
  buildEngineApp,
  buildQueueScenario,
  listen,
  sameDatabase,
  settle,
  type EngineApp,
  type Frame,
  type QueueScenario,
} from '../../test/engine-helpers';
import { LIVE_CLOSE_THROTTLED } from './live.routes';

const REFUSALS_PER_SOCKET = 2_000;
const isError = (topic: string) => (f: Frame) => f.topic === topic && f.type === 'error';

describeWithDb('live socket limits (issue 13 item 2)', () => {
  let t: EngineApp;
  let base: string;
  let s: QueueScenario;
  let flood: EngineApp;
  let floodBase: string;
  const clients: LiveClient[] = [];
  const open = async (headers: Record<string, string> = {}, at?: string) => {
    const client = await LiveClient.open(at ?? base, headers);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await buildEngineApp({
      env: {
        LIVE_MAX_TOPICS_PER_SOCKET: '3',
        LIVE_MAX_SOCKETS_PER_ADDRESS: '4',
        LIVE_MAX_REFUSED_PER_SOCKET: String(REFUSALS_PER_SOCKET),
      },
    });
    base = await listen(t.app);
    // The flood runs against the default topic cap, so that many refusals are in flight at once.
    flood = await buildEngineApp({
      database: sameDatabase(t.database),
      env: { LIVE_MAX_REFUSED_PER_SOCKET: String(REFUSALS_PER_SOCKET) },
    });
    floodBase = await listen(flood.app);
    s = await buildQueueScenario(t, { serviceCodes: ['A'] });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await settle(100);
  });
  afterAll(async () => {
    await flood.close();
    await t.close();
  });

  it('10,000 refused ticket subscriptions leave the hub’s topic map as it was; each socket is closed (4429) at its limit of refusals', async () => {
    const before = flood.live.hub.stats().topics;
    for (let socket = 0; socket < 10_000 / REFUSALS_PER_SOCKET; socket++) {
      const client = await open({}, floodBase);
      const closed = client.closed();
      // 50 a frame (the most a frame takes), each frame once the previous one was answered, so
      // every guess reaches the hub (none is refused by the topic cap instead).
      for (let i = 0; i < REFUSALS_PER_SOCKET; i += 50) {
        client.subscribe(Array.from({ length: 50 }, (_, j) => `ticket:Guess${socket}x${i + j}abcdefgh`));
        await client.waitFor((f) => f.type === 'error', i + 50);
      }
      const { code } = await closed;
      expect(code).toBe(LIVE_CLOSE_THROTTLED);
      const refused = client.matching((f) => f.type === 'error' && f.code === 'NOT_FOUND');
      expect(refused).toHaveLength(REFUSALS_PER_SOCKET);
      expect(client.matching((f) => f.type === 'error' && f.code === 'RATE_LIMITED')).toHaveLength(1);
    }
    await settle(200);
    expect(flood.live.hub.stats()).toMatchObject({ topics: before, subscriptions: 0 });
  }, 60_000);

  it('a socket holds at most the configured number of topics (LIVE_TOO_MANY_TOPICS beyond), and unsubscribing frees a place', async () => {
    const client = await open({ cookie: s.cookies.operator });
    const topics = [
      `branch:${s.branch.id}`,
      `counter:${s.counters[0]?.id ?? ''}`,
      `display:${s.display.code}`,
    ];
    client.subscribe(topics);
    for (const topic of topics) await client.waitFor((f) => f.topic === topic && f.type === 'snapshot');
    const fourth = `kiosk:${s.kiosk.code}`;
    client.subscribe([fourth]);
    expect((await client.waitFor(isError(fourth)))[0]).toMatchObject({ code: 'LIVE_TOO_MANY_TOPICS' });
    // Subscribing again to one it holds is no new topic.
    client.subscribe([topics[0] ?? '']);
    await settle();
    expect(client.matching(isError(topics[0] ?? ''))).toEqual([]);
    client.send({ type: 'unsubscribe', topics: [topics[2]] });
    client.subscribe([fourth]);
    await client.waitFor((f) => f.topic === fourth && f.type === 'snapshot');
  });

  it('a client address holds at most the configured number of sockets: the next upgrade answers 429; closing one frees a place', async () => {
    for (let i = 0; i < 4; i++) await open();
    expect(await LiveClient.refusedStatus(base, {})).toBe(429);
    await clients.pop()?.close();
    await settle(100);
    expect(await LiveClient.refusedStatus(base, {})).toBeNull();
  });
});
