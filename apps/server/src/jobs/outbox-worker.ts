import type { ServiceDeps } from '../lib/deps';
import { claimDue, markFailed, markSent } from '../modules/messaging/outbox.repository';
import type { MessageProvider } from '../modules/messaging/providers';
import { runEvery } from './every';

const OUTBOX = { batch: 50, leaseMs: 60_000, maxAttempts: 8 } as const;

/** Delivers due outbox messages once; each row is leased so concurrent workers never double-send. */
export async function deliverOutbox(
  deps: ServiceDeps,
  providerFor: (name: string) => MessageProvider | undefined,
): Promise<{ sent: number; failed: number }> {
  const { uow } = deps;
  const now = deps.clock.now();
  const rows = await uow.transaction((db) => claimDue(db, now, OUTBOX.batch, OUTBOX.leaseMs));
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const provider = providerFor(row.provider);
    try {
      if (!provider) throw new Error(`no provider ${row.provider}`);
      const result = await provider.send(row);
      await uow.transaction((db) => markSent(db, row.id, result.providerMessageId, deps.clock.now()));
      sent += 1;
    } catch (error) {
      await uow.transaction((db) =>
        markFailed(
          db,
          row,
          error instanceof Error ? error.message : String(error),
          deps.clock.now(),
          OUTBOX.maxAttempts,
        ),
      );
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
