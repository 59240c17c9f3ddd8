import type {} from '@fastify/websocket';
import { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ClientFrameSchema, parseTopic, type ServerFrame } from '@antrean/shared/live/topics';
import { errorMessage } from '@antrean/shared/i18n/errors';
import type { ErrorCode } from '@antrean/shared/errors/codes';
import type { Language } from '@antrean/shared/i18n/lang';
import type { Deps } from '../../lib/deps';
import type { StaffActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { SESSION_COOKIE } from '../../plugins/auth';
import type { LiveHub, Resume, Subscriber, TopicName } from '../../live/hub';
import type { DisplayBinding, LiveService } from './live.service';

/** Same-origin (by Host) or an origin listed in ALLOWED_ORIGINS; no Origin header = non-browser client. */
function isAllowedOrigin(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** Topics that need a staff session (their subscribers leave them when the access ends). */
function isStaffTopic(name: string): boolean {
  return name.startsWith('branch:') || name.startsWith('counter:');
}

/** What every connection shares (one object per app, not per socket). */
interface LiveContext {
  deps: Deps;
  hub: LiveHub;
  live: LiveService;
  log: FastifyBaseLogger;
  /** Open sockets per client address (the per-address cap). */
  sockets: Map<string, number>;
}

/** The close code of a socket refused too often: an application code mirroring HTTP 429. */
export const LIVE_CLOSE_THROTTLED = 4429;

/** `socket.send` options for pre-encoded frames: text frames, as JSON.stringify'd strings are. */
const TEXT_FRAME = { binary: false } as const;

/**
 * One WebSocket's state. Deliberately small — it lives as long as the socket (10,000 displays
 * → 10,000 of these): it copies the few things it needs from the upgrade request (language,
 * address, session token) instead of keeping the Fastify request alive, its methods live on the
 * prototype (no per-connection closures) and its maps are created on first use.
 */
class LiveConnection implements Subscriber {
  /** display topic → its display; created by the first display subscription. */
  private displays: Map<string, DisplayBinding> | undefined;
  /** The topics this connection subscribed to, so closing it costs O(its topics). */
  private readonly topics = new Set<string>();
  /**
   * The session's staff member: looked up again for every subscribe frame (shared by its topics)
   * and after every recheck of the access, never trusted from the upgrade on.
   */
  private staff: Promise<StaffActor | null> | undefined;
  /** Bumped by every recheck of the access: a subscription checked before it is checked again. */
  private generation = 0;
  /** Subscriptions whose access is being checked (they count against the topic cap). */
  private checking = 0;
  /** Refusals so far: at the configured number the socket is closed. */
  private refused = 0;

  constructor(
    readonly ctx: LiveContext,
    private readonly socket: WebSocket,
    private readonly lang: Language,
    private readonly ip: string,
    private readonly sessionToken: string | undefined,
  ) {}

  private get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  send(frame: ServerFrame): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  /** The hub's fan-out: the same encoded event for every subscriber of the topic. */
  sendEncoded(frame: Buffer): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame, TEXT_FRAME);
  }

  private refuse(topicName: string | undefined, code: ErrorCode): void {
    this.send({
      type: 'error',
      ...(topicName ? { topic: topicName } : {}),
      code,
      message: errorMessage(code, this.lang),
    });
    // Guessing codes (or flooding malformed frames) ends the connection (issue 13 item 2).
    this.refused += 1;
    if (this.refused === this.ctx.deps.config.live.maxRefusedPerSocket && this.open) {
      this.send({ type: 'error', code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED', this.lang) });
      this.socket.close(LIVE_CLOSE_THROTTLED, 'RATE_LIMITED');
    }
  }

  private staffActor(): Promise<StaffActor | null> {
    if (!this.staff) {
      const token = this.sessionToken;
      const generation = this.generation;
      this.staff = token
        ? this.ctx.live.staffFromSession(token).then((resolved) => {
            if (!resolved) {
              this.ctx.hub.unbindPrincipal(this);
              return null;
            }
            const { actor, expiresAt } = resolved;
            // Bound to its session, user and tenant: an `access` message or the expiry reaches it.
            if (generation === this.generation && this.open) {
              this.ctx.hub.bindPrincipal(this, {
                sessionId: actor.sessionId,
                userId: actor.userId,
                tenantId: actor.tenantId,
                expiresAt,
              });
            }
            return actor;
          })
        : Promise.resolve(null);
    }
    return this.staff;
  }

  /**
   * The hub's call when this connection's session, user or tenant lost (or may have lost) its
   * access: its staff topics are left at once, then subscribed again through the access check,
   * each from the seq it had reached (nothing missed, no snapshot) — or refused with the error a
   * new subscription would get (AUTH_REQUIRED once the session is gone).
   */
  recheckAccess(): void {
    this.generation += 1;
    this.staff = undefined;
    for (const name of [...this.topics]) {
      if (!isStaffTopic(name)) continue;
      const resume = this.ctx.hub.suspend(this, name);
      this.topics.delete(name);
      this.subscribeOrRefuse(name, resume);
    }
  }

  /** Marks this connection's displays as seen (batched, throttled per device: no write here). */
  private heartbeat(): void {
    if (!this.displays) return;
    for (const binding of this.displays.values()) this.ctx.live.displaySeen(binding, this.ip);
  }

  private subscribeOrRefuse(topicName: string, resume: Resume | undefined): void {
    this.subscribe(topicName, resume).catch((error: unknown) => {
      this.ctx.log.error({ err: error, topic: topicName }, 'live subscribe failed');
      this.refuse(topicName, 'INTERNAL_ERROR');
    });
  }

  private async subscribe(topicName: string, resume: Resume | undefined): Promise<void> {
    const parsed = parseTopic(topicName);
    if (!parsed) {
      this.refuse(topicName, 'NOT_FOUND');
      return;
    }
    // The same name, typed by its kind (parseTopic accepted exactly `<kind>:<id>`).
    const name: TopicName = `${parsed.kind}:${parsed.id}`;
    if (
      !this.topics.has(name) &&
      this.topics.size + this.checking >= this.ctx.deps.config.live.maxTopicsPerSocket
    ) {
      this.refuse(topicName, 'LIVE_TOO_MANY_TOPICS');
      return;
    }
    const generation = this.generation;
    this.checking += 1;
    let access: Awaited<ReturnType<LiveService['access']>>;
    try {
      access = await this.ctx.live.access(parsed, () => this.staffActor());
    } finally {
      this.checking -= 1;
    }
    if (!this.open) return;
    // The access was rechecked while this one was being checked: check again.
    if (generation !== this.generation) return this.subscribe(topicName, resume);
    if (!access.ok) {
      this.refuse(topicName, access.code);
      return;
    }
    if (access.display) {
      this.displays ??= new Map();
      this.displays.set(topicName, access.display);
      this.ctx.hub.bindDisplay(topicName, access.display.branchId);
      this.ctx.live.displaySeen(access.display, this.ip);
    }
    this.topics.add(name);
    const subscribed = this.ctx.hub.subscribe(this, name, access.snapshot, resume);
    if (parsed.kind !== 'ticket') return subscribed;
    // An unknown ticket code is told as the snapshot's error (the topic is left).
    return subscribed.catch((error: unknown) => {
      this.unsubscribe(topicName);
      this.refuse(topicName, error instanceof AppError ? error.code : 'INTERNAL_ERROR');
    });
  }

  private unsubscribe(topicName: string): void {
    this.ctx.hub.unsubscribe(this, topicName);
    this.topics.delete(topicName);
    this.displays?.delete(topicName);
  }

  onMessage(raw: Buffer): void {
    let frame: unknown;
    try {
      frame = JSON.parse(raw.toString('utf8'));
    } catch {
      this.refuse(undefined, 'VALIDATION_FAILED');
      return;
    }
    const parsed = ClientFrameSchema.safeParse(frame);
    if (!parsed.success) {
      this.refuse(undefined, 'VALIDATION_FAILED');
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'ping':
        this.send({ type: 'pong', at: this.ctx.deps.clock.now() });
        this.heartbeat();
        return;
      case 'unsubscribe':
        for (const t of message.topics) this.unsubscribe(t);
        return;
      case 'ack': {
        const binding = this.displays?.values().next().value;
        if (!binding) return;
        void this.ctx.live
          .acknowledge(binding, message.ticketId)
          .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'announcement ack failed'));
        return;
      }
      case 'subscribe':
        // The session is checked again for every subscribe frame (once for all its topics).
        this.staff = undefined;
        for (const t of message.topics) {
          const lastSeq = message.lastSeq?.[t];
          this.subscribeOrRefuse(t, lastSeq === undefined ? undefined : { lastSeq, epoch: message.epoch });
        }
        return;
    }
  }

  onClose(): void {
    const open = (this.ctx.sockets.get(this.ip) ?? 1) - 1;
    if (open > 0) this.ctx.sockets.set(this.ip, open);
    else this.ctx.sockets.delete(this.ip);
    this.ctx.hub.unbindPrincipal(this);
    this.ctx.hub.removeSubscriber(this, this.topics);
    this.topics.clear();
  }
}

/** Socket → its connection; the listeners below are shared by every socket (no closures per socket). */
const connections = new WeakMap<WebSocket, LiveConnection>();
function onSocketMessage(this: WebSocket, raw: Buffer): void {
  connections.get(this)?.onMessage(raw);
}
function onSocketClose(this: WebSocket): void {
  connections.get(this)?.onClose();
  connections.delete(this);
}
function onSocketError(this: WebSocket, error: Error): void {
  connections.get(this)?.ctx.log.warn({ err: error }, 'live socket error');
  onSocketClose.call(this);
}

/**
 * Lets the upgrade's HTTP objects go, which otherwise live as long as the WebSocket (~1.5 KB per
 * socket, measured with heap snapshots): the IncomingMessage and its headers, Fastify's Request
 * and Reply with their hooks. Two things hold them: the ServerResponse @fastify/websocket
 * assigned to the socket for the upgrade (`socket._httpMessage`; nothing writes to it after the
 * upgrade, so it is detached with Node's ServerResponse.detachSocket), and the plugin's own
 * 'error' listener on the WebSocket, a closure whose scope holds the request and reply — it is
 * replaced by ours (which logs too, so an error never goes unheard or unhandled).
 */
function releaseUpgradeRequest(socket: WebSocket, request: FastifyRequest): void {
  socket.removeAllListeners('error');
  const raw = request.raw.socket;
  const response: unknown = Reflect.get(raw, '_httpMessage');
  if (response instanceof ServerResponse && response.socket === raw) response.detachSocket(raw);
}

/**
 * `/api/v1/live`: subscribe to topics, receive a snapshot then events with a per-topic seq.
 * Staff topics need a session of that tenant; display and ticket topics need their code.
 */
export function liveRoutes(app: FastifyInstance, deps: Deps, hub: LiveHub, live: LiveService): void {
  const ctx: LiveContext = { deps, hub, live, log: app.log, sockets: new Map() };
  const maxPerAddress = deps.config.live.maxSocketsPerAddress;

  app.get(
    '/api/v1/live',
    {
      websocket: true,
      config: { auth: 'public' },
      schema: { hide: true },
      preValidation: async (request) => {
        if (!isAllowedOrigin(request, deps.config.allowedOrigins)) throw new AppError('ORIGIN_FORBIDDEN');
        // Sockets per client address are capped (issue 13 item 2): 429 before the upgrade.
        if (maxPerAddress > 0 && (ctx.sockets.get(request.ip) ?? 0) >= maxPerAddress) {
          throw new AppError('RATE_LIMITED');
        }
      },
    },
    (socket: WebSocket, request) => {
      // First: it drops the plugin's 'error' listener; ours (which logs) is added just below.
      releaseUpgradeRequest(socket, request);
      ctx.sockets.set(request.ip, (ctx.sockets.get(request.ip) ?? 0) + 1);
      connections.set(
        socket,
        new LiveConnection(ctx, socket, request.lang, request.ip, request.cookies[SESSION_COOKIE]),
      );
      socket.on('message', onSocketMessage);
      socket.on('close', onSocketClose);
      socket.on('error', onSocketError);
    },
  );
}
