import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CountersTable, DB, ServicesTable, SubServicesTable, ThemesTable } from '../../db/schema';
import { selectBranchCounters } from '../counters/counter.repository';

type Db = Kysely<DB> | Transaction<DB>;
export type ServiceRow = Selectable<ServicesTable>;
export type SubServiceRow = Selectable<SubServicesTable>;
export type CounterRow = Selectable<CountersTable>;
export type ThemeRow = Selectable<ThemesTable>;

/** The services a branch offers (branch_services), in display order. */
export async function listBranchServices(db: Db, tenantId: string, branchId: string): Promise<ServiceRow[]> {
  return db
    .selectFrom('services')
    .innerJoin('branch_services', (join) =>
      join
        .onRef('branch_services.service_id', '=', 'services.id')
        .on('branch_services.tenant_id', '=', tenantId)
        .on('branch_services.branch_id', '=', branchId)
        .on('branch_services.is_active', '=', 1),
    )
    .selectAll('services')
    .where('services.tenant_id', '=', tenantId)
    .orderBy('services.sort_order')
    .orderBy('services.code')
    .execute();
}

export async function listSubServices(
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
    .orderBy('name')
    .execute();
}

export async function listCounters(db: Db, tenantId: string, branchId: string): Promise<CounterRow[]> {
  return selectBranchCounters(db, tenantId, branchId).orderBy('number').orderBy('name').execute();
}

export async function listCounterServices(
  db: Db,
  tenantId: string,
  branchId: string,
): Promise<{ counter_id: string; service_id: string }[]> {
  return db
    .selectFrom('counter_services')
    .select(['counter_id', 'service_id'])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .execute();
}

export async function findActiveTheme(
  db: Db,
  tenantId: string,
): Promise<(ThemeRow & { tenant_name: string; tenant_logo: string | null }) | undefined> {
  return db
    .selectFrom('tenant_settings')
    .innerJoin('themes', (join) =>
      join
        .onRef('themes.id', '=', 'tenant_settings.active_theme_id')
        .onRef('themes.tenant_id', '=', 'tenant_settings.tenant_id'),
    )
    .innerJoin('tenants', 'tenants.id', 'tenant_settings.tenant_id')
    .selectAll('themes')
    .select(['tenants.name as tenant_name', 'tenants.logo_file_id as tenant_logo'])
    .where('tenant_settings.tenant_id', '=', tenantId)
    .executeTakeFirst();
}
