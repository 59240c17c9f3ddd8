import type { Db } from '../lib/uow';

const BATCH = 500;

/** Tickets of every tenant joined to their branch (the timers read the branch's settings). */
function ticketsWithBranch(db: Db) {
  return db
    .selectFrom('tickets')
    .innerJoin('branches', (join) =>
      join
        .onRef('branches.id', '=', 'tickets.branch_id')
        .onRef('branches.tenant_id', '=', 'tickets.tenant_id'),
    )
    .selectAll('tickets');
}

/**
 * Tickets still `calling` that were called at or before `calledBefore`, with their branch's
 * auto-serve settings and their tenant's announcement time (null: no settings row, the default).
 */
export async function listDueAnnouncements(db: Db, calledBefore: number) {
  return ticketsWithBranch(db)
    .leftJoin('tenant_settings', 'tenant_settings.tenant_id', 'tickets.tenant_id')
    .select([
      'branches.auto_serve as autoServe',
      'branches.auto_serve_delay_seconds as delay',
      'tenant_settings.call_announce_seconds as announceSeconds',
    ])
    .where('tickets.status', '=', 'calling')
    .where('tickets.called_at', '<=', calledBefore)
    .limit(BATCH)
    .execute();
}

/** Called tickets of branches that serve automatically, with the branch's delay. */
export async function listAutoServeCandidates(db: Db) {
  return ticketsWithBranch(db)
    .select('branches.auto_serve_delay_seconds as delay')
    .where('branches.auto_serve', '=', 1)
    .where('tickets.status', 'in', ['calling', 'called'])
    .limit(BATCH)
    .execute();
}

/** Every branch of every tenant with its time zone (the end-of-day sweep runs per branch). */
export async function listAllBranches(db: Db) {
  return db.selectFrom('branches').select(['id', 'tenant_id', 'time_zone']).execute();
}

/** A branch's booked, held and skipped tickets of days before `today` (they become no-shows). */
export async function listLeftovers(db: Db, tenantId: string, branchId: string, today: string) {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '<', today)
    .where('status', 'in', ['booked', 'held', 'skipped'])
    .limit(BATCH)
    .execute();
}
