import { randomBytes } from 'node:crypto';
import type { LiveEventType, ServerFrame } from '@antrean/shared/live/topics';

/** One connected client as the hub sees it. */
export interface Subscriber {
  send(frame: ServerFrame): void;
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

/** A message that crosses nodes (PostgreSQL mode): a branch event or a plain topic event. */
export type LiveMessage =
  | { kind: 'branch'; branchId: string; type: LiveEventType; staff: unknown; public: unknown; ticketCode?: string; counterId?: string | null }
  | { kind: 'topic'; topic: string; type: LiveEventType; data: unknown };

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
  async subscribe(
    subscriber: Subscriber,
    name: string,
    snapshot: () => Promise<unknown>,
    resume?: { lastSeq: number; epoch: string | undefined },
  ): Promise<void> {
    const t = this.topic(name);
    t.touchedAt = this.now();
    const oldest = t.buffer[0]?.seq ?? t.seq + 1;
    if (resume?.epoch === t.epoch && resume.lastSeq <= t.seq && resume.lastSeq >= oldest - 1) {
      t.subscribers.add(subscriber);
      for (const event of t.buffer) {
        if (event.seq > resume.lastSeq) subscriber.send({ type: event.type, topic: name, seq: event.seq, data: event.data });
      }
      return;
    }
    const seqAtStart = t.seq;
    t.pending.set(subscriber, []);
    t.subscribers.add(subscriber);
    try {
      const data = await snapshot();
      subscriber.send({ type: 'snapshot', topic: name, seq: seqAtStart, epoch: t.epoch, data });
      for (const event of t.pending.get(subscriber) ?? []) {
        subscriber.send({ type: event.type, topic: name, seq: event.seq, data: event.data });
      }
    } catch (error) {
      t.subscribers.delete(subscriber);
      throw error;
    } finally {
      t.pending.delete(subscriber);
    }
  }

  unsubscribe(subscriber: Subscriber, name: string): void {
    const t = this.topics.get(name);
    if (!t) return;
    t.subscribers.delete(subscriber);
    t.pending.delete(subscriber);
  }

  removeSubscriber(subscriber: Subscriber): void {
    for (const t of this.topics.values()) {
      t.subscribers.delete(subscriber);
      t.pending.delete(subscriber);
    }
  }

  /** Appends an event to a topic and delivers it to every subscriber. */
  publish(name: string, type: LiveEventType, data: unknown): number {
    const t = this.topic(name);
    t.seq += 1;
    t.touchedAt = this.now();
    const event: BufferedEvent = { seq: t.seq, type, data };
    t.buffer.push(event);
    if (t.buffer.length > this.bufferSize) t.buffer.splice(0, t.buffer.length - this.bufferSize);
    for (const subscriber of t.subscribers) {
      const queue = t.pending.get(subscriber);
      if (queue) queue.push(event);
      else subscriber.send({ type, topic: name, seq: t.seq, data });
    }
    return t.seq;
  }

  /** Delivers a cross-node message locally. */
  deliver(message: LiveMessage): void {
    if (message.kind === 'topic') {
      this.publish(message.topic, message.type, message.data);
      return;
    }
    this.publish(`branch:${message.branchId}`, message.type, message.staff);
    for (const display of this.branchDisplays.get(message.branchId) ?? []) {
      this.publish(display, message.type, message.public);
    }
    if (message.counterId) this.publish(`counter:${message.counterId}`, message.type, message.staff);
    if (message.ticketCode) this.publish(`ticket:${message.ticketCode}`, message.type, message.public);
  }

  /** Drops idle topics nobody listens to (their epoch changes if they come back). */
  sweep(): void {
    const cutoff = this.now() - this.idleTopicMs;
    for (const [name, t] of this.topics) {
      if (t.subscribers.size === 0 && t.touchedAt < cutoff) this.topics.delete(name);
    }
    for (const [branchId, set] of this.branchDisplays) {
      for (const display of set) if (!this.topics.has(display)) set.delete(display);
      if (set.size === 0) this.branchDisplays.delete(branchId);
    }
  }

  stats(): { topics: number; subscriptions: number } {
    let subscriptions = 0;
    for (const t of this.topics.values()) subscriptions += t.subscribers.size;
    return { topics: this.topics.size, subscriptions };
  }
}
