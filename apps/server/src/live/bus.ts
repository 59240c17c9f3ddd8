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

/** A NOTIFY payload of ours (`publish` below): the sending node and the message. */
function isNotification(value: unknown): value is { origin: string; message: LiveMessage } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'origin' in value &&
    typeof value.origin === 'string' &&
    'message' in value &&
    typeof value.message === 'object' &&
    value.message !== null
  );
}

/**
 * PostgreSQL LISTEN/NOTIFY fan-out between server processes. NOTIFY is sent on its own,
 * AFTER the business transaction committed (never inside it: NOTIFY takes a cluster-wide lock
 * at commit). Delivery is at-most-once, which is why clients resync by seq/snapshot.
 */
export async function createPostgresBus(hub: LiveHub, pool: Pool, log?: (error: unknown) => void): Promise<LiveBus> {
  const nodeId = randomBytes(8).toString('hex');
  let listener: PoolClient | undefined = await pool.connect();
  let closed = false;

  const attach = async (client: PoolClient) => {
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const parsed: unknown = JSON.parse(msg.payload);
        if (isNotification(parsed) && parsed.origin !== nodeId) hub.deliver(parsed.message);
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

  return {
    publish(message) {
      hub.deliver(message);
      let payload = JSON.stringify({ origin: nodeId, message });
      if (payload.length > MAX_PAYLOAD && message.kind === 'branch') {
        payload = JSON.stringify({ origin: nodeId, message: { ...message, staff: { truncated: true }, public: { truncated: true } } });
      }
      pool.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch((error: unknown) => log?.(error));
    },
    async close() {
      closed = true;
      if (listener) {
        await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        listener.release();
      }
    },
  };
}
