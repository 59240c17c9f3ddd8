import type { ServiceDeps } from '../lib/deps';
import { claimDue, markAttemptFailed, markSent } from '../modules/messaging/outbox.repository';
import { MessageSendError, type MessageProvider } from '../modules/messaging/providers';
import { runEvery } from './every';

/**
 * Delivery: 50 rows a round, each leased for a minute (longer than a send's 15 s timeout); at
 * most 8 tries; the n-th retry waits 30 s × 2^(n-1), capped at 30 min, with jitter; a provider's
 * Retry-After is honoured (never retried sooner), up to 6 hours.
 */
export const OUTBOX = {
  batch: 50,
  leaseMs: 60_000,
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 30 * 60_000,
  maxRetryAfterMs: 6 * 60 * 60_000,
} as const;

/** The Retry-After header in milliseconds from `now`: delta-seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * When the next try of a message that failed `attempts` times (this one included) may run:
 * exponential backoff with "equal jitter" (half the delay fixed, half random), so rows that
 * failed together (a provider outage) do not come back together; never before Retry-After.
 */
export function nextAttemptAt(
  attempts: number,
  now: number,
  random: () => number,
  retryAfter: string | null = null,
): number {
  const backoff = Math.min(OUTBOX.maxDelayMs, OUTBOX.baseDelayMs * 2 ** (attempts - 1));
  const jittered = Math.round(backoff / 2 + (random() * backoff) / 2);
  const asked = retryAfterMs(retryAfter, now);
  return now + Math.max(jittered, asked === null ? 0 : Math.min(asked, OUTBOX.maxRetryAfterMs));
}

/**
 * Delivers due outbox messages once. Time comes from the clock and randomness from `random`
 * (tests fix both); each row is leased so workers on several nodes never double-send.
 */
export async function deliverOutbox(
  deps: ServiceDeps,
  providerFor: (name: string) => MessageProvider | undefined,
  random: () => number = Math.random,
): Promise<{ sent: number; failed: number }> {
  const { uow } = deps;
  const now = deps.clock.now();
  const rows = await uow.transaction((db) => claimDue(db, uow.kind, now, OUTBOX.batch, OUTBOX.leaseMs));
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const provider = providerFor(row.provider);
    try {
      if (!provider) throw new MessageSendError(`no provider ${row.provider}`, true);
      const result = await provider.send(row);
      await uow.transaction((db) => markSent(db, row, result.providerMessageId, deps.clock.now()));
      sent += 1;
    } catch (error) {
      const at = deps.clock.now();
      const attempts = row.attempts + 1;
      const permanent = error instanceof MessageSendError && error.permanent;
      const retryAt =
        permanent || attempts >= OUTBOX.maxAttempts
          ? null
          : nextAttemptAt(attempts, at, random, error instanceof MessageSendError ? error.retryAfter : null);
      const reason = error instanceof Error ? error.message : String(error);
      await uow.transaction((db) => markAttemptFailed(db, row, { error: reason, retryAt }, at));
      failed += 1;
    }
  }
  return { sent, failed };
}

export function startOutboxWorker(
  deps: ServiceDeps,
  providerFor: (name: string) => MessageProvider | undefined,
  onError: (error: unknown) => void,
): { stop(): void } {
  return runEvery(2000, () => deliverOutbox(deps, providerFor), onError);
}
