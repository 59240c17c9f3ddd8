import { sql } from 'kysely';
import type { BranchRow } from '../branches/branch.repository';
import type { Db } from '../../lib/uow';

/**
 * The dashboard home's reads. `branchIds` null means every branch of the tenant (an admin);
 * otherwise only those branches (a supervisor's), and the totals count what is theirs.
 */
type Scope = readonly string[] | null;

const count = (row: { n: number | string } | undefined): number => Number(row?.n ?? 0);

export async function listBranches(db: Db, tenantId: string, branchIds: Scope): Promise<BranchRow[]> {
  if (branchIds?.length === 0) return [];
  let select = db.selectFrom('branches').selectAll().where('tenant_id', '=', tenantId);
  if (branchIds) select = select.where('id', 'in', branchIds);
  return select.orderBy('name').orderBy('id').execute();
}

/** How many rows of a branch-owned table belong to the tenant (and to `branchIds`). */
async function countInBranches(
  db: Db,
  table: 'displays' | 'counters' | 'kiosks',
  tenantId: string,
  branchIds: Scope,
): Promise<number> {
  if (branchIds?.length === 0) return 0;
  let select = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId);
  if (branchIds) select = select.where('branch_id', 'in', branchIds);
  return count(await select.executeTakeFirst());
}

/** Active and inactive services: of the tenant, or offered at `branchIds`. */
async function countServices(
  db: Db,
  tenantId: string,
  branchIds: Scope,
): Promise<{ active: number; inactive: number }> {
  if (branchIds?.length === 0) return { active: 0, inactive: 0 };
  let select = db
    .selectFrom('services')
    .select(['services.is_active', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('services.tenant_id', '=', tenantId)
    .groupBy('services.is_active');
  if (branchIds) {
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('branch_services')
          .select('branch_services.id')
          .whereRef('branch_services.service_id', '=', 'services.id')
          .where('branch_services.tenant_id', '=', tenantId)
          .where('branch_services.branch_id', 'in', branchIds),
      ),
    );
  }
  const rows = await select.execute();
  return {
    active: count(rows.find((r) => r.is_active === 1)),
    inactive: count(rows.find((r) => r.is_active !== 1)),
  };
}

/** Users of the tenant, or assigned to one of `branchIds`. */
async function countUsers(db: Db, tenantId: string, branchIds: Scope): Promise<number> {
  if (branchIds?.length === 0) return 0;
  let select = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('users.tenant_id', '=', tenantId);
  if (branchIds) {
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_branches')
          .select('user_branches.user_id')
          .whereRef('user_branches.user_id', '=', 'users.id')
          .where('user_branches.tenant_id', '=', tenantId)
          .where('user_branches.branch_id', 'in', branchIds),
      ),
    );
  }
  return count(await select.executeTakeFirst());
}

export async function readTotals(db: Db, tenantId: string, branchIds: Scope) {
  const [displays, counters, services, users] = await Promise.all([
    countInBranches(db, 'displays', tenantId, branchIds),
    countInBranches(db, 'counters', tenantId, branchIds),
    countServices(db, tenantId, branchIds),
    countUsers(db, tenantId, branchIds),
  ]);
  return { displays, counters, services, users };
}

/** What a new tenant has done of its setup (the checklist on an empty dashboard). */
export async function readSetup(db: Db, tenantId: string) {
  const exists = async (
    table: 'branches' | 'services' | 'counters' | 'counter_services' | 'displays' | 'kiosks',
  ) =>
    (await db
      .selectFrom(table)
      .select('tenant_id')
      .where('tenant_id', '=', tenantId)
      .limit(1)
      .executeTakeFirst()) !== undefined;
  const [branches, services, counters, mapping, displays, kiosks, staff, theme] = await Promise.all([
    exists('branches'),
    exists('services'),
    exists('counters'),
    exists('counter_services'),
    exists('displays'),
    exists('kiosks'),
    db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('role', '!=', 'admin')
      .limit(1)
      .executeTakeFirst(),
    // The tenant has chosen a theme: one of its templates is active (a new tenant has none, §62).
    db
      .selectFrom('tenant_settings')
      .innerJoin('themes', (join) =>
        join.onRef('themes.id', '=', 'tenant_settings.active_theme_id').on('themes.tenant_id', '=', tenantId),
      )
      .select('themes.id')
      .where('tenant_settings.tenant_id', '=', tenantId)
      .executeTakeFirst(),
  ]);
  return {
    branches,
    services,
    counters,
    mapping,
    users: staff !== undefined,
    devices: displays || kiosks,
    theme: theme !== undefined,
  };
}

export interface BranchDayRow {
  branch_id: string;
  service_day: string;
  waiting: number | string | null;
  serving: number | string | null;
  served: number | string | null;
  wait_sum: number | string | null;
  wait_count: number | string | null;
  sla_met: number | string | null;
  sla_count: number | string | null;
}

/**
 * Today's figures of each branch, for the days given (the branches' own calendar days: at most
 * one per time zone), grouped by branch and day; the caller keeps each branch's own day.
 */
export async function readBranchDays(
  db: Db,
  tenantId: string,
  branchIds: readonly string[],
  days: readonly string[],
): Promise<BranchDayRow[]> {
  if (branchIds.length === 0 || days.length === 0) return [];
  const rows = await db
    .selectFrom('tickets')
    .select([
      'branch_id',
      'service_day',
      sql<number>`sum(case when status = 'waiting' then 1 else 0 end)`.as('waiting'),
      sql<number>`sum(case when status in ('calling', 'called', 'serving') then 1 else 0 end)`.as('serving'),
      sql<number>`sum(case when status = 'finished' then 1 else 0 end)`.as('served'),
      sql<number>`sum(wait_seconds)`.as('wait_sum'),
      sql<number>`count(wait_seconds)`.as('wait_count'),
      sql<number>`sum(case when sla_breached = 0 then 1 else 0 end)`.as('sla_met'),
      sql<number>`count(sla_breached)`.as('sla_count'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', 'in', branchIds)
    .where('service_day', 'in', days)
    .groupBy(['branch_id', 'service_day'])
    .execute();
  return rows;
}

export async function listBranchDisplays(db: Db, tenantId: string, branchIds: readonly string[]) {
  if (branchIds.length === 0) return [];
  return db
    .selectFrom('displays')
    .select(['id', 'branch_id', 'name', 'code', 'layout'])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', 'in', branchIds)
    .where('is_active', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
