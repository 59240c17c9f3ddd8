import type { Insertable, Transaction, Updateable } from 'kysely';
import type { BranchListQuery, BranchSortField } from '@antrean/shared/contracts/branch-admin.contract';
import type { DbKind } from '../../db/database';
import { forUpdate } from '../../db/dialect';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { BranchesTable, DB } from '../../db/schema';
import type { Db } from '../../lib/uow';
import type { BranchRow } from './branch.repository';

const SORT_COLUMNS: Record<BranchSortField, string> = {
  code: 'code',
  name: 'name',
  city: 'city',
  status: 'is_active',
};

/** One page of the tenant's branches: search in code, name, city and province; a status filter. */
export async function listBranchPage(
  db: Db,
  tenantId: string,
  query: BranchListQuery,
): Promise<PageRows<BranchRow>> {
  let select = db.selectFrom('branches').selectAll().where('tenant_id', '=', tenantId);
  if (query.status) select = select.where('is_active', '=', query.status === 'active' ? 1 : 0);
  const q = query.q;
  if (q !== undefined) {
    select = select.where((eb) =>
      eb.or([
        containsText('code', q),
        containsText('name', q),
        containsText('city', q),
        containsText('province', q),
      ]),
    );
  }
  return fetchPage(orderForPage(select, SORT_COLUMNS[query.sort], query.dir, 'id'), query);
}

/** The branch, locked on PostgreSQL while its limits are changed or checked. */
export async function lockBranchRow(
  trx: Transaction<DB>,
  kind: DbKind,
  tenantId: string,
  branchId: string,
): Promise<BranchRow | undefined> {
  return forUpdate(
    kind,
    trx.selectFrom('branches').selectAll().where('tenant_id', '=', tenantId).where('id', '=', branchId),
  ).executeTakeFirst();
}

/** Another branch of the tenant with this code, ignoring case (codes are typed in URLs in any case). */
export async function codeTaken(
  db: Db,
  tenantId: string,
  code: string,
  exceptId: string | null,
): Promise<boolean> {
  let select = db
    .selectFrom('branches')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()));
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  return (await select.limit(1).executeTakeFirst()) !== undefined;
}

/** The tenant's branch codes in lower case (an import's codes are checked against them). */
export async function lowerCaseCodes(db: Db, tenantId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('branches').select('code').where('tenant_id', '=', tenantId).execute();
  return new Set(rows.map((r) => r.code.toLowerCase()));
}

/** What a branch uses of its limits: its active counters and active displays. */
export async function countBranchUsage(
  db: Db,
  tenantId: string,
  branchId: string,
): Promise<{ activeCounters: number; activeDisplays: number }> {
  const count = async (table: 'counters' | 'displays') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const [activeCounters, activeDisplays] = await Promise.all([count('counters'), count('displays')]);
  return { activeCounters, activeDisplays };
}

export async function insertBranch(trx: Transaction<DB>, row: Insertable<BranchesTable>): Promise<void> {
  await trx.insertInto('branches').values(row).execute();
}

export async function updateBranch(
  trx: Transaction<DB>,
  tenantId: string,
  branchId: string,
  values: Updateable<BranchesTable>,
): Promise<void> {
  await trx
    .updateTable('branches')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', branchId)
    .execute();
}

/** Has the branch served anyone? Its tickets and caller sessions are kept for the reports. */
export async function branchHasHistory(db: Db, tenantId: string, branchId: string): Promise<boolean> {
  const [ticket, session] = await Promise.all([
    db
      .selectFrom('tickets')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('counter_sessions')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return ticket !== undefined || session !== undefined;
}

/**
 * Deletes a branch without history and its setup: the foreign keys cascade to its counters,
 * schedules, holidays, devices, offers and staff assignments; the device codes leave the
 * installation-wide directory and the (empty) ticket sequences go too.
 */
export async function deleteBranch(trx: Transaction<DB>, tenantId: string, branchId: string): Promise<void> {
  const deviceIds = (table: 'kiosks' | 'displays') =>
    trx.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('branch_id', '=', branchId);
  await trx
    .deleteFrom('global_names')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'kiosk'), eb('target_id', 'in', deviceIds('kiosks'))]),
        eb.and([eb('kind', '=', 'display'), eb('target_id', 'in', deviceIds('displays'))]),
      ]),
    )
    .execute();
  await trx
    .deleteFrom('ticket_sequences')
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .execute();
  await trx.deleteFrom('branches').where('tenant_id', '=', tenantId).where('id', '=', branchId).execute();
}

export async function setApiKey(
  trx: Transaction<DB>,
  tenantId: string,
  branchId: string,
  values: { hash: string; hint: string; now: number },
): Promise<void> {
  await trx
    .updateTable('branches')
    .set({ api_key_hash: values.hash, api_key_hint: values.hint, updated_at: values.now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', branchId)
    .execute();
}
