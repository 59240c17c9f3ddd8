/**
 * LiveHub on its own (no database, no socket): snapshot then ordered events, replay from the
 * buffer on resume, snapshot fallback when the buffer no longer reaches back or the epoch is
 * stale, events that race a slow snapshot delivered after it in order, and fan-out of one
 * branch message to branch, display (public data), counter and ticket topics.
 */
import { describe, expect, it } from 'vitest';
import type { LiveEventType, ServerFrame } from '@antrean/shared/live/topics';
import { LiveHub, type HubOptions, type Subscriber } from './hub';

/**
 * The hub's mechanics (seq, replay, fan-out, encoding) do not depend on what the payloads are:
 * these tests drive it with small stand-ins, through a view of the hub without the payload types
 * (the typed API is exercised by every server test that publishes).
 */
type LooseHub = Omit<LiveHub, 'subscribe' | 'publish' | 'deliver'> & {
  subscribe(
    subscriber: Subscriber,
    name: string,
    snapshot: () => Promise<unknown>,
    resume?: { lastSeq: number; epoch: string | undefined },
  ): Promise<void>;
  publish(name: string, type: LiveEventType, data: unknown): number;
  deliver(message: Record<string, unknown>): void;
};
function looseHub(options?: HubOptions): LooseHub {
  return new LiveHub(options);
}

class Recorder implements Subscriber {
  readonly frames: ServerFrame[] = [];
  send(frame: ServerFrame): void {
    this.frames.push(frame);
  }
  types(): string[] {
    return this.frames.map((f) => f.type);
  }
  seqs(): number[] {
    return this.frames.map((f) => ('seq' in f ? f.seq : -1));
  }
  snapshot(): Extract<ServerFrame, { type: 'snapshot' }> {
    const found = this.frames.find(
      (f): f is Extract<ServerFrame, { type: 'snapshot' }> => f.type === 'snapshot',
    );
    if (!found) throw new Error('no snapshot');
    return found;
  }
}

const snap =
  (data: unknown = { state: 'now' }) =>
  () =>
    Promise.resolve(data);

describe('LiveHub', () => {
  it('a subscriber gets a snapshot stamped with the current seq, then every event with strictly increasing seq', async () => {
    const hub = looseHub();
    hub.publish('branch:b1', 'ticket.issued', { n: 1 });
    const r = new Recorder();
    await hub.subscribe(r, 'branch:b1', snap({ queue: 1 }));
    hub.publish('branch:b1', 'ticket.issued', { n: 2 });
    hub.publish('branch:b1', 'ticket.called', { n: 3 });
    hub.publish('branch:other', 'ticket.called', { n: 99 });
    expect(r.frames).toEqual([
      { type: 'snapshot', topic: 'branch:b1', seq: 1, epoch: expect.any(String), data: { queue: 1 } },
      { type: 'ticket.issued', topic: 'branch:b1', seq: 2, data: { n: 2 } },
      { type: 'ticket.called', topic: 'branch:b1', seq: 3, data: { n: 3 } },
    ]);
  });

  it('resume with the same epoch and a lastSeq still in the buffer → exactly the missed events, no snapshot', async () => {
    const hub = looseHub();
    const first = new Recorder();
    await hub.subscribe(first, 't', snap());
    const { epoch } = first.snapshot();
    for (let i = 1; i <= 5; i++) hub.publish('t', 'ticket.issued', { i });
    hub.removeSubscriber(first);
    const again = new Recorder();
    let snapshots = 0;
    await hub.subscribe(
      again,
      't',
      () => {
        snapshots += 1;
        return Promise.resolve({});
      },
      { lastSeq: 3, epoch },
    );
    expect(snapshots).toBe(0);
    expect(again.frames).toEqual([
      { type: 'ticket.issued', topic: 't', seq: 4, data: { i: 4 } },
      { type: 'ticket.issued', topic: 't', seq: 5, data: { i: 5 } },
    ]);
    // And it stays subscribed.
    hub.publish('t', 'ticket.called', {});
    expect(again.seqs()).toEqual([4, 5, 6]);
    // Already up to date: nothing to replay, nothing missing.
    const current = new Recorder();
    await hub.subscribe(current, 't', snap(), { lastSeq: 6, epoch });
    expect(current.frames).toEqual([]);
  });

  it('buffer eviction: a lastSeq older than the buffer falls back to a snapshot; the oldest reachable one still replays', async () => {
    const hub = looseHub({ bufferSize: 3 });
    const first = new Recorder();
    await hub.subscribe(first, 't', snap());
    const { epoch } = first.snapshot();
    for (let i = 1; i <= 5; i++) hub.publish('t', 'ticket.issued', { i }); // buffer keeps 3, 4, 5
    const tooOld = new Recorder();
    await hub.subscribe(tooOld, 't', snap({ fresh: true }), { lastSeq: 1, epoch });
    expect(tooOld.frames).toEqual([{ type: 'snapshot', topic: 't', seq: 5, epoch, data: { fresh: true } }]);
    const justInside = new Recorder();
    await hub.subscribe(justInside, 't', snap(), { lastSeq: 2, epoch });
    expect(justInside.types()).toEqual(['ticket.issued', 'ticket.issued', 'ticket.issued']);
    expect(justInside.seqs()).toEqual([3, 4, 5]);
  });

  it('a stale or foreign epoch, or a lastSeq ahead of the topic, gets a snapshot', async () => {
    const hub = looseHub();
    const first = new Recorder();
    await hub.subscribe(first, 't', snap());
    const { epoch } = first.snapshot();
    hub.publish('t', 'ticket.issued', {});
    for (const resume of [
      { lastSeq: 0, epoch: 'another-epoch' },
      { lastSeq: 0, epoch: undefined },
      { lastSeq: 7, epoch },
    ]) {
      const r = new Recorder();
      await hub.subscribe(r, 't', snap(), resume);
      expect(r.types(), JSON.stringify(resume)).toEqual(['snapshot']);
      expect(r.snapshot().seq).toBe(1);
    }
  });

  it('an idle topic nobody listens to is swept; when it comes back its epoch has changed, so old lastSeqs are not trusted', async () => {
    let now = 0;
    const hub = looseHub({ idleTopicMs: 1000, now: () => now });
    const r = new Recorder();
    await hub.subscribe(r, 't', snap());
    const { epoch } = r.snapshot();
    hub.publish('t', 'ticket.issued', {});
    hub.removeSubscriber(r);
    now = 500;
    hub.sweep();
    expect(hub.stats().topics).toBe(1);
    now = 2000;
    hub.sweep();
    expect(hub.stats().topics).toBe(0);
    const back = new Recorder();
    await hub.subscribe(back, 't', snap(), { lastSeq: 1, epoch });
    expect(back.types()).toEqual(['snapshot']);
    expect(back.snapshot().epoch).not.toBe(epoch);
    expect(back.snapshot().seq).toBe(0);
  });

  it('events published during a slow snapshot are held back and delivered right after it, in order', async () => {
    const hub = looseHub();
    hub.publish('t', 'ticket.issued', { before: true });
    const fast = new Recorder();
    await hub.subscribe(fast, 't', snap());
    let release: (value: unknown) => void = () => undefined;
    const slow = new Recorder();
    const subscribed = hub.subscribe(slow, 't', () => new Promise((resolve) => (release = resolve)));
    hub.publish('t', 'ticket.called', { k: 1 });
    hub.publish('t', 'ticket.serving', { k: 2 });
    // The other subscriber is not held back; the slow one has nothing yet (no event before its snapshot).
    expect(fast.seqs()).toEqual([1, 2, 3]);
    expect(slow.frames).toEqual([]);
    release({ state: 'read while events raced' });
    await subscribed;
    expect(slow.frames).toEqual([
      {
        type: 'snapshot',
        topic: 't',
        seq: 1,
        epoch: expect.any(String),
        data: { state: 'read while events raced' },
      },
      { type: 'ticket.called', topic: 't', seq: 2, data: { k: 1 } },
      { type: 'ticket.serving', topic: 't', seq: 3, data: { k: 2 } },
    ]);
    hub.publish('t', 'ticket.finished', {});
    expect(slow.seqs()).toEqual([1, 2, 3, 4]);
  });

  it('a failing snapshot leaves the subscriber out (the error propagates)', async () => {
    const hub = looseHub();
    const r = new Recorder();
    await expect(hub.subscribe(r, 't', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    hub.publish('t', 'ticket.issued', {});
    expect(r.frames).toEqual([]);
    expect(hub.stats().subscriptions).toBe(0);
  });

  it('a branch message fans out: staff data to branch and counter topics, public data to bound displays and the ticket topic', async () => {
    const hub = looseHub();
    const [branch, display, otherDisplay, counter, ticket] = [
      new Recorder(),
      new Recorder(),
      new Recorder(),
      new Recorder(),
      new Recorder(),
    ];
    await hub.subscribe(branch, 'branch:b1', snap());
    hub.bindDisplay('display:D1', 'b1');
    hub.bindDisplay('display:D2', 'b2');
    await hub.subscribe(display, 'display:D1', snap());
    await hub.subscribe(otherDisplay, 'display:D2', snap());
    await hub.subscribe(counter, 'counter:c1', snap());
    await hub.subscribe(ticket, 'ticket:CODE', snap());
    hub.deliver({
      kind: 'branch',
      branchId: 'b1',
      type: 'ticket.called',
      staff: { phone: '0812' },
      public: { number: 'A001' },
      ticketCode: 'CODE',
      counterId: 'c1',
    });
    expect(branch.frames.at(-1)).toEqual({
      type: 'ticket.called',
      topic: 'branch:b1',
      seq: 1,
      data: { phone: '0812' },
    });
    expect(counter.frames.at(-1)).toEqual({
      type: 'ticket.called',
      topic: 'counter:c1',
      seq: 1,
      data: { phone: '0812' },
    });
    expect(display.frames.at(-1)).toEqual({
      type: 'ticket.called',
      topic: 'display:D1',
      seq: 1,
      data: { number: 'A001' },
    });
    expect(ticket.frames.at(-1)).toEqual({
      type: 'ticket.called',
      topic: 'ticket:CODE',
      seq: 1,
      data: { number: 'A001' },
    });
    expect(otherDisplay.types()).toEqual(['snapshot']);
  });

  it('unsubscribe and removeSubscriber stop delivery', async () => {
    const hub = looseHub();
    const r = new Recorder();
    await hub.subscribe(r, 'a', snap());
    await hub.subscribe(r, 'b', snap());
    hub.unsubscribe(r, 'a');
    hub.publish('a', 'ticket.issued', {});
    hub.publish('b', 'ticket.issued', {});
    expect(r.frames.filter((f) => f.type !== 'snapshot').map((f) => ('topic' in f ? f.topic : ''))).toEqual([
      'b',
    ]);
    hub.removeSubscriber(r);
    hub.publish('b', 'ticket.issued', {});
    expect(r.frames).toHaveLength(3);
  });

  it('serializes an event once per topic and payload kind: every socket-like subscriber gets the same Buffer', async () => {
    const hub = looseHub();
    class Encoded extends Recorder {
      readonly buffers: Buffer[] = [];
      sendEncoded(frame: Buffer): void {
        this.buffers.push(frame);
      }
    }
    let staffJson = 0;
    let publicJson = 0;
    const staff = { phone: '0812', toJSON: () => ((staffJson += 1), { phone: '0812' }) };
    const pub = { number: 'A001', toJSON: () => ((publicJson += 1), { number: 'A001' }) };
    const displays = [new Encoded(), new Encoded(), new Encoded()];
    const otherDisplay = new Encoded();
    const branch = new Encoded();
    const plain = new Recorder(); // no sendEncoded: gets the frame object
    hub.bindDisplay('display:D1', 'b1');
    hub.bindDisplay('display:D2', 'b1');
    for (const d of displays) await hub.subscribe(d, 'display:D1', snap());
    await hub.subscribe(otherDisplay, 'display:D2', snap());
    await hub.subscribe(plain, 'display:D1', snap());
    await hub.subscribe(branch, 'branch:b1', snap());
    hub.deliver({
      kind: 'branch',
      branchId: 'b1',
      type: 'ticket.called',
      staff,
      public: pub,
      ticketCode: 'CODE',
    });

    const [first] = displays[0]?.buffers ?? [];
    if (!first) throw new Error('no frame');
    for (const d of displays) expect(d.buffers).toHaveLength(1);
    for (const d of displays) expect(d.buffers[0]).toBe(first); // one Buffer for the whole topic
    expect(JSON.parse(first.toString('utf8'))).toEqual({
      type: 'ticket.called',
      topic: 'display:D1',
      seq: 1,
      data: { number: 'A001' },
    });
    expect(JSON.parse(otherDisplay.buffers[0]?.toString('utf8') ?? '')).toEqual({
      type: 'ticket.called',
      topic: 'display:D2',
      seq: 1,
      data: { number: 'A001' },
    });
    expect(JSON.parse(branch.buffers[0]?.toString('utf8') ?? '')).toEqual({
      type: 'ticket.called',
      topic: 'branch:b1',
      seq: 1,
      data: { phone: '0812' },
    });
    expect(plain.frames.at(-1)).toMatchObject({
      type: 'ticket.called',
      topic: 'display:D1',
      seq: 1,
      data: pub,
    });
    // Each payload's JSON was computed once, for all the topics it reached (2 displays + the
    // ticket topic for the public one, which nobody listens to: not serialized at all).
    expect(publicJson).toBe(1);
    expect(staffJson).toBe(1);
    // The encoded frame is what JSON.stringify of the frame object gives.
    hub.publish('display:D1', 'ticket.issued', { a: [1, 'x'], nothing: undefined });
    expect(displays[0]?.buffers.at(-1)?.toString('utf8')).toBe(
      JSON.stringify({
        type: 'ticket.issued',
        topic: 'display:D1',
        seq: 2,
        data: { a: [1, 'x'], nothing: undefined },
      }),
    );
    hub.publish('display:D1', 'ticket.issued', undefined);
    expect(displays[0]?.buffers.at(-1)?.toString('utf8')).toBe(
      JSON.stringify({ type: 'ticket.issued', topic: 'display:D1', seq: 3, data: undefined }),
    );
  });

  it("removeSubscriber with the connection's topics only touches those topics", async () => {
    const hub = looseHub();
    const r = new Recorder();
    await hub.subscribe(r, 'a', snap());
    await hub.subscribe(r, 'b', snap());
    hub.removeSubscriber(r, ['a']);
    hub.publish('a', 'ticket.issued', {});
    hub.publish('b', 'ticket.issued', {});
    expect(r.frames.filter((f) => f.type !== 'snapshot').map((f) => ('topic' in f ? f.topic : ''))).toEqual([
      'b',
    ]);
    hub.removeSubscriber(r, ['b']);
    expect(hub.stats().subscriptions).toBe(0);
  });

  it('access: an `access` message for a session, user or tenant asks exactly the subscribers bound to it to recheck (once); the sweep asks those whose session expired', () => {
    let now = 1_000;
    const hub = looseHub({ now: () => now });
    const asked: string[] = [];
    const bound = (
      name: string,
      principal: { sessionId: string; userId: string; tenantId: string | null },
    ) => {
      const subscriber: Subscriber = { send: () => undefined, recheckAccess: () => asked.push(name) };
      hub.bindPrincipal(subscriber, { ...principal, expiresAt: name === 'early' ? 2_000 : 9_000 });
      return subscriber;
    };
    bound('early', { sessionId: 's1', userId: 'u1', tenantId: 't1' });
    bound('late', { sessionId: 's2', userId: 'u1', tenantId: 't1' });
    const other = bound('other', { sessionId: 's3', userId: 'u2', tenantId: 't2' });
    hub.deliver({ kind: 'access', scope: 'session', id: 's2' });
    expect(asked).toEqual(['late']);
    hub.deliver({ kind: 'access', scope: 'session', id: 's2' });
    expect(asked).toEqual(['late']); // unbound: it binds again when it resolves its session again
    hub.deliver({ kind: 'access', scope: 'user', id: 'u1' });
    expect(asked).toEqual(['late', 'early']);
    hub.unbindPrincipal(other);
    hub.deliver({ kind: 'access', scope: 'tenant', id: 't2' });
    expect(asked).toEqual(['late', 'early']);
    expect(hub.stats().principals).toBe(0);

    bound('early', { sessionId: 's1', userId: 'u1', tenantId: 't1' });
    bound('late', { sessionId: 's2', userId: 'u1', tenantId: 't1' });
    hub.sweep();
    expect(asked).toEqual(['late', 'early']);
    now = 2_000;
    hub.sweep();
    expect(asked).toEqual(['late', 'early', 'early']);
    hub.deliver({ kind: 'access', scope: 'tenant', id: 't1' });
    expect(asked).toEqual(['late', 'early', 'early', 'late']);
  });

  it('suspend: a subscriber taken off a topic while its snapshot is read gets neither the snapshot nor the events; one fully subscribed is told where it was', async () => {
    const hub = looseHub();
    let release: (value: unknown) => void = () => undefined;
    const slow = new Recorder();
    const done = hub.subscribe(slow, 't', () => new Promise((resolve) => (release = resolve)));
    hub.publish('t', 'ticket.issued', {});
    expect(hub.suspend(slow, 't')).toBeUndefined(); // it had no snapshot yet: it needs one
    release({});
    await done;
    hub.publish('t', 'ticket.called', {});
    expect(slow.frames).toEqual([]);

    const fast = new Recorder();
    await hub.subscribe(fast, 't', snap());
    const { epoch } = fast.snapshot();
    hub.publish('t', 'ticket.issued', {});
    expect(hub.suspend(fast, 't')).toEqual({ lastSeq: 3, epoch });
    hub.publish('t', 'ticket.called', {});
    await hub.subscribe(fast, 't', snap(), { lastSeq: 3, epoch });
    expect(fast.seqs()).toEqual([2, 3, 4]);
  });
});
