/**
 * Helpers for the queue-engine and live tests: the whole app with its 1 s timers DISABLED (tests
 * run `runQueueTimers` by hand against a manual clock), a ready-made branch with services,
 * counters, devices and signed-in staff, HTTP shortcuts, direct row access, and a small
 * WebSocket client for `/api/v1/live`.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import WebSocket from 'ws';
import { parseTopic, type ServerFrame } from '@antrean/shared/live/topics';
import { parseLiveData } from '@antrean/shared/live/events';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { IssuedTicket, Ticket } from '@antrean/shared/domain/ticket/ticket';
import { buildApp } from '../app';
import { createPostgresDatabase, type Database } from '../db/database';
import { runQueueTimers } from '../jobs/queue-timers';
import { ManualClock } from '../lib/clock';
import { serviceDeps, type Deps } from '../lib/deps';
import type { LiveBus } from '../live/bus';
import type { LiveHub } from '../live/hub';
import type { TicketService } from '../modules/tickets/ticket.service';
import type { TicketEventRow, TicketRow } from '../modules/tickets/ticket.repository';
import { TEST_NOW, testConfig } from './app';
import { createTestDatabase } from './db';
import {
  createFactories,
  loginAs,
  type ApiKeyRef,
  type BranchRef,
  type CounterRef,
  type DeviceRef,
  type Factories,
  type ServiceRef,
  type UserRef,
} from './factories';

/** What buildApp decorates the instance with (`app.live`). */
interface LiveHandles {
  hub: LiveHub;
  bus: LiveBus;
  tickets: TicketService;
}

function liveOf(app: FastifyInstance): LiveHandles {
  const live = (app as unknown as { live?: LiveHandles }).live;
  if (!live) throw new Error('app.live is missing');
  return live;
}

/** A distinct client address per call, so per-IP rate limits (login 30/min, issue 120/min) never interfere. */
let ipCounter = 0;
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface EngineApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  deps: Deps;
  live: LiveHandles;
  f: Factories;
  /** One pass of the time-driven transitions, as the 1 s timer would run it. */
  runTimers(): ReturnType<typeof runQueueTimers>;
  close(): Promise<void>;
}

export interface EngineAppOptions {
  /** Use this database (the caller closes it); by default a fresh one is created and closed. */
  database?: Database;
  /** Share a clock with another app (restart, two processes); default: a new one at `now`. */
  clock?: ManualClock;
  now?: number;
  env?: Record<string, string>;
  /**
   * PostgreSQL: serve the app from a pool of this many connections to its fresh database
   * (the default test pool has 4, one of which LISTENs), for the concurrency tests.
   */
  poolSize?: number;
}

/**
 * The whole application like buildTestApp (timers off: `buildApp(deps, { timers: false })`), plus
 * what the engine tests need: a clock shareable between two apps (restart, two servers), the
 * deps and `app.live` handles, `runTimers()`, and optionally a wider PostgreSQL pool.
 */
export async function buildEngineApp(options: EngineAppOptions = {}): Promise<EngineApp> {
  const ownsDatabase = !options.database;
  let database: Database;
  if (options.database) {
    database = options.database;
  } else {
    const base = await createTestDatabase();
    if (options.poolSize && base.kind === 'postgres') {
      const wide = sameDatabase(base, options.poolSize);
      database = {
        ...wide,
        close: async () => {
          try {
            await wide.close();
          } finally {
            await base.close();
          }
        },
      };
    } else {
      database = base;
    }
  }
  const clock = options.clock ?? new ManualClock(options.now ?? TEST_NOW);
  const deps: Deps = { config: testConfig(options.env), database, clock };
  let app: FastifyInstance;
  try {
    app = await buildApp(deps, { timers: false });
    await app.ready();
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  const live = liveOf(app);
  return {
    app,
    database,
    clock,
    deps,
    live,
    f: createFactories(database, clock, deps.config.dataDir),
    runTimers: () => runQueueTimers(serviceDeps(deps), live.tickets),
    close: async () => {
      try {
        await app.close();
      } finally {
        if (ownsDatabase) await database.close();
      }
    },
  };
}

/**
 * Another handle on the same database, like a second server process would open: on PostgreSQL
 * a new pool of `poolSize` connections to the same database (closing it does not drop the
 * database); on in-memory SQLite the same handle (there is no other way to reach it).
 */
export function sameDatabase(database: Database, poolSize = 8): Database {
  if (database.kind !== 'postgres' || !database.pool) return { ...database, close: () => Promise.resolve() };
  const url = database.pool.options.connectionString;
  if (!url) throw new Error('sameDatabase: the pool has no connection string');
  return createPostgresDatabase(url, poolSize);
}

export interface QueueScenario {
  tenantId: string;
  branch: BranchRef;
  services: ServiceRef[];
  counters: CounterRef[];
  users: { admin: UserRef; operator: UserRef; caller: UserRef; caller2: UserRef };
  cookies: { admin: string; operator: string; caller: string; caller2: string };
  kiosk: DeviceRef;
  display: DeviceRef;
  apiKey: ApiKeyRef;
}

export interface QueueScenarioOptions {
  tenantId?: string;
  timeZone?: string;
  /** One service per code, all offered by the branch. Default `['A', 'B']`. */
  serviceCodes?: string[];
  slaSeconds?: number;
  /** Per counter, the indexes (into serviceCodes) of the services it serves. Default: one counter per service. */
  counterServices?: number[][];
}

/** A tenant's branch ready to queue: services, counters, kiosk, display, API key, signed-in staff. */
export async function buildQueueScenario(
  t: { app: FastifyInstance; f: Factories },
  options: QueueScenarioOptions = {},
): Promise<QueueScenario> {
  const { f } = t;
  const tenantId = options.tenantId ?? (await f.buildTenant()).id;
  const branch = await f.buildBranch({ tenantId, timeZone: options.timeZone ?? 'Asia/Jakarta' });
  const services: ServiceRef[] = [];
  for (const code of options.serviceCodes ?? ['A', 'B']) {
    services.push(
      await f.buildService({ tenantId, branchIds: [branch.id], code, slaSeconds: options.slaSeconds ?? 300 }),
    );
  }
  const counters: CounterRef[] = [];
  const mapping = options.counterServices ?? services.map((_, i) => [i]);
  for (const [i, indexes] of mapping.entries()) {
    counters.push(
      await f.buildCounter({
        branchId: branch.id,
        number: i + 1,
        serviceIds: indexes.map((x) => services[x]?.id ?? '').filter(Boolean),
      }),
    );
  }
  const branchIds = [branch.id];
  const users = {
    admin: await f.buildUser({ role: 'admin', tenantId }),
    operator: await f.buildUser({ role: 'operator', tenantId, branchIds }),
    caller: await f.buildUser({ role: 'caller', tenantId, branchIds }),
    caller2: await f.buildUser({ role: 'caller', tenantId, branchIds }),
  };
  const login = (u: UserRef) => loginAs(t.app, u.username, u.password, { remoteAddress: nextIp() });
  const cookies = {
    admin: await login(users.admin),
    operator: await login(users.operator),
    caller: await login(users.caller),
    caller2: await login(users.caller2),
  };
  const kiosk = await f.buildKiosk({ branchId: branch.id });
  const display = await f.buildDisplay({ branchId: branch.id });
  const apiKey = await f.buildBranchApiKey(branch.id);
  return { tenantId, branch, services, counters, users, cookies, kiosk, display, apiKey };
}

export interface IssueOptions {
  cookie?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** Shortcuts over app.inject for the ticket routes. */
export function ticketApi(app: FastifyInstance) {
  const headersFor = (cookie: string | undefined, extra: Record<string, string> = {}) => ({
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  return {
    issue(
      branchId: string,
      body: Record<string, unknown>,
      options: IssueOptions = {},
    ): Promise<LightMyRequestResponse> {
      return app.inject({
        method: 'POST',
        url: `/api/v1/branches/${branchId}/tickets`,
        headers: headersFor(options.cookie, options.headers),
        payload: body,
        remoteAddress: options.remoteAddress ?? nextIp(),
      });
    },
    callNext(counterId: string, cookie: string): Promise<LightMyRequestResponse> {
      return app.inject({
        method: 'POST',
        url: `/api/v1/counters/${counterId}/call-next`,
        headers: { cookie },
      });
    },
    act(
      ticketId: string,
      action: string,
      cookie: string,
      body?: Record<string, unknown>,
    ): Promise<LightMyRequestResponse> {
      return app.inject({
        method: 'POST',
        url: `/api/v1/tickets/${ticketId}/${action}`,
        headers: { cookie },
        ...(body ? { payload: body } : {}),
      });
    },
    get(ticketId: string, cookie: string): Promise<LightMyRequestResponse> {
      return app.inject({ method: 'GET', url: `/api/v1/tickets/${ticketId}`, headers: { cookie } });
    },
    publicGet(uniqueCode: string): Promise<LightMyRequestResponse> {
      return app.inject({
        method: 'GET',
        url: `/api/v1/public/tickets/${uniqueCode}`,
        remoteAddress: nextIp(),
      });
    },
    resetQueue(
      branchId: string,
      cookie: string,
      body: Record<string, unknown> = {},
    ): Promise<LightMyRequestResponse> {
      return app.inject({
        method: 'POST',
        url: `/api/v1/branches/${branchId}/reset-queue`,
        headers: { cookie },
        payload: body,
      });
    },
  };
}

/** A ticket from a 200 answer of a ticket route. */
export function ticketOf(response: { json: () => unknown }): Ticket {
  return response.json() as Ticket;
}

/** Issues as the scenario's operator and returns the 201 body (throws otherwise). */
export async function issueOk(
  app: FastifyInstance,
  s: QueueScenario,
  serviceIndex = 0,
  extra: Record<string, unknown> = {},
): Promise<IssuedTicket> {
  const service = s.services[serviceIndex];
  if (!service) throw new Error(`no service ${serviceIndex}`);
  const response = await ticketApi(app).issue(
    s.branch.id,
    { serviceId: service.id, channel: 'operator', ...extra },
    { cookie: s.cookies.operator },
  );
  if (response.statusCode !== 201) throw new Error(`issue failed: ${response.statusCode} ${response.body}`);
  return response.json<IssuedTicket>();
}

export async function ticketRow(database: Database, id: string): Promise<TicketRow> {
  return database.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function eventsOf(database: Database, ticketId: string): Promise<TicketEventRow[]> {
  return database.db
    .selectFrom('ticket_events')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/**
 * A ticket row written directly (for orders and states the HTTP flow cannot reach at a chosen
 * instant): built by the factory (number from the sequence), then patched.
 */
export async function insertTicket(
  t: { f: Factories; database: Database },
  values: {
    branchId: string;
    serviceId: string;
    status?: TicketStatus;
    slotStartAt?: number | null;
    queuedAt?: number | null;
    serviceDay?: string;
    counterId?: string | null;
    calledAt?: number | null;
  },
): Promise<TicketRow> {
  const ref = await t.f.buildTicket({
    branchId: values.branchId,
    serviceId: values.serviceId,
    status: values.status ?? 'waiting',
  });
  const patch: Partial<TicketRow> = {};
  if (values.slotStartAt !== undefined) {
    patch.slot_start_at = values.slotStartAt;
    patch.slot_end_at = values.slotStartAt === null ? null : values.slotStartAt + 15 * 60_000;
    patch.channel = 'web';
  }
  if (values.queuedAt !== undefined) patch.queued_at = values.queuedAt;
  if (values.serviceDay !== undefined) patch.service_day = values.serviceDay;
  if (values.counterId !== undefined) patch.counter_id = values.counterId;
  if (values.calledAt !== undefined) {
    patch.called_at = values.calledAt;
    patch.first_called_at = values.calledAt;
  }
  if (Object.keys(patch).length > 0) {
    await t.database.db.updateTable('tickets').set(patch).where('id', '=', ref.id).execute();
  }
  return ticketRow(t.database, ref.id);
}

/** Starts listening on an ephemeral loopback port and returns the base URL (`http://127.0.0.1:<port>`). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

export interface HttpResult {
  status: number;
  body: string;
  json: () => unknown;
}

/** The error envelope every refusal answers with. */
export interface ApiError {
  error: {
    code: string;
    message: string;
    details?: { fields?: Record<string, string> } & Record<string, unknown>;
  };
}

/** The error of a refused request (`{ error: { code, … } }`). */
export function errorOf(response: { json: () => unknown }): ApiError['error'] {
  return (response.json() as ApiError).error;
}

/** A real HTTP POST (for true concurrency through the sockets, not app.inject). */
async function httpPost(
  base: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const body = await response.text();
  return { status: response.status, body, json: (): unknown => JSON.parse(body) };
}

/**
 * POST for the concurrency tests: real HTTP through the listening socket on PostgreSQL (parallel
 * transactions on several pool connections), app.inject on SQLite (one writer serialises the
 * transactions anyway; inject avoids the socket overhead on a small machine).
 */
export function concurrentPoster(
  app: FastifyInstance,
  database: Database,
  base: string,
): (
  path: string,
  options?: { cookie?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<HttpResult> {
  if (database.kind === 'postgres') return (path, options) => httpPost(base, path, options);
  return async (path, options = {}) => {
    const headers = {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    };
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers,
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
    return {
      status: response.statusCode,
      body: response.body,
      json: (): unknown => JSON.parse(response.body),
    };
  };
}

/** A received frame; every field readable (tests check the shape with expect). */
export type Frame = ServerFrame & Record<string, unknown>;

/** A WebSocket client of `/api/v1/live` that records every frame it receives. */
export class LiveClient {
  readonly frames: Frame[] = [];
  /** Frames whose data does not match the live event map (@antrean/shared/live/events). */
  readonly contractErrors: string[] = [];
  private waiters: (() => void)[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString('utf8')) as Frame;
      this.frames.push(frame);
      // Every snapshot and event is checked against the map its topic's kind publishes against.
      const kind =
        typeof frame.topic === 'string' && frame.type !== 'error' ? parseTopic(frame.topic)?.kind : undefined;
      if (kind) {
        const checked = parseLiveData(kind, { type: frame.type, data: frame.data });
        if (!checked.success) {
          this.contractErrors.push(`${String(frame.topic)} ${frame.type}: ${checked.error}`);
        }
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(base: string, headers: Record<string, string> = {}): Promise<LiveClient> {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/live`, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new LiveClient(socket)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode ?? '?'}`)),
      );
    });
  }

  /** The HTTP status the server answers an upgrade with when it refuses it (null when it accepts). */
  static refusedStatus(base: string, headers: Record<string, string>): Promise<number | null> {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/live`, { headers });
    return new Promise((resolve, reject) => {
      socket.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('open', () => {
        resolve(null);
        socket.close();
      });
      socket.once('error', (error) => reject(error));
    });
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  subscribe(topics: string[], resume: { lastSeq?: Record<string, number>; epoch?: string } = {}): void {
    this.send({ type: 'subscribe', topics, ...resume });
  }

  /** Frames so far that match. */
  matching(predicate: (frame: Frame) => boolean): Frame[] {
    return this.frames.filter(predicate);
  }

  /** Resolves with the first `count` matching frames once they have arrived. */
  async waitFor(predicate: (frame: Frame) => boolean, count = 1, timeoutMs = 5000): Promise<Frame[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.contractErrors.length > 0) {
        throw new Error(`live frames off contract: ${this.contractErrors.join('; ')}`);
      }
      const found = this.matching(predicate);
      if (found.length >= count) return found.slice(0, count);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `timed out waiting for ${count} frame(s); got ${found.length}. Frames: ${JSON.stringify(this.frames).slice(0, 2000)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves when the server closes the socket, with the close code and reason it gave. */
  closed(): Promise<{ code: number; reason: string }> {
    return new Promise((resolve) => {
      this.socket.once('close', (code: number, reason: Buffer) =>
        resolve({ code, reason: reason.toString() }),
      );
    });
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** Lets pending I/O (late frames, NOTIFY) arrive before asserting that something did NOT happen. */
export const settle = (ms = 150): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** UTC instant of a branch-local wall-clock time, for zones without DST (all of Indonesia). */
export function localInstant(date: string, time: string, utcOffsetHours: number): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, (hh ?? 0) - utcOffsetHours, mm ?? 0, ss ?? 0);
}
