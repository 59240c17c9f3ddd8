import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TicketsTable, TicketEventsTable } from '../../db/schema';
import type { DbKind } from '../../db/database';
import { forUpdate } from '../../db/dialect';
import { preparedQuery } from '../../db/prepared';
import type { Db } from '../../lib/uow';

/** Tickets and their events: numbering, inserts, reads and the conditional update of a transition. */

export type TicketRow = Selectable<TicketsTable>;
export type TicketEventRow = Selectable<TicketEventsTable>;

/** A ticket's way through the counters before it starts: never called nor served, nothing counted. */
export const NOT_STARTED = {
  first_called_at: null,
  called_at: null,
  serving_started_at: null,
  finished_at: null,
  postponed_at: null,
  closed_at: null,
  counter_id: null,
  caller_user_id: null,
  recall_count: 0,
  skip_count: 0,
  wait_seconds: null,
  service_seconds: null,
  sla_breached: null,
} satisfies Partial<TicketRow>;

/** A branch's tickets of one service day: the base every read of a day's list builds on. */
export function selectDayTickets(db: Db, tenantId: string, branchId: string, day: string) {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '=', day);
}

/**
 * Allocates the next number of a (branch, service, branch-local day) sequence. One statement:
 * atomic on both databases (PostgreSQL holds the row lock until commit, so a rolled-back issue
 * gives its number back and numbers stay gap-free).
 */
const nextSeqQuery = preparedQuery<{ tenantId: string; branchId: string; serviceId: string; day: string }>()(
  (db, p) =>
    db
      .insertInto('ticket_sequences')
      .values({
        tenant_id: p.tenantId,
        branch_id: p.branchId,
        service_id: p.serviceId,
        service_day: p.day,
        last_seq: 1,
      })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'branch_id', 'service_id', 'service_day'])
          .doUpdateSet({ last_seq: sql<number>`ticket_sequences.last_seq + 1` }),
      )
      .returning('last_seq'),
);

export async function nextSeq(
  trx: Db,
  tenantId: string,
  branchId: string,
  serviceId: string,
  day: string,
): Promise<number> {
  const row = await nextSeqQuery.first(trx, { tenantId, branchId, serviceId, day });
  if (!row) throw new Error('ticket sequence upsert returned no row');
  return Number(row.last_seq);
}

/** The keys of a record that lists every column of a table (so the list is exhaustive, typed). */
function columnList<K extends string>(record: Record<K, true>): K[] {
  const keys: K[] = [];
  for (const key in record) keys.push(key);
  return keys;
}

/** Every column of a ticket (typed exhaustively), for the prepared full-row insert. */
const TICKET_COLUMNS = columnList<keyof TicketsTable>({
  id: true,
  tenant_id: true,
  branch_id: true,
  service_id: true,
  sequence_service_id: true,
  sub_service_id: true,
  service_day: true,
  seq: true,
  number: true,
  unique_code: true,
  booking_code: true,
  channel: true,
  status: true,
  visitor_id: true,
  phone: true,
  customer_name: true,
  photo_file_id: true,
  kiosk_id: true,
  slot_start_at: true,
  slot_end_at: true,
  issued_at: true,
  checked_in_at: true,
  queued_at: true,
  first_called_at: true,
  called_at: true,
  serving_started_at: true,
  finished_at: true,
  postponed_at: true,
  closed_at: true,
  counter_id: true,
  caller_user_id: true,
  recall_count: true,
  skip_count: true,
  transfer_count: true,
  wait_seconds: true,
  service_seconds: true,
  sla_breached: true,
  notes: true,
  version: true,
  created_at: true,
  updated_at: true,
});

const EVENT_COLUMNS = columnList<keyof TicketEventsTable>({
  id: true,
  tenant_id: true,
  ticket_id: true,
  branch_id: true,
  service_id: true,
  type: true,
  from_status: true,
  to_status: true,
  actor_kind: true,
  actor_id: true,
  counter_id: true,
  data_json: true,
  at: true,
});

const insertFullTicket = preparedQuery<TicketRow>(TICKET_COLUMNS)((db, p) =>
  db.insertInto('tickets').values(p),
);
const insertFullEvent = preparedQuery<TicketEventRow>(EVENT_COLUMNS)((db, p) =>
  db.insertInto('ticket_events').values(p),
);

/** A row that sets every column (what the engine writes) takes the prepared insert. */
function isFullTicket(row: Insertable<TicketsTable>): row is TicketRow {
  return TICKET_COLUMNS.every((c) => row[c] !== undefined);
}

function isFullEvent(row: Insertable<TicketEventsTable>): row is TicketEventRow {
  return EVENT_COLUMNS.every((c) => row[c] !== undefined);
}

export async function insertTicket(trx: Db, row: Insertable<TicketsTable>): Promise<void> {
  if (isFullTicket(row)) await insertFullTicket.execute(trx, row);
  else await trx.insertInto('tickets').values(row).execute();
}

export async function insertEvent(trx: Db, row: Insertable<TicketEventsTable>): Promise<void> {
  if (isFullEvent(row)) await insertFullEvent.execute(trx, row);
  else await trx.insertInto('ticket_events').values(row).execute();
}

export async function findTicket(
  db: Db,
  kind: DbKind,
  tenantId: string,
  id: string,
  lock = false,
): Promise<TicketRow | undefined> {
  if (!lock) return findTicketQuery.first(db, { tenantId, id });
  return forUpdate(
    kind,
    db.selectFrom('tickets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id),
  ).executeTakeFirst();
}

const findTicketQuery = preparedQuery<{ tenantId: string; id: string }>()((db, p) =>
  db.selectFrom('tickets').selectAll().where('tenant_id', '=', p.tenantId).where('id', '=', p.id),
);

/** Public lookup by the unguessable code printed on the ticket (any tenant). */
export async function findTicketByCode(db: Db, uniqueCode: string): Promise<TicketRow | undefined> {
  return db.selectFrom('tickets').selectAll().where('unique_code', '=', uniqueCode).executeTakeFirst();
}

/** Conditional update: only applies while the ticket still has the status the decision was based on. */
export async function updateTicket(
  trx: Db,
  tenantId: string,
  id: string,
  expected: { status: string; version: number },
  patch: Updateable<TicketsTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('tickets')
    .set({ ...patch, version: expected.version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', expected.status)
    .where('version', '=', expected.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The next ticket for a counter: waiting tickets of its services today; bookings whose slot has
 * started first (by slot), then everyone by check-in (queue) time. SKIP LOCKED on PostgreSQL
 * so two callers at the same instant never take the same ticket.
 */
export async function pickNext(
  trx: Db,
  kind: DbKind,
  tenantId: string,
  branchId: string,
  serviceIds: readonly string[],
  day: string,
  now: number,
): Promise<TicketRow | undefined> {
  if (serviceIds.length === 0) return undefined;
  const query = trx
    .selectFrom('tickets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '=', day)
    .where('status', '=', 'waiting')
    .where('service_id', 'in', serviceIds)
    .orderBy(sql`case when slot_start_at is not null and slot_start_at <= ${now} then 0 else 1 end`)
    .orderBy(
      sql`case when slot_start_at is not null and slot_start_at <= ${now} then slot_start_at else 0 end`,
    )
    .orderBy('queued_at')
    .orderBy('seq')
    .orderBy('id')
    .limit(1);
  return forUpdate(kind, query, { skipLocked: true }).executeTakeFirst();
}

const findActiveForCounterQuery = preparedQuery<{ tenantId: string; counterId: string }>()((db, p) =>
  db
    .selectFrom('tickets')
    .selectAll()
    .where('tenant_id', '=', p.tenantId)
    .where('counter_id', '=', p.counterId)
    .where('status', 'in', ['calling', 'called', 'serving']),
);

export async function findActiveForCounter(
  trx: Db,
  tenantId: string,
  counterId: string,
): Promise<TicketRow | undefined> {
  return findActiveForCounterQuery.first(trx, { tenantId, counterId });
}

export async function listEvents(db: Db, tenantId: string, ticketId: string): Promise<TicketEventRow[]> {
  return db
    .selectFrom('ticket_events')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('ticket_id', '=', ticketId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export async function listTodayTicketsForReset(
  db: Db,
  tenantId: string,
  branchId: string,
  day: string,
  serviceId?: string,
): Promise<TicketRow[]> {
  let query = selectDayTickets(db, tenantId, branchId, day);
  if (serviceId) query = query.where('service_id', '=', serviceId);
  return query.execute();
}

export async function findTicketIdByBookingCode(
  db: Db,
  tenantId: string,
  branchId: string,
  bookingCode: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('tickets')
    .select(['id'])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('booking_code', '=', bookingCode)
    .executeTakeFirst();
  return row?.id;
}
