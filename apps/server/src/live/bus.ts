import type { Pool, PoolClient } from 'pg';
import { randomBytes } from 'node:crypto';
import type { LiveHub, LiveMessage } from './hub';

/** Publishes live messages: locally, and to the other server processes in PostgreSQL mode. */
export interface LiveBus {
  publish(message: LiveMessage): void;
  close(): Promise<void>;
}

export function createLocalBus(hub: LiveHub): LiveBus {
  return {
    publish: (message) => hub.deliver(message),
    close: () => Promise.resolve(),
  };
}

const CHANNEL = 'antrean_live';
/** NOTIFY payloads must stay below 8000 bytes; bigger messages are reduced to a resync hint. */
const MAX_PAYLOAD = 7800;

/** A NOTIFY payload of ours (`publish` below): the sending node and its messages, in order. */
function notificationOf(value: unknown): { origin: string; messages: LiveMessage[] } | undefined {
  if (
    typeof value !== 'object' ||
    value === null ||
    !('origin' in value) ||
    typeof value.origin !== 'string'
  ) {
    return undefined;
  }
  if (!('messages' in value) || !Array.isArray(value.messages)) return undefined;
  const messages: LiveMessage[] = value.messages.filter(isLiveMessage);
  return { origin: value.origin, messages };
}

function isLiveMessage(value: unknown): value is LiveMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    (value.kind === 'branch' || value.kind === 'topic' || value.kind === 'revoke' || value.kind === 'access')
  );
}

/** A message as it travels: a branch event too big for NOTIFY becomes a resync hint. */
function encodeMessage(message: LiveMessage): string {
  const json = JSON.stringify(message);
  if (json.length <= MAX_PAYLOAD - 100 || message.kind !== 'branch') return json;
  return JSON.stringify({ ...message, staff: { truncated: true }, public: { truncated: true } });
}

/**
 * Packs encoded messages into as few NOTIFY payloads as fit under the size limit, keeping their
 * order: `{"origin":…,"messages":[…]}`.
 */
export function packNotifications(origin: string, encoded: readonly string[]): string[] {
  const head = `{"origin":${JSON.stringify(origin)},"messages":[`;
  const payloads: string[] = [];
  let parts: string[] = [];
  let size = head.length + 2;
  for (const part of encoded) {
    if (parts.length > 0 && size + part.length + 1 > MAX_PAYLOAD) {
      payloads.push(`${head}${parts.join(',')}]}`);
      parts = [];
      size = head.length + 2;
    }
    parts.push(part);
    size += part.length + 1;
  }
  if (parts.length > 0) payloads.push(`${head}${parts.join(',')}]}`);
  return payloads;
}

/**
 * PostgreSQL LISTEN/NOTIFY fan-out between server processes. NOTIFY is sent on its own,
 * AFTER the business transaction committed (never inside it: NOTIFY takes a cluster-wide lock
 * at commit). Delivery is at-most-once, which is why clients resync by seq/snapshot.
 */
export async function createPostgresBus(
  hub: LiveHub,
  pool: Pool,
  log?: (error: unknown) => void,
): Promise<LiveBus> {
  const nodeId = randomBytes(8).toString('hex');
  let listener: PoolClient | undefined = await pool.connect();
  let closed = false;

  const attach = async (client: PoolClient) => {
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const notification = notificationOf(JSON.parse(msg.payload));
        if (notification && notification.origin !== nodeId) {
          for (const message of notification.messages) hub.deliver(message);
        }
      } catch (error) {
        log?.(error);
      }
    });
    client.on('error', (error) => {
      log?.(error);
      if (closed) return;
      // Re-listen on a fresh connection; clients resync by seq/snapshot for what was missed.
      listener = undefined;
      setTimeout(() => {
        void pool.connect().then(async (fresh) => {
          listener = fresh;
          await attach(fresh);
        }, log);
      }, 1000);
    });
    await client.query(`LISTEN ${CHANNEL}`);
  };
  await attach(listener);

  // NOTIFYs are batched: what is published in one turn of the event loop (e.g. the members of
  // many concurrent requests) leaves in ONE statement — a NOTIFY is a transaction of its own and
  // queues on PostgreSQL's notification lock at commit, so one per event capped throughput
  // (bench/RESULTS.md). Order is kept; local subscribers are served at once.
  let pending: string[] = [];
  let flushing = false;
  const flush = (): void => {
    flushing = false;
    const batch = pending;
    pending = [];
    const payloads = packNotifications(nodeId, batch);
    if (payloads.length === 0 || closed) return;
    const calls = payloads.map((_p, i) => `pg_notify($1, $${String(i + 2)})`).join(', ');
    pool.query(`select ${calls}`, [CHANNEL, ...payloads]).catch((error: unknown) => log?.(error));
  };

  return {
    publish(message) {
      hub.deliver(message);
      pending.push(encodeMessage(message));
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    },
    async close() {
      if (pending.length > 0) flush();
      closed = true;
      if (listener) {
        await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        listener.release();
      }
    },
  };
}
