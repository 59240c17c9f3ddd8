import { preparedQuery } from '../../db/prepared';
import type { Db } from '../../lib/uow';
import { selectDayTickets, type TicketRow } from './ticket.repository';

/** Counts and lists of a branch's queue: people ahead, wait-estimate inputs, the day's open tickets, latest calls. */

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
  return selectDayTickets(db, tenantId, branchId, day)
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

/**
 * A branch's latest calls of a day, newest first: tickets called at a counter that are still that
 * counter's (a ticket transferred to another service or sent back to the queue left its counter,
 * counter_id null: it is not a call any more, and a display must not show it as called).
 */
export async function listRecentCalls(
  db: Db,
  tenantId: string,
  branchId: string,
  day: string,
  limit: number,
): Promise<TicketRow[]> {
  return selectDayTickets(db, tenantId, branchId, day)
    .where('called_at', 'is not', null)
    .where('counter_id', 'is not', null)
    .orderBy('called_at', 'desc')
    .limit(limit)
    .execute();
}
