import type { Selectable, Transaction, Updateable } from 'kysely';
import type { CounterListQuery, CounterSortField } from '@antrean/shared/contracts/counters.contract';
import type { DbKind } from '../../db/database';
import { forUpdate } from '../../db/dialect';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { CountersTable, DB } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type CounterRow = Selectable<CountersTable>;

const SORT_COLUMNS: Record<CounterSortField, string> = {
  number: 'number',
  name: 'name',
  status: 'is_active',
};

/** A branch's counters, all columns: the base the listings filter and order. */
export function selectBranchCounters(db: Db, tenantId: string, branchId: string) {
  return db
    .selectFrom('counters')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId);
}

/** One page of a branch's counters: search in the name and the number, one sort, a status filter. */
export async function listCounterPage(
  db: Db,
  tenantId: string,
  query: CounterListQuery,
): Promise<PageRows<CounterRow>> {
  let select = selectBranchCounters(db, tenantId, query.branchId);
  if (query.status) select = select.where('is_active', '=', query.status === 'active' ? 1 : 0);
  const q = query.q;
  if (q !== undefined) {
    select = select.where((eb) => eb.or([containsText('name', q), containsText('number', q)]));
  }
  return fetchPage(orderForPage(select, SORT_COLUMNS[query.sort], query.dir, 'id'), query);
}

/** The branch a counter is added to, locked on PostgreSQL so two admins cannot both pass its limit. */
export async function lockBranch(
  trx: Transaction<DB>,
  kind: DbKind,
  tenantId: string,
  branchId: string,
): Promise<{ id: string; counter_limit: number } | undefined> {
  return forUpdate(
    kind,
    trx
      .selectFrom('branches')
      .select(['id', 'counter_limit'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', branchId),
  ).executeTakeFirst();
}

export async function findBranchLimit(
  db: Db,
  tenantId: string,
  branchId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('branches')
    .select('counter_limit')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', branchId)
    .executeTakeFirst();
  return row?.counter_limit;
}

export async function countActive(db: Db, tenantId: string, branchId: string): Promise<number> {
  const row = await db
    .selectFrom('counters')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// A counter by id: the same prepared read the queue engine uses.
export { findCounterRow as findCounter } from '../tickets/ticket-lookup.repository';

/** The services each of these counters serves. */
export async function servicesOf(
  db: Db,
  tenantId: string,
  counterIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(counterIds.map((id) => [id, []]));
  if (counterIds.length === 0) return out;
  const rows = await db
    .selectFrom('counter_services')
    .select(['counter_id', 'service_id'])
    .where('tenant_id', '=', tenantId)
    .where('counter_id', 'in', counterIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) out.get(row.counter_id)?.push(row.service_id);
  return out;
}

/** Of these service ids, the ones the branch offers (services of the tenant, offered there). */
export async function offeredServiceIds(
  db: Db,
  tenantId: string,
  branchId: string,
  serviceIds: readonly string[],
): Promise<string[]> {
  if (serviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('branch_services')
    .select('service_id')
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_id', 'in', serviceIds)
    .execute();
  return rows.map((r) => r.service_id);
}

/** Another counter of the branch with this name (ignoring case) or this number. */
export async function findClash(
  db: Db,
  tenantId: string,
  branchId: string,
  values: { name?: string; number?: number },
  exceptId: string | null,
): Promise<{ name: boolean; number: boolean }> {
  const { name, number } = values;
  if (name === undefined && number === undefined) return { name: false, number: false };
  let select = db
    .selectFrom('counters')
    .select(['name', 'number'])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where((eb) =>
      eb.or([
        ...(name === undefined ? [] : [eb(eb.fn('lower', ['name']), '=', name.toLowerCase())]),
        ...(number === undefined ? [] : [eb('number', '=', number)]),
      ]),
    );
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  const rows = await select.execute();
  return {
    name: name !== undefined && rows.some((r) => r.name.toLowerCase() === name.toLowerCase()),
    number: number !== undefined && rows.some((r) => r.number === number),
  };
}

export async function insertCounter(trx: Transaction<DB>, row: CounterRow): Promise<void> {
  await trx.insertInto('counters').values(row).execute();
}

export async function updateCounter(
  trx: Transaction<DB>,
  tenantId: string,
  counterId: string,
  values: Pick<Updateable<CountersTable>, 'name' | 'number' | 'is_active' | 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('counters')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', counterId)
    .execute();
}

/** The counter serves exactly these services from now on (branch-service-counter mapping). */
export async function replaceServices(
  trx: Transaction<DB>,
  counter: { tenantId: string; branchId: string; counterId: string },
  serviceIds: readonly string[],
  newId: () => string,
  now: number,
): Promise<void> {
  await trx
    .deleteFrom('counter_services')
    .where('tenant_id', '=', counter.tenantId)
    .where('counter_id', '=', counter.counterId)
    .execute();
  if (serviceIds.length === 0) return;
  await trx
    .insertInto('counter_services')
    .values(
      serviceIds.map((serviceId) => ({
        id: newId(),
        tenant_id: counter.tenantId,
        branch_id: counter.branchId,
        counter_id: counter.counterId,
        service_id: serviceId,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Has the counter served anyone? Tickets and their events name it, and caller sessions were
 * held at it: that history is kept for reports and the audit trail.
 */
export async function hasHistory(db: Db, tenantId: string, counterId: string): Promise<boolean> {
  const [ticket, event, session] = await Promise.all([
    db
      .selectFrom('tickets')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('counter_id', '=', counterId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('ticket_events')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('counter_id', '=', counterId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('counter_sessions')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('counter_id', '=', counterId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return ticket !== undefined || event !== undefined || session !== undefined;
}

export async function deleteCounter(
  trx: Transaction<DB>,
  tenantId: string,
  counterId: string,
): Promise<void> {
  await trx
    .deleteFrom('counter_services')
    .where('tenant_id', '=', tenantId)
    .where('counter_id', '=', counterId)
    .execute();
  await trx
    .updateTable('displays')
    .set({ counter_id: null })
    .where('tenant_id', '=', tenantId)
    .where('counter_id', '=', counterId)
    .execute();
  await trx.deleteFrom('counters').where('tenant_id', '=', tenantId).where('id', '=', counterId).execute();
}
