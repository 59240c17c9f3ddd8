import type {} from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ClientFrameSchema, parseTopic, type ServerFrame } from '@antrean/shared/live/topics';
import { canSeeBranch } from '@antrean/shared/auth/permissions';
import { errorMessage } from '@antrean/shared/i18n/errors';
import type { ErrorCode } from '@antrean/shared/errors/codes';
import type { Deps } from '../lib/deps';
import type { StaffActor } from '../lib/actor';
import { AppError } from '../lib/errors';
import { SESSION_COOKIE } from '../plugins/auth';
import type { AuthService } from '../modules/auth/auth.service';
import type { TicketService } from '../modules/tickets/ticket.service';
import type { DeviceService } from '../modules/devices/device.service';
import { buildDisplaySnapshot } from '../modules/devices/display-snapshot';
import type { LiveHub, Subscriber } from './hub';

/** Same-origin (by Host) or an origin listed in ALLOWED_ORIGINS; no Origin header = non-browser client. */
export function isAllowedOrigin(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

interface DisplayBinding {
  tenantId: string;
  branchId: string;
  deviceId: string;
}

/**
 * `/api/v1/live`: subscribe to topics, receive a snapshot then events with a per-topic seq.
 * Staff topics need a session of that tenant; display and ticket topics need their code.
 */
export function liveRoutes(app: FastifyInstance, deps: Deps, hub: LiveHub, auth: AuthService, tickets: TicketService, devices: DeviceService): void {
  const { db } = deps.database;

  app.get(
    '/api/v1/live',
    {
      websocket: true,
      config: { auth: 'public' },
      schema: { hide: true },
      preValidation: async (request) => {
        if (!isAllowedOrigin(request, deps.config.allowedOrigins)) throw new AppError('ORIGIN_FORBIDDEN');
      },
    },
    (socket: WebSocket, request) => {
      const lang = request.lang;
      const displays = new Map<string, DisplayBinding>();
      let lastHeartbeat = 0;
      const subscriber: Subscriber = {
        send(frame: ServerFrame) {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
        },
      };
      const refuse = (topicName: string | undefined, code: ErrorCode) =>
        subscriber.send({ type: 'error', ...(topicName ? { topic: topicName } : {}), code, message: errorMessage(code, lang) });

      // One session lookup per connection, shared by concurrent subscriptions.
      let staff: Promise<StaffActor | null> | undefined;
      const staffActor = (): Promise<StaffActor | null> => {
        staff ??= (async () => {
          const token = request.cookies[SESSION_COOKIE];
          if (!token) return null;
          try {
            return (await auth.resolveStaff(token))?.actor ?? null;
          } catch {
            return null;
          }
        })();
        return staff;
      };

      const heartbeat = async () => {
        const now = deps.clock.now();
        if (displays.size === 0 || now - lastHeartbeat < 15_000) return;
        lastHeartbeat = now;
        for (const binding of displays.values()) {
          await db
            .updateTable('displays')
            .set({ last_seen_at: now, last_ip: request.ip })
            .where('tenant_id', '=', binding.tenantId)
            .where('id', '=', binding.deviceId)
            .execute();
        }
      };

      async function subscribe(topicName: string, resume?: { lastSeq: number; epoch: string | undefined }): Promise<void> {
        const parsed = parseTopic(topicName);
        if (!parsed) { refuse(topicName, 'NOT_FOUND'); return; }
        switch (parsed.kind) {
          case 'branch': {
            const actor = await staffActor();
            if (!actor) { refuse(topicName, 'AUTH_REQUIRED'); return; }
            if (!actor.tenantId || !canSeeBranch(actor, parsed.id)) { refuse(topicName, 'NOT_FOUND'); return; }
            const branch = await db.selectFrom('branches').select(['id', 'time_zone']).where('tenant_id', '=', actor.tenantId).where('id', '=', parsed.id).executeTakeFirst();
            if (!branch) { refuse(topicName, 'NOT_FOUND'); return; }
            const tenantId = actor.tenantId;
            return hub.subscribe(subscriber, topicName, () => tickets.queueSnapshot(tenantId, branch.id, branch.time_zone), resume);
          }
          case 'counter': {
            const actor = await staffActor();
            if (!actor) { refuse(topicName, 'AUTH_REQUIRED'); return; }
            const tenantId = actor.tenantId;
            if (!tenantId) { refuse(topicName, 'NOT_FOUND'); return; }
            const counter = await db.selectFrom('counters').select(['id', 'branch_id']).where('tenant_id', '=', tenantId).where('id', '=', parsed.id).executeTakeFirst();
            if (!counter || !canSeeBranch(actor, counter.branch_id)) { refuse(topicName, 'NOT_FOUND'); return; }
            return hub.subscribe(
              subscriber,
              topicName,
              () => tickets.counterSnapshot(tenantId, counter.id),
              resume,
            );
          }
          case 'display': {
            const device = await devices.displayByCode(parsed.id);
            if (!device?.isActive) { refuse(topicName, 'NOT_FOUND'); return; }
            if (!device.tenantActive) { refuse(topicName, 'TENANT_INACTIVE'); return; }
            displays.set(topicName, { tenantId: device.tenantId, branchId: device.branchId, deviceId: device.id });
            hub.bindDisplay(topicName, device.branchId);
            lastHeartbeat = 0;
            await heartbeat();
            return hub.subscribe(subscriber, topicName, () => buildDisplaySnapshot(db, device.tenantId, device.branchId, deps.clock.now()), resume);
          }
          case 'ticket': {
            return hub.subscribe(subscriber, topicName, () => tickets.publicGet(parsed.id), resume).catch((error: unknown) => {
              hub.unsubscribe(subscriber, topicName);
              refuse(topicName, error instanceof AppError ? error.code : 'INTERNAL_ERROR');
            });
          }
        }
      }

      socket.on('message', (raw: Buffer) => {
        let frame: unknown;
        try {
          frame = JSON.parse(raw.toString('utf8'));
        } catch {
          refuse(undefined, 'VALIDATION_FAILED');
          return;
        }
        const parsed = ClientFrameSchema.safeParse(frame);
        if (!parsed.success) {
          refuse(undefined, 'VALIDATION_FAILED');
          return;
        }
        const message = parsed.data;
        switch (message.type) {
          case 'ping':
            subscriber.send({ type: 'pong', at: deps.clock.now() });
            void heartbeat().catch((error: unknown) => request.log.warn({ err: error }, 'display heartbeat failed'));
            return;
          case 'unsubscribe':
            for (const t of message.topics) {
              hub.unsubscribe(subscriber, t);
              displays.delete(t);
            }
            return;
          case 'ack': {
            const [binding] = displays.values();
            if (!binding) return;
            void tickets
              .acknowledgeAnnouncement(binding.branchId, binding.tenantId, message.ticketId)
              .catch((error: unknown) => request.log.warn({ err: error }, 'announcement ack failed'));
            return;
          }
          case 'subscribe':
            for (const t of message.topics) {
              const lastSeq = message.lastSeq?.[t];
              const resume = lastSeq === undefined ? undefined : { lastSeq, epoch: message.epoch };
              subscribe(t, resume).catch((error: unknown) => {
                request.log.error({ err: error, topic: t }, 'live subscribe failed');
                refuse(t, 'INTERNAL_ERROR');
              });
            }
            return;
        }
      });
      socket.on('close', () => hub.removeSubscriber(subscriber));
      socket.on('error', () => hub.removeSubscriber(subscriber));
    },
  );
}
