import type { Selectable, Transaction } from 'kysely';
import type { DB, SchedulesTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type ScheduleDbRow = Selectable<SchedulesTable>;

/** Every schedule row of a branch, by service, weekday (Monday first in the UI) and start. */
export async function listBranchSchedules(
  db: Db,
  tenantId: string,
  branchId: string,
): Promise<ScheduleDbRow[]> {
  return db
    .selectFrom('schedules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .orderBy('service_id')
    .orderBy('day_of_week')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}

export async function listServiceSchedules(
  db: Db,
  tenantId: string,
  branchId: string,
  serviceId: string,
): Promise<ScheduleDbRow[]> {
  return db
    .selectFrom('schedules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_id', '=', serviceId)
    .orderBy('day_of_week')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}

/** Is the service one the branch offers (a service of the tenant, offered there)? */
export async function isOffered(
  db: Db,
  tenantId: string,
  branchId: string,
  serviceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('branch_services')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The service's rows from now on are exactly `rows`. */
export async function replaceServiceSchedules(
  trx: Transaction<DB>,
  scope: { tenantId: string; branchId: string; serviceId: string },
  rows: readonly ScheduleDbRow[],
): Promise<void> {
  await trx
    .deleteFrom('schedules')
    .where('tenant_id', '=', scope.tenantId)
    .where('branch_id', '=', scope.branchId)
    .where('service_id', '=', scope.serviceId)
    .execute();
  if (rows.length > 0) {
    await trx
      .insertInto('schedules')
      .values([...rows])
      .execute();
  }
}

export async function setServiceInterval(
  trx: Transaction<DB>,
  scope: { tenantId: string; branchId: string; serviceId: string },
  values: { interval: string; hourlyLimit: number; now: number },
): Promise<void> {
  await trx
    .updateTable('schedules')
    .set({ interval: values.interval, hourly_limit: values.hourlyLimit, updated_at: values.now })
    .where('tenant_id', '=', scope.tenantId)
    .where('branch_id', '=', scope.branchId)
    .where('service_id', '=', scope.serviceId)
    .execute();
}
