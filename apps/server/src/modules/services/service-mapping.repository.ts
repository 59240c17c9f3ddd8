import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../lib/uow';

/** Every service of the tenant, with whether this branch offers it (an active branch_services row). */
export async function servicesForBranch(db: Db, tenantId: string, branchId: string) {
  return db
    .selectFrom('services')
    .leftJoin('branch_services', (join) =>
      join
        .onRef('branch_services.service_id', '=', 'services.id')
        .on('branch_services.tenant_id', '=', tenantId)
        .on('branch_services.branch_id', '=', branchId),
    )
    .select([
      'services.id',
      'services.code',
      'services.name',
      'services.is_active',
      'services.sort_order',
      'branch_services.is_active as offered',
    ])
    .where('services.tenant_id', '=', tenantId)
    .orderBy('services.sort_order')
    .orderBy('services.code')
    .execute();
}

/** The branch's counters in number order. */
export async function countersOfBranch(db: Db, tenantId: string, branchId: string) {
  return db
    .selectFrom('counters')
    .select(['id', 'name', 'number', 'is_active'])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .orderBy('number')
    .orderBy('id')
    .execute();
}

export async function mappingOfBranch(
  db: Db,
  tenantId: string,
  branchId: string,
): Promise<{ counter_id: string; service_id: string }[]> {
  return db
    .selectFrom('counter_services')
    .select(['counter_id', 'service_id'])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The branch offers exactly these services: rows are (re)activated or deactivated, never deleted (schedules hang on them). */
export async function setOffered(
  trx: Transaction<DB>,
  scope: { tenantId: string; branchId: string },
  offered: readonly string[],
  newId: () => string,
  now: number,
): Promise<void> {
  const existing = await trx
    .selectFrom('branch_services')
    .select(['service_id', 'is_active'])
    .where('tenant_id', '=', scope.tenantId)
    .where('branch_id', '=', scope.branchId)
    .execute();
  const wanted = new Set(offered);
  const known = new Set(existing.map((r) => r.service_id));
  const on = existing.filter((r) => wanted.has(r.service_id) && r.is_active !== 1).map((r) => r.service_id);
  const off = existing.filter((r) => !wanted.has(r.service_id) && r.is_active === 1).map((r) => r.service_id);
  for (const [ids, flag] of [
    [on, 1],
    [off, 0],
  ] as const) {
    if (ids.length === 0) continue;
    await trx
      .updateTable('branch_services')
      .set({ is_active: flag, updated_at: now })
      .where('tenant_id', '=', scope.tenantId)
      .where('branch_id', '=', scope.branchId)
      .where('service_id', 'in', ids)
      .execute();
  }
  const added = offered.filter((id) => !known.has(id));
  if (added.length === 0) return;
  await trx
    .insertInto('branch_services')
    .values(
      added.map((serviceId) => ({
        id: newId(),
        tenant_id: scope.tenantId,
        branch_id: scope.branchId,
        service_id: serviceId,
        is_active: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** The branch's counters serve exactly this mapping from now on. */
export async function replaceMapping(
  trx: Transaction<DB>,
  scope: { tenantId: string; branchId: string },
  pairs: readonly { counterId: string; serviceId: string }[],
  newId: () => string,
  now: number,
): Promise<void> {
  await trx
    .deleteFrom('counter_services')
    .where('tenant_id', '=', scope.tenantId)
    .where('branch_id', '=', scope.branchId)
    .execute();
  if (pairs.length === 0) return;
  await trx
    .insertInto('counter_services')
    .values(
      pairs.map((p) => ({
        id: newId(),
        tenant_id: scope.tenantId,
        branch_id: scope.branchId,
        counter_id: p.counterId,
        service_id: p.serviceId,
        created_at: now,
      })),
    )
    .execute();
}
