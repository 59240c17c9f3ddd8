import type { Kysely, Selectable, Transaction } from 'kysely';
import { newId } from '@antrean/shared/common/ids';
import type { MessageKind } from '@antrean/shared/domain/message';
import type { DbKind } from '../../db/database';
import type { OutboxListQuery, OutboxSortField } from '@antrean/shared/contracts/outbox.contract';
import { forUpdate } from '../../db/dialect';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
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

/**
 * Claims due messages for delivery with a lease (`locked_until`), so several workers (nodes)
 * never send the same row: on PostgreSQL the due rows are locked `FOR UPDATE SKIP LOCKED` in the
 * claiming transaction (two workers claim disjoint batches at once); SQLite has one writer, and
 * the conditional update re-checks the lease anyway. Run it inside a transaction.
 */
export async function claimDue(
  db: Db,
  kind: DbKind,
  now: number,
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  const due = await forUpdate(
    kind,
    db
      .selectFrom('message_outbox')
      .selectAll()
      .where('status', 'in', ['pending', 'retrying'])
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit),
    { skipLocked: true },
  ).execute();
  const claimed: OutboxRow[] = [];
  for (const row of due) {
    const result = await db
      .updateTable('message_outbox')
      .set({ locked_until: now + leaseMs, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push({ ...row, locked_until: now + leaseMs });
  }
  return claimed;
}

/** The provider took the message: its id is kept for the delivery-status webhook. */
export async function markSent(
  db: Db,
  row: OutboxRow,
  providerMessageId: string | null,
  now: number,
): Promise<void> {
  await db
    .updateTable('message_outbox')
    .set({
      status: 'sent',
      attempts: row.attempts + 1,
      provider_message_id: providerMessageId,
      sent_at: now,
      status_at: now,
      locked_until: null,
      updated_at: now,
      last_error: null,
    })
    .where('id', '=', row.id)
    .where('locked_until', '=', row.locked_until)
    .execute();
}

/**
 * A try failed: `retryAt` set → `retrying` until then; null → `failed` for good. The error
 * is kept on the row either way (the admin's outbox page shows it).
 */
export async function markAttemptFailed(
  db: Db,
  row: OutboxRow,
  failure: { error: string; retryAt: number | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('message_outbox')
    .set({
      status: failure.retryAt === null ? 'failed' : 'retrying',
      attempts: row.attempts + 1,
      last_error: failure.error.slice(0, 500),
      next_attempt_at: failure.retryAt ?? row.next_attempt_at,
      status_at: failure.retryAt === null ? now : row.status_at,
      locked_until: null,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .where('locked_until', '=', row.locked_until)
    .execute();
}

/** The statuses a delivery-status notification may move a row from (never backwards). */
const STATUS_FROM: Record<'delivered' | 'read' | 'failed', string[]> = {
  delivered: ['sent'],
  read: ['sent', 'delivered'],
  failed: ['sent', 'delivered'],
};

/**
 * Applies a provider's delivery status to the tenant's row with that provider message id:
 * sent → delivered → read, or failed with the provider's error. A status that arrives after a
 * later one (read before delivered) changes nothing. Answers whether a row changed.
 */
export async function applyDeliveryStatus(
  db: Db,
  tenantId: string,
  update: {
    providerMessageId: string;
    status: 'delivered' | 'read' | 'failed';
    at: number;
    error: string | null;
  },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('message_outbox')
    .set({
      status: update.status,
      status_at: update.at,
      updated_at: now,
      ...(update.status === 'failed' ? { last_error: (update.error ?? 'failed').slice(0, 500) } : {}),
    })
    .where('tenant_id', '=', tenantId)
    .where('provider_message_id', '=', update.providerMessageId)
    .where('status', 'in', STATUS_FROM[update.status])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const SORT_COLUMNS: Record<OutboxSortField, string> = {
  createdAt: 'created_at',
  status: 'status',
  attempts: 'attempts',
};

/** One page of the tenant's messages: a status filter, search in the kind and the last error. */
export async function listOutboxPage(
  db: Db,
  tenantId: string,
  query: OutboxListQuery,
): Promise<PageRows<OutboxRow>> {
  let select = db.selectFrom('message_outbox').selectAll().where('tenant_id', '=', tenantId);
  if (query.status) select = select.where('status', '=', query.status);
  const q = query.q;
  if (q !== undefined) {
    select = select.where((eb) => eb.or([containsText('template', q), containsText('last_error', q)]));
  }
  return fetchPage(orderForPage(select, SORT_COLUMNS[query.sort], query.dir, 'id'), query);
}

export async function findTenantMessage(
  db: Db,
  kind: DbKind,
  tenantId: string,
  id: string,
): Promise<OutboxRow | undefined> {
  return forUpdate(
    kind,
    db.selectFrom('message_outbox').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id),
  ).executeTakeFirst();
}

/** A failed message back in the queue now, with a fresh count of tries (the last error kept until then). */
export async function requeueMessage(db: Db, tenantId: string, id: string, now: number): Promise<void> {
  await db
    .updateTable('message_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .execute();
}
