import type { DbKind } from '../../db/database';
import { forUpdate } from '../../db/dialect';
import { preparedQuery } from '../../db/prepared';
import type { Db } from '../../lib/uow';

/** What the queue engine looks up around a ticket: counters, the services they serve, stations, offered services. */

const findCounterQuery = preparedQuery<{ tenantId: string; counterId: string }>()((db, p) =>
  db.selectFrom('counters').selectAll().where('tenant_id', '=', p.tenantId).where('id', '=', p.counterId),
);

/** A counter of the tenant by id, without a lock (the prepared read). */
export async function findCounterRow(db: Db, tenantId: string, counterId: string) {
  return findCounterQuery.first(db, { tenantId, counterId });
}

export async function findCounter(trx: Db, kind: DbKind, tenantId: string, counterId: string, lock = false) {
  // SQLite has no row locks (one writer): the prepared read is the same query there.
  if (!lock || kind === 'sqlite') return findCounterRow(trx, tenantId, counterId);
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
