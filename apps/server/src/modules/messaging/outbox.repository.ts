import type { Kysely, Selectable, Transaction } from 'kysely';
import { newId } from '@antrean/shared/common/ids';
import type { MessageKind } from '@antrean/shared/domain/message';
import type { DB, MessageOutboxTable } from '../../db/schema';
import type { MessagePayloads } from './message-text';

type Db = Kysely<DB> | Transaction<DB>;
export type OutboxRow = Selectable<MessageOutboxTable>;

/**
 * Queues a WhatsApp message in the caller's transaction: it is sent only if the business change
 * commits, and the dedupe key makes a retried request queue it once.
 */
export async function enqueueMessage<K extends MessageKind>(
  trx: Db,
  message: {
    tenantId: string | null;
    provider: string;
    recipient: string;
    template: K;
    language: string;
    payload: MessagePayloads[K];
    dedupeKey: string;
    now: number;
  },
): Promise<void> {
  await trx
    .insertInto('message_outbox')
    .values({
      id: newId(message.now),
      tenant_id: message.tenantId,
      channel: 'whatsapp',
      provider: message.provider,
      recipient: message.recipient,
      template: message.template,
      language: message.language,
      payload: JSON.stringify(message.payload),
      dedupe_key: message.dedupeKey,
      status: 'pending',
      attempts: 0,
      next_attempt_at: message.now,
      locked_until: null,
      last_error: null,
      provider_message_id: null,
      sent_at: null,
      created_at: message.now,
      updated_at: message.now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** Claims due messages for delivery (a lease, so two workers never send the same row). */
export async function claimDue(db: Db, now: number, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = await db
    .selectFrom('message_outbox')
    .selectAll()
    .where('status', 'in', ['pending', 'retrying'])
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: OutboxRow[] = [];
  for (const row of due) {
    const result = await db
      .updateTable('message_outbox')
      .set({ locked_until: now + leaseMs, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push(row);
  }
  return claimed;
}

export async function markSent(
  db: Db,
  id: string,
  providerMessageId: string | null,
  now: number,
): Promise<void> {
  await db
    .updateTable('message_outbox')
    .set({
      status: 'sent',
      provider_message_id: providerMessageId,
      sent_at: now,
      locked_until: null,
      updated_at: now,
      last_error: null,
    })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(
  db: Db,
  row: OutboxRow,
  error: string,
  now: number,
  maxAttempts: number,
): Promise<void> {
  const attempts = row.attempts + 1;
  const giveUp = attempts >= maxAttempts;
  // Exponential backoff: 30 s, 1 min, 2 min, … capped at 30 min.
  const delay = Math.min(30 * 60_000, 30_000 * 2 ** (attempts - 1));
  await db
    .updateTable('message_outbox')
    .set({
      status: giveUp ? 'failed' : 'retrying',
      attempts,
      last_error: error.slice(0, 500),
      next_attempt_at: now + delay,
      locked_until: null,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .execute();
}
