import { sql, type Kysely, type Transaction } from 'kysely';
import type { TicketListOrder } from '@antrean/shared/contracts/ticket-list.contract';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { DB } from '../../db/schema';
import { selectDayTickets, type TicketRow } from './ticket.repository';

type Db = Kysely<DB> | Transaction<DB>;

/** Where the previous page ended: the sort key, the number's sequence and the id of its last ticket. */
export interface TicketListPosition {
  key: number;
  seq: number;
  id: string;
}

export interface TicketListFilter {
  day: string;
  statuses?: readonly TicketStatus[];
  counterId?: string;
  serviceId?: string;
  callerUserId?: string;
}

/** When the ticket joined the queue (check-in, then issue, before it did). */
const queueKey = sql<number>`coalesce(queued_at, checked_in_at, issued_at)`;

/** The key a page is sorted by for this order, read from a row. */
export function positionOf(order: TicketListOrder, row: TicketRow): TicketListPosition {
  const key = order === 'queue' ? (row.queued_at ?? row.checked_in_at ?? row.issued_at) : row.updated_at;
  return { key, seq: row.seq, id: row.id };
}

/**
 * One page of a branch's tickets of one day. `queue`: queue time, number, id ascending;
 * `recent`: last change, id descending. Reads `limit + 1` rows so the caller knows whether
 * another page follows.
 */
export async function listTickets(
  db: Db,
  tenantId: string,
  branchId: string,
  filter: TicketListFilter,
  order: TicketListOrder,
  limit: number,
  after: TicketListPosition | undefined,
): Promise<TicketRow[]> {
  let query = selectDayTickets(db, tenantId, branchId, filter.day);
  if (filter.statuses) query = query.where('status', 'in', [...filter.statuses]);
  if (filter.counterId !== undefined) query = query.where('counter_id', '=', filter.counterId);
  if (filter.serviceId !== undefined) query = query.where('service_id', '=', filter.serviceId);
  if (filter.callerUserId !== undefined) query = query.where('caller_user_id', '=', filter.callerUserId);

  if (order === 'queue') {
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb(queueKey, '>', after.key),
          eb.and([eb(queueKey, '=', after.key), eb('seq', '>', after.seq)]),
          eb.and([eb(queueKey, '=', after.key), eb('seq', '=', after.seq), eb('id', '>', after.id)]),
        ]),
      );
    }
    query = query.orderBy(queueKey).orderBy('seq').orderBy('id');
  } else {
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('updated_at', '<', after.key),
          eb.and([eb('updated_at', '=', after.key), eb('id', '<', after.id)]),
        ]),
      );
    }
    query = query.orderBy('updated_at', 'desc').orderBy('id', 'desc');
  }
  return query.limit(limit + 1).execute();
}

/** Which of these tickets carry e-form answers. */
export async function ticketsWithEform(
  db: Db,
  tenantId: string,
  ticketIds: readonly string[],
): Promise<string[]> {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .selectFrom('eform_answers')
    .select('ticket_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('ticket_id', 'in', [...ticketIds])
    .execute();
  const found = new Set(rows.map((r) => r.ticket_id));
  return ticketIds.filter((id) => found.has(id));
}
