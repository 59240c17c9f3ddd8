import type { ClientFrame, LiveEventType, ServerFrame } from '@antrean/shared/live/topics';

export type LiveStatus = 'connecting' | 'online' | 'offline';

export interface TopicHandler {
  /** The topic's full state; replaces whatever the screen had. */
  onSnapshot(data: unknown, seq: number): void;
  /** One event after the snapshot, in seq order, never twice. */
  onEvent(type: LiveEventType, data: unknown, seq: number): void;
  /** The server refused the topic (unknown code, no access). */
  onError?(code: string, message: string): void;
}

interface TopicState {
  handlers: Set<TopicHandler>;
  lastSeq: number | null;
  epoch: string | null;
}

export interface LiveConnectionOptions {
  url?: string;
  /** Reconnect backoff: full jitter between 0 and min(cap, base·2^attempt). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** A ping every `pingMs`; no frame at all for `deadMs` means the link is dead. */
  pingMs?: number;
  deadMs?: number;
  socketFactory?: (url: string) => WebSocket;
}

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/v1/live`;
}

function isServerFrame(value: unknown): value is ServerFrame {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

/**
 * One WebSocket to `/api/v1/live` shared by a screen. It resubscribes every topic after a
 * reconnect with its `lastSeq` and `epoch`, so the server replays what was missed (or sends a
 * fresh snapshot); a gap in seq also asks for a snapshot. Screens never need a reload.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private readonly topics = new Map<string, TopicState>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private status: LiveStatus = 'connecting';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  private closed = false;
  private readonly options: Required<Omit<LiveConnectionOptions, 'socketFactory'>> &
    Pick<LiveConnectionOptions, 'socketFactory'>;

  constructor(options: LiveConnectionOptions = {}) {
    this.options = {
      url: options.url ?? defaultUrl(),
      backoffBaseMs: options.backoffBaseMs ?? 500,
      backoffCapMs: options.backoffCapMs ?? 15_000,
      pingMs: options.pingMs ?? 15_000,
      deadMs: options.deadMs ?? 40_000,
      socketFactory: options.socketFactory,
    };
    this.connect();
  }

  getStatus(): LiveStatus {
    return this.status;
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  subscribe(topic: string, handler: TopicHandler): () => void {
    let state = this.topics.get(topic);
    const fresh = !state;
    if (!state) {
      state = { handlers: new Set(), lastSeq: null, epoch: null };
      this.topics.set(topic, state);
    }
    state.handlers.add(handler);
    if (fresh) this.sendSubscribe(topic, state);
    else if (state.lastSeq !== null) this.sendSubscribe(topic, { ...state, lastSeq: null }); // a late handler needs a snapshot too
    return () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.handlers.delete(handler);
      if (current.handlers.size === 0) {
        this.topics.delete(topic);
        this.send({ type: 'unsubscribe', topics: [topic] });
      }
    };
  }

  /** Sends a frame when connected (acks, pings); dropped while offline. */
  send(frame: ClientFrame): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  close(): void {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.socket?.close();
    this.socket = null;
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private sendSubscribe(topic: string, state: Pick<TopicState, 'lastSeq' | 'epoch'>): void {
    const frame: ClientFrame =
      state.lastSeq !== null && state.epoch !== null
        ? { type: 'subscribe', topics: [topic], lastSeq: { [topic]: state.lastSeq }, epoch: state.epoch }
        : { type: 'subscribe', topics: [topic] };
    this.send(frame);
  }

  private connect(): void {
    if (this.closed) return;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'offline');
    const socket = this.options.socketFactory
      ? this.options.socketFactory(this.options.url)
      : new WebSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.lastFrameAt = Date.now();
      this.setStatus('online');
      for (const [topic, state] of this.topics) this.sendSubscribe(topic, state);
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        if (Date.now() - this.lastFrameAt > this.options.deadMs) {
          socket.close();
          return;
        }
        this.send({ type: 'ping' });
      }, this.options.pingMs);
    };
    socket.onmessage = (message: MessageEvent) => {
      this.lastFrameAt = Date.now();
      let frame: unknown;
      try {
        frame = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (isServerFrame(frame)) this.handle(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.pingTimer) clearInterval(this.pingTimer);
      if (this.closed) return;
      this.setStatus('offline');
      const delay =
        Math.random() * Math.min(this.options.backoffCapMs, this.options.backoffBaseMs * 2 ** this.attempt);
      this.attempt += 1;
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
    };
    socket.onerror = () => socket.close();
  }

  private handle(frame: ServerFrame): void {
    if (frame.type === 'pong') return;
    if (frame.type === 'error') {
      if (!frame.topic) return;
      for (const handler of this.topics.get(frame.topic)?.handlers ?? []) {
        handler.onError?.(frame.code, frame.message);
      }
      return;
    }
    const state = this.topics.get(frame.topic);
    if (!state) return;
    if (frame.type === 'snapshot') {
      state.lastSeq = frame.seq;
      state.epoch = frame.epoch;
      for (const handler of state.handlers) handler.onSnapshot(frame.data, frame.seq);
      return;
    }
    if (state.lastSeq === null) return; // events before our snapshot are covered by it
    if (frame.seq <= state.lastSeq) return; // already applied (replay overlap)
    if (frame.seq > state.lastSeq + 1) {
      // A gap: never guess, ask for a fresh snapshot.
      state.lastSeq = null;
      this.sendSubscribe(frame.topic, { lastSeq: null, epoch: null });
      return;
    }
    state.lastSeq = frame.seq;
    for (const handler of state.handlers) handler.onEvent(frame.type, frame.data, frame.seq);
  }
}
