import { randomBytes } from 'node:crypto';
import type {
  LiveEventData,
  LiveSnapshotOf,
  PublicEventData,
  StaffEventData,
} from '@antrean/shared/live/events';
import type { LiveEventType, ServerFrame, TopicKind } from '@antrean/shared/live/topics';
import { errorMessage } from '@antrean/shared/i18n/errors';

/** One connected client as the hub sees it. */
export interface Subscriber {
  send(frame: ServerFrame): void;
  /**
   * Optional fast path for published events: the frame already encoded as UTF-8 JSON. The same
   * Buffer goes to every subscriber of the topic (a topic's frame — type, topic, seq, data — is
   * identical for all of them), so an event is serialized once per topic, not once per socket.
   * It must not be modified.
   */
  sendEncoded?(frame: Buffer): void;
  /**
   * The access this subscriber was granted may have ended (a `access` message named its session,
   * user or tenant, or its session's expiry passed): it must leave its staff topics at once and
   * check its access again. Only subscribers bound with `bindPrincipal` are asked.
   */
  recheckAccess?(): void;
}

/** Who a staff subscriber is, so an `access` message (or its session's expiry) reaches it. */
export interface Principal {
  sessionId: string;
  userId: string;
  /** The tenant it acts in (a superadmin's acting tenant), if any. */
  tenantId: string | null;
  /** When its session expires (epoch ms, the injected clock's time). */
  expiresAt: number;
}

/** What an `access` message names: one session, every session of a user, or a whole tenant. */
export type AccessScope = 'session' | 'user' | 'tenant';

/** Where a subscriber left a topic, to resume it without a gap or a snapshot. */
export interface Resume {
  lastSeq: number;
  epoch: string | undefined;
}

/** A payload serialized at most once, however many topics and subscribers it reaches. */
class Payload {
  private json: string | undefined;
  constructor(readonly data: unknown) {}
  /** `JSON.stringify(data)`, or undefined when the data has no JSON form (the key is then left out). */
  toJson(): string | undefined {
    if (this.json === undefined && this.data !== undefined) this.json = JSON.stringify(this.data);
    return this.json;
  }
}

/** `JSON.stringify({ type, topic, seq, data })`, with the data's JSON computed once per payload. */
function encodeEvent(type: LiveEventType, topic: string, seq: number, payload: Payload): Buffer {
  const data = payload.toJson();
  const head = `{"type":${JSON.stringify(type)},"topic":${JSON.stringify(topic)},"seq":${seq}`;
  return Buffer.from(data === undefined ? `${head}}` : `${head},"data":${data}}`);
}

interface BufferedEvent {
  seq: number;
  type: LiveEventType;
  data: unknown;
}

interface Topic {
  name: string;
  /** Changes whenever the topic is (re)created, so a stale `lastSeq` is never trusted. */
  epoch: string;
  seq: number;
  buffer: BufferedEvent[];
  subscribers: Set<Subscriber>;
  /** Subscribers still waiting for their snapshot: events are queued for them meanwhile. */
  pending: Map<Subscriber, BufferedEvent[]>;
  touchedAt: number;
}

/** A topic's name: its kind, a colon and its id (`branch:<id>`, `display:<code>`…). */
export type TopicName<K extends TopicKind = TopicKind> = `${K}:${string}`;

/**
 * An event of a branch, for every topic that mirrors it: the branch's and the counter's staff
 * topics get `staff`, its displays and the ticket's topic get `public`. Both payloads are typed by
 * the event map of @antrean/shared/live/events, so a payload of the wrong shape does not compile.
 */
type BranchEvent = {
  [T in LiveEventType]: {
    kind: 'branch';
    branchId: string;
    type: T;
    staff: StaffEventData<T>;
    public: PublicEventData<T>;
    ticketCode?: string;
    counterId?: string | null;
  };
}[LiveEventType];

/** One event on one topic, its payload typed by the topic's kind. */
type TopicEvent = {
  [K in TopicKind]: {
    [T in LiveEventType]: { kind: 'topic'; topic: TopicName<K>; type: T; data: LiveEventData<K, T> };
  }[LiveEventType];
}[TopicKind];

/** A message that crosses nodes (PostgreSQL mode): a branch event or a plain topic event. */
export type LiveMessage =
  | BranchEvent
  | TopicEvent
  /**
   * A device code was regenerated or the device disabled (NOT_FOUND), or its tenant was
   * deactivated (TENANT_INACTIVE): the topic's subscribers are cut off with that code.
   */
  | { kind: 'revoke'; topic: TopicName; code?: 'TENANT_INACTIVE' }
  /**
   * A session ended (logout, a superadmin's acting tenant changed), a user's access changed
   * (password, deactivation, role, branches) or a tenant was deactivated: the staff subscribers
   * of that session, user or tenant leave their staff topics and check their access again.
   */
  | { kind: 'access'; scope: AccessScope; id: string };

export interface HubOptions {
  bufferSize?: number;
  idleTopicMs?: number;
  now?: () => number;
}

/**
 * Rooms per topic with a per-topic sequence number and a replay buffer. A client subscribes,
 * gets a snapshot stamped with the topic's seq, then every event in order; a client that comes
 * back with `lastSeq` (and the same epoch) gets the events it missed, else a fresh snapshot.
 */
export class LiveHub {
  private readonly topics = new Map<string, Topic>();
  /** display topic names per branch: displays mirror their branch's public events. */
  private readonly branchDisplays = new Map<string, Set<string>>();
  /** `session:<id>` / `user:<id>` / `tenant:<id>` → the staff subscribers bound to it. */
  private readonly principals = new Map<string, Set<Subscriber>>();
  /** Each bound subscriber's keys in `principals` and its session's expiry. */
  private readonly bound = new Map<Subscriber, { keys: string[]; expiresAt: number }>();
  private readonly bufferSize: number;
  private readonly idleTopicMs: number;
  private readonly now: () => number;

  constructor(options: HubOptions = {}) {
    this.bufferSize = options.bufferSize ?? 500;
    this.idleTopicMs = options.idleTopicMs ?? 15 * 60_000;
    this.now = options.now ?? Date.now;
  }

  private topic(name: string): Topic {
    let t = this.topics.get(name);
    if (!t) {
      t = {
        name,
        epoch: randomBytes(6).toString('base64url'),
        seq: 0,
        buffer: [],
        subscribers: new Set(),
        pending: new Map(),
        touchedAt: this.now(),
      };
      this.topics.set(name, t);
    }
    return t;
  }

  /** Tells the hub which branch a display code belongs to, so it receives that branch's public events. */
  bindDisplay(displayTopic: string, branchId: string): void {
    let set = this.branchDisplays.get(branchId);
    if (!set) {
      set = new Set();
      this.branchDisplays.set(branchId, set);
    }
    set.add(displayTopic);
  }

  /**
   * Subscribes and brings the client up to date: missed events when `resume` matches the
   * topic's epoch and buffer, else a snapshot taken now (stamped with the seq before it was
   * read; events that raced it are re-sent, and clients apply them idempotently).
   */
  async subscribe<K extends TopicKind>(
    subscriber: Subscriber,
    name: TopicName<K>,
    snapshot: () => Promise<LiveSnapshotOf<K>>,
    resume?: { lastSeq: number; epoch: string | undefined },
  ): Promise<void> {
    const t = this.topic(name);
    t.touchedAt = this.now();
    const oldest = t.buffer[0]?.seq ?? t.seq + 1;
    if (resume?.epoch === t.epoch && resume.lastSeq <= t.seq && resume.lastSeq >= oldest - 1) {
      t.subscribers.add(subscriber);
      for (const event of t.buffer) {
        if (event.seq > resume.lastSeq) {
          subscriber.send({ type: event.type, topic: name, seq: event.seq, data: event.data });
        }
      }
      return;
    }
    const seqAtStart = t.seq;
    const queue: BufferedEvent[] = [];
    t.pending.set(subscriber, queue);
    t.subscribers.add(subscriber);
    try {
      const data = await snapshot();
      // Left (unsubscribed, access rechecked, topic revoked) while the snapshot was read: nothing.
      if (t.pending.get(subscriber) !== queue || this.topics.get(name) !== t) return;
      subscriber.send({ type: 'snapshot', topic: name, seq: seqAtStart, epoch: t.epoch, data });
      for (const event of queue) {
        subscriber.send({ type: event.type, topic: name, seq: event.seq, data: event.data });
      }
    } catch (error) {
      t.subscribers.delete(subscriber);
      // A refused subscription (an unknown ticket code) leaves nothing behind: a topic that never
      // had an event nor another subscriber is dropped (issue 13 item 2).
      if (t.subscribers.size === 0 && t.seq === 0 && this.topics.get(name) === t) this.topics.delete(name);
      throw error;
    } finally {
      if (t.pending.get(subscriber) === queue) t.pending.delete(subscriber);
    }
  }

  /**
   * Takes a subscriber off a topic and tells where it was: the seq it had received up to and the
   * topic's epoch (undefined when it was still waiting for its snapshot: it needs one again).
   */
  suspend(subscriber: Subscriber, name: string): Resume | undefined {
    const t = this.topics.get(name);
    if (!t?.subscribers.has(subscriber)) return undefined;
    const waiting = t.pending.has(subscriber);
    t.subscribers.delete(subscriber);
    t.pending.delete(subscriber);
    return waiting ? undefined : { lastSeq: t.seq, epoch: t.epoch };
  }

  /**
   * Binds a staff subscriber to its session, user and tenant (replacing an earlier binding), so
   * an `access` message naming any of them, or the sweep after its session's expiry, reaches it.
   */
  bindPrincipal(subscriber: Subscriber, principal: Principal): void {
    this.unbindPrincipal(subscriber);
    const keys = [`session:${principal.sessionId}`, `user:${principal.userId}`];
    if (principal.tenantId) keys.push(`tenant:${principal.tenantId}`);
    for (const key of keys) {
      let set = this.principals.get(key);
      if (!set) {
        set = new Set();
        this.principals.set(key, set);
      }
      set.add(subscriber);
    }
    this.bound.set(subscriber, { keys, expiresAt: principal.expiresAt });
  }

  unbindPrincipal(subscriber: Subscriber): void {
    const binding = this.bound.get(subscriber);
    if (!binding) return;
    this.bound.delete(subscriber);
    for (const key of binding.keys) {
      const set = this.principals.get(key);
      set?.delete(subscriber);
      if (set?.size === 0) this.principals.delete(key);
    }
  }

  /** Asks every subscriber bound to a session, user or tenant to recheck its access (unbinding it). */
  private recheck(scope: AccessScope, id: string): void {
    const set = this.principals.get(`${scope}:${id}`);
    if (!set) return;
    for (const subscriber of [...set]) {
      this.unbindPrincipal(subscriber);
      subscriber.recheckAccess?.();
    }
  }

  unsubscribe(subscriber: Subscriber, name: string): void {
    const t = this.topics.get(name);
    if (!t) return;
    t.subscribers.delete(subscriber);
    t.pending.delete(subscriber);
  }

  /**
   * Removes a subscriber from the given topics (what a connection subscribed to: O(its topics)),
   * or from every topic when none are given.
   */
  removeSubscriber(subscriber: Subscriber, topics?: Iterable<string>): void {
    if (topics) {
      for (const name of topics) this.unsubscribe(subscriber, name);
      return;
    }
    for (const t of this.topics.values()) {
      t.subscribers.delete(subscriber);
      t.pending.delete(subscriber);
    }
  }

  /** Appends an event to a topic and delivers it to every subscriber (its payload typed by the topic's kind). */
  publish<K extends TopicKind, T extends LiveEventType>(
    name: TopicName<K>,
    type: T,
    data: LiveEventData<K, T>,
  ): number {
    return this.publishPayload(name, type, new Payload(data));
  }

  /**
   * The fan-out: one frame object and at most one encoded Buffer per event and topic, shared by
   * every subscriber (no per-subscriber serialization, closure or frame object).
   */
  private publishPayload(name: string, type: LiveEventType, payload: Payload): number {
    const t = this.topic(name);
    t.seq += 1;
    t.touchedAt = this.now();
    const seq = t.seq;
    const event: BufferedEvent = { seq, type, data: payload.data };
    t.buffer.push(event);
    if (t.buffer.length > this.bufferSize) t.buffer.splice(0, t.buffer.length - this.bufferSize);
    if (t.subscribers.size === 0) return seq;
    const frame: ServerFrame = { type, topic: name, seq, data: payload.data };
    let encoded: Buffer | undefined;
    const anyPending = t.pending.size > 0;
    for (const subscriber of t.subscribers) {
      if (anyPending) {
        const queue = t.pending.get(subscriber);
        if (queue) {
          queue.push(event);
          continue;
        }
      }
      if (subscriber.sendEncoded) subscriber.sendEncoded((encoded ??= encodeEvent(type, name, seq, payload)));
      else subscriber.send(frame);
    }
    return seq;
  }

  /**
   * Cuts every subscriber off a topic whose credential stopped working (a display's code was
   * regenerated or the display disabled): each gets the `error` frame a refused subscription
   * gets (`NOT_FOUND`, so the screen shows "unknown display"), and the topic is dropped.
   */
  revoke(name: string, code: 'NOT_FOUND' | 'TENANT_INACTIVE' = 'NOT_FOUND'): void {
    const t = this.topics.get(name);
    this.topics.delete(name);
    for (const [branchId, set] of this.branchDisplays) {
      set.delete(name);
      if (set.size === 0) this.branchDisplays.delete(branchId);
    }
    if (!t) return;
    const frame: ServerFrame = {
      type: 'error',
      topic: name,
      code,
      message: errorMessage(code, 'id'),
    };
    for (const subscriber of t.subscribers) subscriber.send(frame);
    t.subscribers.clear();
    t.pending.clear();
  }

  /** Delivers a cross-node message locally. */
  deliver(message: LiveMessage): void {
    if (message.kind === 'revoke') {
      this.revoke(message.topic, message.code);
      return;
    }
    if (message.kind === 'access') {
      this.recheck(message.scope, message.id);
      return;
    }
    if (message.kind === 'topic') {
      this.publishPayload(message.topic, message.type, new Payload(message.data));
      return;
    }
    // Each payload kind (staff / public) is serialized at most once for all the topics it reaches.
    const staff = new Payload(message.staff);
    const pub = new Payload(message.public);
    this.publishPayload(`branch:${message.branchId}`, message.type, staff);
    for (const display of this.branchDisplays.get(message.branchId) ?? []) {
      this.publishPayload(display, message.type, pub);
    }
    if (message.counterId) this.publishPayload(`counter:${message.counterId}`, message.type, staff);
    if (message.ticketCode) this.publishPayload(`ticket:${message.ticketCode}`, message.type, pub);
  }

  /**
   * Drops idle topics nobody listens to (their epoch changes if they come back), and asks the
   * staff subscribers whose session has expired by now to recheck their access (a session slid
   * by the user's requests meanwhile passes the check and resumes where it was).
   */
  sweep(): void {
    const now = this.now();
    const cutoff = now - this.idleTopicMs;
    for (const [name, t] of this.topics) {
      if (t.subscribers.size === 0 && t.touchedAt < cutoff) this.topics.delete(name);
    }
    for (const [branchId, set] of this.branchDisplays) {
      for (const display of set) if (!this.topics.has(display)) set.delete(display);
      if (set.size === 0) this.branchDisplays.delete(branchId);
    }
    // After the idle topics went: a subscriber that resumes keeps its topic (and its epoch).
    for (const [subscriber, binding] of [...this.bound]) {
      if (binding.expiresAt <= now) {
        this.unbindPrincipal(subscriber);
        subscriber.recheckAccess?.();
      }
    }
  }

  stats(): { topics: number; subscriptions: number; principals: number } {
    let subscriptions = 0;
    for (const t of this.topics.values()) subscriptions += t.subscribers.size;
    return { topics: this.topics.size, subscriptions, principals: this.bound.size };
  }
}
