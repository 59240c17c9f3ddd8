import type { Selectable } from 'kysely';
import type { CountersTable, TicketsTable } from '../../db/schema';
import type { Db } from '../../lib/uow';
import { selectBranchCounters } from '../counters/counter.repository';
import { selectDayTickets } from '../tickets/ticket.repository';

/** The statuses of a ticket that is at a counter (called, being announced, being served). */
const AT_COUNTER_STATUSES = ['calling', 'called', 'serving'] as const;

export interface BoardService {
  id: string;
  code: string;
  name: string;
  sla_seconds: number;
}

/** What every live view of a branch starts from: its counters, its services and who is at a counter. */
export interface BranchBoard {
  counters: Selectable<CountersTable>[];
  /** Which counter serves which service. */
  counterServices: { counter_id: string; service_id: string }[];
  /** The services the branch offers, in display order. */
  services: BoardService[];
  /** Today's tickets at a counter (`calling`, `called`, `serving`). */
  atCounters: Selectable<TicketsTable>[];
}

/**
 * A branch's counters, services and the tickets at its counters on a service day: the one read
 * behind the supervisor's monitor, the display snapshot and the queue views.
 */
export async function readBranchBoard(
  db: Db,
  tenantId: string,
  branchId: string,
  day: string,
  options: { activeCountersOnly?: boolean } = {},
): Promise<BranchBoard> {
  let counters = selectBranchCounters(db, tenantId, branchId);
  if (options.activeCountersOnly === true) counters = counters.where('is_active', '=', 1);
  const [counterRows, counterServices, services, atCounters] = await Promise.all([
    counters.orderBy('number').execute(),
    db
      .selectFrom('counter_services')
      .select(['counter_id', 'service_id'])
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .execute(),
    listBoardServices(db, tenantId, branchId),
    selectDayTickets(db, tenantId, branchId, day)
      .where('status', 'in', AT_COUNTER_STATUSES)
      .where('counter_id', 'is not', null)
      .execute(),
  ]);
  return { counters: counterRows, counterServices, services, atCounters };
}

/** The services a branch offers, in display order. */
export async function listBoardServices(db: Db, tenantId: string, branchId: string): Promise<BoardService[]> {
  return db
    .selectFrom('services')
    .innerJoin('branch_services', 'branch_services.service_id', 'services.id')
    .select(['services.id', 'services.code', 'services.name', 'services.sla_seconds'])
    .where('branch_services.tenant_id', '=', tenantId)
    .where('branch_services.branch_id', '=', branchId)
    .orderBy('services.sort_order')
    .orderBy('services.code')
    .execute();
}

/** Today's waiting tickets of a branch per service. */
export async function countWaitingByService(
  db: Db,
  tenantId: string,
  branchId: string,
  day: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('tickets')
    .select(['service_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '=', day)
    .where('status', '=', 'waiting')
    .groupBy('service_id')
    .execute();
  return new Map(rows.map((r) => [r.service_id, Number(r.n)]));
}
