import type { Clock } from '../../lib/clock';
import type { UnitOfWork } from '../../lib/uow';
import { writeLastSeen } from './device-heartbeat.repository';

export type DeviceKind = 'display' | 'kiosk';

interface Pending {
  kind: DeviceKind;
  tenantId: string;
  deviceId: string;
  at: number;
  ip: string;
}

export interface HeartbeatOptions {
  /** A device's last-seen time is written at most once per this interval (per process). */
  minIntervalMs?: number;
  /** Pending heartbeats are written together, in one transaction, this long after the first. */
  flushDelayMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * At most one write per device (kind + id) every 25 s: displays ping every 15 s, kiosks send a
 * heartbeat every 30 s, so a kiosk's 30 s beat is never dropped and a display's is written every
 * other ping. With the 5 s flush delay a connected device's stored last-seen is at most ~35 s
 * (+ one ping interval) old: inside the monitor's 90 s online window (ONLINE_WINDOW_MS).
 */
export const HEARTBEAT_MIN_INTERVAL_MS = 25_000;
export const HEARTBEAT_FLUSH_DELAY_MS = 5_000;

/**
 * Device last-seen times, kept in memory and written in batches (decision 33): a display
 * (re)subscribing or pinging, or a kiosk heartbeat, no longer costs a durable write of its own.
 * Per device at most one write per `minIntervalMs`; the pending ones are flushed in ONE
 * transaction `flushDelayMs` after the first of them, and on shutdown (`close`).
 */
export class DeviceHeartbeats {
  /** kind:id → when its last-seen was last queued for writing (pruned once older than the interval). */
  private readonly lastQueued = new Map<string, number>();
  private pending = new Map<string, Pending>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly minIntervalMs: number;
  private readonly flushDelayMs: number;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly options: HeartbeatOptions = {},
  ) {
    this.minIntervalMs = options.minIntervalMs ?? HEARTBEAT_MIN_INTERVAL_MS;
    this.flushDelayMs = options.flushDelayMs ?? HEARTBEAT_FLUSH_DELAY_MS;
  }

  /** Records that a device was seen now from `ip`; cheap (no I/O), safe to call on every ping. */
  seen(kind: DeviceKind, tenantId: string, deviceId: string, ip: string): void {
    if (this.closed) return;
    const now = this.clock.now();
    const key = `${kind}:${deviceId}`;
    const last = this.lastQueued.get(key);
    if (last !== undefined && now - last < this.minIntervalMs && now >= last) return;
    this.lastQueued.set(key, now);
    this.pending.set(key, { kind, tenantId, deviceId, at: now, ip });
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((error: unknown) => this.options.onError?.(error));
    }, this.flushDelayMs);
    this.timer.unref();
  }

  /** Heartbeats queued and not yet written (tests, stats). */
  pendingCount(): number {
    return this.pending.size;
  }

  /** Writes every pending heartbeat now, in one transaction (flushes never overlap). */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.writePending());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer and writes what is pending (app onClose, before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writePending(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.prune();
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    // A stable order (kind, id): concurrent flushes of several processes lock rows in the same order.
    const rows = [...batch.values()].sort((a, b) =>
      a.kind === b.kind ? (a.deviceId < b.deviceId ? -1 : 1) : a.kind < b.kind ? -1 : 1,
    );
    try {
      await this.uow.transaction((trx) => writeLastSeen(trx, rows));
    } catch (error) {
      // Keep them for the next flush, unless a newer heartbeat of the same device is queued.
      for (const [key, row] of batch) if (!this.pending.has(key)) this.pending.set(key, row);
      this.schedule();
      throw error;
    }
  }

  /** Forgets devices whose last write is older than the interval: the map stays as small as the active devices. */
  private prune(): void {
    const cutoff = this.clock.now() - this.minIntervalMs;
    for (const [key, at] of this.lastQueued) if (at <= cutoff) this.lastQueued.delete(key);
  }
}
