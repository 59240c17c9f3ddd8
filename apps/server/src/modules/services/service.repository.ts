import type { Selectable, Transaction, Updateable } from 'kysely';
import type { ServiceListQuery, ServiceSortField } from '@antrean/shared/contracts/services.contract';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { DB, ServicesTable, SubServicesTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type ServiceRow = Selectable<ServicesTable>;
export type SubServiceRow = Selectable<SubServicesTable>;
export type ServiceValues = Omit<ServiceRow, 'id' | 'tenant_id' | 'created_at' | 'requires_validation'>;

const SORT_COLUMNS: Record<ServiceSortField, string> = {
  code: 'code',
  name: 'name',
  sla: 'sla_seconds',
  order: 'sort_order',
};

/** One page of the tenant's services: search in the name and the code, one sort, a status filter. */
export async function listServicePage(
  db: Db,
  tenantId: string,
  query: ServiceListQuery,
): Promise<PageRows<ServiceRow>> {
  let select = db.selectFrom('services').selectAll().where('tenant_id', '=', tenantId);
  if (query.status) select = select.where('is_active', '=', query.status === 'active' ? 1 : 0);
  const q = query.q;
  if (q !== undefined) {
    select = select.where((eb) => eb.or([containsText('name', q), containsText('code', q)]));
  }
  return fetchPage(orderForPage(select, SORT_COLUMNS[query.sort], query.dir, 'id'), query);
}

export async function findService(
  db: Db,
  tenantId: string,
  serviceId: string,
): Promise<ServiceRow | undefined> {
  return db
    .selectFrom('services')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', serviceId)
    .executeTakeFirst();
}

/** The sub services of these services, in their order. */
export async function subServicesOf(
  db: Db,
  tenantId: string,
  serviceIds: readonly string[],
): Promise<SubServiceRow[]> {
  if (serviceIds.length === 0) return [];
  return db
    .selectFrom('sub_services')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('service_id', 'in', serviceIds)
    .orderBy('sort_order')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Is this code used by another service of the tenant (codes are stored upper-case)? */
export async function codeTaken(
  db: Db,
  tenantId: string,
  code: string,
  exceptId: string | null,
): Promise<boolean> {
  let select = db
    .selectFrom('services')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code);
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  return (await select.executeTakeFirst()) !== undefined;
}

export async function insertService(trx: Transaction<DB>, row: ServiceRow): Promise<void> {
  await trx.insertInto('services').values(row).execute();
}

export async function updateService(
  trx: Transaction<DB>,
  tenantId: string,
  serviceId: string,
  values: Updateable<ServicesTable>,
): Promise<void> {
  await trx
    .updateTable('services')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', serviceId)
    .execute();
}

export async function insertSubService(trx: Transaction<DB>, row: SubServiceRow): Promise<void> {
  await trx.insertInto('sub_services').values(row).execute();
}

export async function updateSubService(
  trx: Transaction<DB>,
  tenantId: string,
  subServiceId: string,
  values: Pick<Updateable<SubServicesTable>, 'name' | 'is_active' | 'sort_order' | 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('sub_services')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', subServiceId)
    .execute();
}

export async function deleteSubServices(
  trx: Transaction<DB>,
  tenantId: string,
  subServiceIds: readonly string[],
): Promise<void> {
  if (subServiceIds.length === 0) return;
  await trx
    .deleteFrom('sub_services')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', subServiceIds)
    .execute();
}

/** Of these sub services, the ones a ticket names (kept, deactivated, instead of deleted). */
export async function subServicesWithTickets(
  db: Db,
  tenantId: string,
  subServiceIds: readonly string[],
): Promise<Set<string>> {
  if (subServiceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('tickets')
    .select('sub_service_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('sub_service_id', 'in', subServiceIds)
    .execute();
  return new Set(rows.flatMap((r) => (r.sub_service_id ? [r.sub_service_id] : [])));
}

/**
 * The latest service day with tickets of this service, per branch, with the branch's time zone:
 * whether it has tickets today (on each branch's own calendar) and whether it has any at all.
 */
export async function ticketDaysByBranch(
  db: Db,
  tenantId: string,
  serviceId: string,
): Promise<{ time_zone: string; last_day: string }[]> {
  const rows = await db
    .selectFrom('tickets')
    .innerJoin('branches', (join) =>
      join
        .onRef('branches.id', '=', 'tickets.branch_id')
        .onRef('branches.tenant_id', '=', 'tickets.tenant_id'),
    )
    .select(['branches.time_zone', (eb) => eb.fn.max('tickets.service_day').as('last_day')])
    .where('tickets.tenant_id', '=', tenantId)
    .where('tickets.service_id', '=', serviceId)
    .groupBy(['tickets.branch_id', 'branches.time_zone'])
    .execute();
  return rows.map((r) => ({ time_zone: r.time_zone, last_day: String(r.last_day) }));
}

/** Deletes a service (its offers, mapping, schedules, sub services and e-form go with it by cascade). */
export async function deleteService(
  trx: Transaction<DB>,
  tenantId: string,
  serviceId: string,
): Promise<void> {
  for (const table of [
    'counter_services',
    'branch_services',
    'schedules',
    'eform_fields',
    'sub_services',
  ] as const) {
    await trx
      .deleteFrom(table)
      .where('tenant_id', '=', tenantId)
      .where('service_id', '=', serviceId)
      .execute();
  }
  await trx.deleteFrom('services').where('tenant_id', '=', tenantId).where('id', '=', serviceId).execute();
}

/** The branches that offer a service (whose kiosks must hear when it changes). */
export async function branchesOffering(db: Db, tenantId: string, serviceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('branch_services')
    .select('branch_id')
    .where('tenant_id', '=', tenantId)
    .where('service_id', '=', serviceId)
    .execute();
  return rows.map((r) => r.branch_id);
}

/** The codes of the active kiosks of these branches (their live topics are `kiosk:<code>`). */
export async function kioskCodesOf(
  db: Db,
  tenantId: string,
  branchIds: readonly string[],
): Promise<string[]> {
  if (branchIds.length === 0) return [];
  const rows = await db
    .selectFrom('kiosks')
    .select('code')
    .where('tenant_id', '=', tenantId)
    .where('branch_id', 'in', branchIds)
    .where('is_active', '=', 1)
    .execute();
  return rows.map((r) => r.code);
}
