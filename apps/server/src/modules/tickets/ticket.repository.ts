import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, TicketsTable, TicketEventsTable } from '../../db/schema';
import type { DbKind } from '../../db/database';
import { forUpdate } from '../../db/dialect';

type Db = Kysely<DB> | Transaction<DB>;
export type TicketRow = Selectable<TicketsTable>;
export type TicketEventRow = Selectable<TicketEventsTable>;

/**
 * Allocates the next number of a (branch, service, branch-local day) sequence. One statement:
 * atomic on both databases (PostgreSQL holds the row lock until commit, so a rolled-back issue
 * gives its number back and numbers stay gap-free).
 */
export async function nextSeq(trx: Db, tenantId: string, branchId: string, serviceId: string, day: string): Promise<number> {
  const row = await trx
    .insertInto('ticket_sequences')
    .values({ tenant_id: tenantId, branch_id: branchId, service_id: serviceId, service_day: day, last_seq: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'branch_id', 'service_id', 'service_day'])
        .doUpdateSet({ last_seq: sql<number>`ticket_sequences.last_seq + 1` }),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return row.last_seq;
}

export async function insertTicket(trx: Db, row: Insertable<TicketsTable>): Promise<void> {
  await trx.insertInto('tickets').values(row).execute();
}

export async function insertEvent(trx: Db, row: Insertable<TicketEventsTable>): Promise<void> {
  await trx.insertInto('ticket_events').values(row).execute();
}

export async function findTicket(
  db: Db,
  kind: DbKind,
  tenantId: string,
  id: string,
  lock = false,
): Promise<TicketRow | undefined> {
  const query = db.selectFrom('tickets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  return (lock ? forUpdate(kind, query) : query).executeTakeFirst();
}

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
    .orderBy(sql`case when slot_start_at is not null and slot_start_at <= ${now} then slot_start_at else 0 end`)
    .orderBy('queued_at')
    .orderBy('seq')
    .orderBy('id')
    .limit(1);
  return forUpdate(kind, query, { skipLocked: true }).executeTakeFirst();
}

export async function findActiveForCounter(trx: Db, tenantId: string, counterId: string): Promise<TicketRow | undefined> {
  return trx
    .selectFrom('tickets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('counter_id', '=', counterId)
    .where('status', 'in', ['calling', 'called', 'serving'])
    .executeTakeFirst();
}

/** People ahead of a waiting ticket in its service queue today. */
export async function countAhead(db: Db, ticket: Pick<TicketRow, 'tenant_id' | 'branch_id' | 'service_id' | 'service_day' | 'queued_at' | 'seq' | 'id'>): Promise<number> {
  if (ticket.queued_at === null) return 0;
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', ticket.tenant_id)
    .where('branch_id', '=', ticket.branch_id)
    .where('service_id', '=', ticket.service_id)
    .where('service_day', '=', ticket.service_day)
    .where('status', '=', 'waiting')
    .where('id', '!=', ticket.id)
    .where((eb) =>
      eb.or([
        eb('queued_at', '<', ticket.queued_at),
        eb.and([eb('queued_at', '=', ticket.queued_at), eb('seq', '<', ticket.seq)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Recent service durations of a service at a branch (newest first), for the wait estimate. */
export async function recentServiceSeconds(db: Db, tenantId: string, branchId: string, serviceId: string, limit = 20): Promise<number[]> {
  const rows = await db
    .selectFrom('tickets')
    .select('service_seconds')
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_id', '=', serviceId)
    .where('status', '=', 'finished')
    .where('service_seconds', 'is not', null)
    .orderBy('finished_at', 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((r) => (r.service_seconds === null ? [] : [r.service_seconds]));
}

export async function countServingCounters(db: Db, tenantId: string, branchId: string, serviceId: string): Promise<number> {
  const row = await db
    .selectFrom('counter_services')
    .innerJoin('counters', 'counters.id', 'counter_services.counter_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('counter_services.tenant_id', '=', tenantId)
    .where('counter_services.branch_id', '=', branchId)
    .where('counter_services.service_id', '=', serviceId)
    .where('counters.is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Today's tickets of a branch that are still in play, plus today's finished count per service. */
export async function listOpenTickets(db: Db, tenantId: string, branchId: string, day: string): Promise<TicketRow[]> {
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

export async function countByStatus(db: Db, tenantId: string, branchId: string, day: string): Promise<{ service_id: string; status: string; n: number }[]> {
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

export async function findCounter(trx: Db, kind: DbKind, tenantId: string, counterId: string, lock = false) {
  const query = trx.selectFrom('counters').selectAll().where('tenant_id', '=', tenantId).where('id', '=', counterId);
  return (lock ? forUpdate(kind, query) : query).executeTakeFirst();
}

export async function counterServiceIds(db: Db, tenantId: string, counterId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('counter_services')
    .select('service_id')
    .where('tenant_id', '=', tenantId)
    .where('counter_id', '=', counterId)
    .execute();
  return rows.map((r) => r.service_id);
}

/** A service the branch offers (active on both the catalogue and the branch). */
export async function findOfferedService(db: Db, tenantId: string, branchId: string, serviceId: string) {
  return db
    .selectFrom('services')
    .innerJoin('branch_services', (join) =>
      join
        .onRef('branch_services.service_id', '=', 'services.id')
        .on('branch_services.tenant_id', '=', tenantId)
        .on('branch_services.branch_id', '=', branchId),
    )
    .selectAll('services')
    .select('branch_services.is_active as offered')
    .where('services.tenant_id', '=', tenantId)
    .where('services.id', '=', serviceId)
    .executeTakeFirst();
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

export async function listTodayTicketsForReset(db: Db, tenantId: string, branchId: string, day: string, serviceId?: string): Promise<TicketRow[]> {
  let query = db
    .selectFrom('tickets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '=', day);
  if (serviceId) query = query.where('service_id', '=', serviceId);
  return query.execute();
}

/** The services a caller chose when taking a counter (open counter session), if any. */
export async function stationServiceIds(db: Db, tenantId: string, counterId: string, userId: string): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('counter_sessions')
    .select('service_ids_json')
    .where('tenant_id', '=', tenantId)
    .where('counter_id', '=', counterId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const parsed: unknown = JSON.parse(row.service_ids_json);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : undefined;
}
