import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { DB, TicketsTable, TicketEventsTable } from '../../db/schema';
import type { DbKind } from '../../db/database';
import { forUpdate } from '../../db/dialect';
import { preparedQuery } from '../../db/prepared';

type Db = Kysely<DB> | Transaction<DB>;
export type TicketRow = Selectable<TicketsTable>;
export type TicketEventRow = Selectable<TicketEventsTable>;

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

const insertFullTicket = preparedQuery<TicketRow>(TICKET_COLUMNS)((db, p) => db.insertInto('tickets').values(p));
const insertFullEvent = preparedQuery<TicketEventRow>(EVENT_COLUMNS)((db, p) => db.insertInto('ticket_events').values(p));

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

const countAheadQuery = preparedQuery<{
  tenantId: string;
  branchId: string;
  serviceId: string;
  day: string;
  id: string;
  queuedAt: number;
  seq: number;
}>()((db, p) =>
  db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', p.tenantId)
    .where('branch_id', '=', p.branchId)
    .where('service_id', '=', p.serviceId)
    .where('service_day', '=', p.day)
    .where('status', '=', 'waiting')
    .where('id', '!=', p.id)
    // A row-value comparison, so the (…, status, queued_at) index bounds the range (an `or` of
    // the two cases made SQLite read every waiting ticket of the service).
    .where((eb) => eb(eb.refTuple('queued_at', 'seq'), '<', eb.tuple(p.queuedAt, p.seq))),
);

/** People ahead of a waiting ticket in its service queue today. */
export async function countAhead(
  db: Db,
  ticket: Pick<
    TicketRow,
    'tenant_id' | 'branch_id' | 'service_id' | 'service_day' | 'queued_at' | 'seq' | 'id'
  >,
): Promise<number> {
  if (ticket.queued_at === null) return 0;
  const row = await countAheadQuery.first(db, {
    tenantId: ticket.tenant_id,
    branchId: ticket.branch_id,
    serviceId: ticket.service_id,
    day: ticket.service_day,
    id: ticket.id,
    queuedAt: ticket.queued_at,
    seq: ticket.seq,
  });
  return Number(row?.n ?? 0);
}

const recentServiceSecondsQuery = preparedQuery<{
  tenantId: string;
  branchId: string;
  serviceId: string;
  limit: number;
}>()((db, p) =>
  db
    .selectFrom('tickets')
    .select('service_seconds')
    .where('tenant_id', '=', p.tenantId)
    .where('branch_id', '=', p.branchId)
    .where('service_id', '=', p.serviceId)
    .where('status', '=', 'finished')
    .where('service_seconds', 'is not', null)
    .orderBy('finished_at', 'desc')
    .limit(p.limit),
);

/**
 * Recent service durations of a service at a branch (newest first), for the wait estimate. Reads
 * `limit` entries of the (…, status, finished_at) index whatever the service's history.
 */
export async function recentServiceSeconds(
  db: Db,
  tenantId: string,
  branchId: string,
  serviceId: string,
  limit = 20,
): Promise<number[]> {
  const rows = await recentServiceSecondsQuery.all(db, { tenantId, branchId, serviceId, limit });
  return rows.flatMap((r) => (r.service_seconds === null ? [] : [Number(r.service_seconds)]));
}

const countServingCountersQuery = preparedQuery<{ tenantId: string; branchId: string; serviceId: string }>()(
  (db, p) =>
    db
      .selectFrom('counter_services')
      .innerJoin('counters', 'counters.id', 'counter_services.counter_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('counter_services.tenant_id', '=', p.tenantId)
      .where('counter_services.branch_id', '=', p.branchId)
      .where('counter_services.service_id', '=', p.serviceId)
      .where('counters.is_active', '=', 1),
);

export async function countServingCounters(
  db: Db,
  tenantId: string,
  branchId: string,
  serviceId: string,
): Promise<number> {
  const row = await countServingCountersQuery.first(db, { tenantId, branchId, serviceId });
  return Number(row?.n ?? 0);
}

/** Today's tickets of a branch that are still in play, plus today's finished count per service. */
export async function listOpenTickets(
  db: Db,
  tenantId: string,
  branchId: string,
  day: string,
): Promise<TicketRow[]> {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '=', day)
    .where('status', 'not in', ['finished', 'cancelled', 'no_show'])
    .orderBy('queued_at')
    .orderBy('seq')
    .execute();
}

export async function countByStatus(
  db: Db,
  tenantId: string,
  branchId: string,
  day: string,
): Promise<{ service_id: string; status: string; n: number }[]> {
  const rows = await db
    .selectFrom('tickets')
    .select(['service_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '=', day)
    .groupBy(['service_id', 'status'])
    .execute();
  return rows.map((r) => ({ service_id: r.service_id, status: r.status, n: Number(r.n) }));
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

const findCounterQuery = preparedQuery<{ tenantId: string; counterId: string }>()((db, p) =>
  db.selectFrom('counters').selectAll().where('tenant_id', '=', p.tenantId).where('id', '=', p.counterId),
);

export async function findCounter(trx: Db, kind: DbKind, tenantId: string, counterId: string, lock = false) {
  // SQLite has no row locks (one writer): the prepared read is the same query there.
  if (!lock || kind === 'sqlite') return findCounterQuery.first(trx, { tenantId, counterId });
  return forUpdate(
    kind,
    trx.selectFrom('counters').selectAll().where('tenant_id', '=', tenantId).where('id', '=', counterId),
  ).executeTakeFirst();
}

const counterServiceIdsQuery = preparedQuery<{ tenantId: string; counterId: string }>()((db, p) =>
  db
    .selectFrom('counter_services')
    .select('service_id')
    .where('tenant_id', '=', p.tenantId)
    .where('counter_id', '=', p.counterId),
);

export async function counterServiceIds(db: Db, tenantId: string, counterId: string): Promise<string[]> {
  const rows = await counterServiceIdsQuery.all(db, { tenantId, counterId });
  return rows.map((r) => r.service_id);
}

const findOfferedServiceQuery = preparedQuery<{ tenantId: string; branchId: string; serviceId: string }>()(
  (db, p) =>
    db
      .selectFrom('services')
      .innerJoin('branch_services', (join) =>
        join
          .onRef('branch_services.service_id', '=', 'services.id')
          .on('branch_services.tenant_id', '=', p.tenantId)
          .on('branch_services.branch_id', '=', p.branchId),
      )
      .selectAll('services')
      .select('branch_services.is_active as offered')
      .where('services.tenant_id', '=', p.tenantId)
      .where('services.id', '=', p.serviceId),
);

/** A service the branch offers (active on both the catalogue and the branch). */
export async function findOfferedService(db: Db, tenantId: string, branchId: string, serviceId: string) {
  return findOfferedServiceQuery.first(db, { tenantId, branchId, serviceId });
}

export async function findSubService(db: Db, tenantId: string, serviceId: string, subServiceId: string) {
  return db
    .selectFrom('sub_services')
    .select(['id', 'is_active'])
    .where('tenant_id', '=', tenantId)
    .where('service_id', '=', serviceId)
    .where('id', '=', subServiceId)
    .executeTakeFirst();
}

export async function listTodayTicketsForReset(
  db: Db,
  tenantId: string,
  branchId: string,
  day: string,
  serviceId?: string,
): Promise<TicketRow[]> {
  let query = db
    .selectFrom('tickets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '=', day);
  if (serviceId) query = query.where('service_id', '=', serviceId);
  return query.execute();
}

const stationServiceIdsQuery = preparedQuery<{ tenantId: string; counterId: string; userId: string }>()(
  (db, p) =>
    db
      .selectFrom('counter_sessions')
      .select('service_ids_json')
      .where('tenant_id', '=', p.tenantId)
      .where('counter_id', '=', p.counterId)
      .where('user_id', '=', p.userId)
      .where('ended_at', 'is', null),
);

/** The services a caller chose when taking a counter (open counter session), if any. */
export async function stationServiceIds(
  db: Db,
  tenantId: string,
  counterId: string,
  userId: string,
): Promise<string[] | undefined> {
  const row = await stationServiceIdsQuery.first(db, { tenantId, counterId, userId });
  if (!row) return undefined;
  const parsed: unknown = JSON.parse(row.service_ids_json);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : undefined;
}

/** A branch's latest calls of a day, newest first. */
export async function listRecentCalls(db: Db, tenantId: string, branchId: string, day: string, limit: number): Promise<TicketRow[]> {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '=', day)
    .where('called_at', 'is not', null)
    .orderBy('called_at', 'desc')
    .limit(limit)
    .execute();
}

export async function findTicketIdByBookingCode(db: Db, tenantId: string, branchId: string, bookingCode: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tickets')
    .select(['id'])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('booking_code', '=', bookingCode)
    .executeTakeFirst();
  return row?.id;
}
