import { sql, type Selectable, type Transaction, type Updateable } from 'kysely';
import type {
  ApplicationListQuery,
  ApplicationSortField,
  TenantCategoryListQuery,
  TenantCategorySortField,
  TenantListQuery,
  TenantSortField,
} from '@antrean/shared/contracts/platform.contract';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { ApplicationsTable, DB, TenantsTable } from '../../db/schema';
import { Seeder } from '../../db/seed/seeder';
import type { TopicName } from '../../live/hub';
import type { Db } from '../../lib/uow';

/**
 * The platform's own rows (no tenant): categories, tenants, published app versions. Only the
 * superadmin's services call these; tenant-scoped reads live in their modules.
 */

// ── Categories ───────────────────────────────────────────────────────────────────────────────
export interface CategoryRow {
  id: string;
  name: string;
  tenant_count: number | string;
}

const CATEGORY_SORT: Record<TenantCategorySortField, string> = { name: 'name', tenantCount: 'tenant_count' };

function selectCategories(db: Db) {
  return db.selectFrom('tenant_categories').select((eb) => [
    'tenant_categories.id',
    'tenant_categories.name',
    eb
      .selectFrom('tenants')
      .select((t) => t.fn.countAll<number | string>().as('n'))
      .whereRef('tenants.category_id', '=', 'tenant_categories.id')
      .as('tenant_count'),
  ]);
}

export async function listCategoryPage(
  db: Db,
  query: TenantCategoryListQuery,
): Promise<PageRows<CategoryRow>> {
  let select = selectCategories(db);
  if (query.q !== undefined) select = select.where(containsText('tenant_categories.name', query.q));
  const page = await fetchPage(
    orderForPage(select, CATEGORY_SORT[query.sort], query.dir, 'tenant_categories.id'),
    query,
  );
  return { total: page.total, rows: page.rows.map((r) => ({ ...r, tenant_count: r.tenant_count ?? 0 })) };
}

export async function findCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  const row = await selectCategories(db).where('tenant_categories.id', '=', id).executeTakeFirst();
  return row ? { ...row, tenant_count: row.tenant_count ?? 0 } : undefined;
}

/** Another category with this name, ignoring case. */
export async function categoryNameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  let select = db
    .selectFrom('tenant_categories')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  return (await select.executeTakeFirst()) !== undefined;
}

export async function insertCategory(trx: Transaction<DB>, row: { id: string; name: string; now: number }) {
  await trx
    .insertInto('tenant_categories')
    .values({ id: row.id, name: row.name, created_at: row.now, updated_at: row.now })
    .execute();
}

export async function renameCategory(trx: Transaction<DB>, id: string, name: string, now: number) {
  await trx.updateTable('tenant_categories').set({ name, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteCategory(trx: Transaction<DB>, id: string) {
  await trx.deleteFrom('tenant_categories').where('id', '=', id).execute();
}

// ── Tenants ──────────────────────────────────────────────────────────────────────────────────
export type TenantRow = Selectable<TenantsTable> & { category_name: string };

const TENANT_SORT: Record<TenantSortField, string> = {
  name: 'tenants.name',
  category: 'tenant_categories.name',
  status: 'tenants.is_active',
  createdAt: 'tenants.created_at',
};

function selectTenants(db: Db) {
  return db
    .selectFrom('tenants')
    .innerJoin('tenant_categories', 'tenant_categories.id', 'tenants.category_id')
    .selectAll('tenants')
    .select('tenant_categories.name as category_name');
}

export async function listTenantPage(db: Db, query: TenantListQuery): Promise<PageRows<TenantRow>> {
  let select = selectTenants(db);
  if (query.status) select = select.where('tenants.is_active', '=', query.status === 'active' ? 1 : 0);
  if (query.categoryId) select = select.where('tenants.category_id', '=', query.categoryId);
  const q = query.q;
  if (q !== undefined) {
    select = select.where((eb) =>
      eb.or([containsText('tenants.name', q), containsText('tenant_categories.name', q)]),
    );
  }
  return fetchPage(orderForPage(select, TENANT_SORT[query.sort], query.dir, 'tenants.id'), query);
}

export async function findTenant(db: Db, id: string): Promise<TenantRow | undefined> {
  return selectTenants(db).where('tenants.id', '=', id).executeTakeFirst();
}

/** Another tenant with this name, ignoring case. */
export async function tenantNameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  let select = db
    .selectFrom('tenants')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  return (await select.executeTakeFirst()) !== undefined;
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('tenant_categories').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

/** Is this login name taken anywhere (usernames are unique across tenants and the platform)? */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('global_names')
    .select('target_id')
    .where('kind', '=', 'username')
    .where('name', '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new tenant with what every tenant starts with (its settings row and a default theme), built
 * the same way as the demo's tenants, and its first admin user.
 */
export async function insertTenantWithAdmin(
  trx: Transaction<DB>,
  now: number,
  tenant: { name: string; categoryId: string; isActive: boolean },
  admin: { username: string; fullName: string; passwordHash: string },
): Promise<{ tenantId: string; adminId: string }> {
  const seeder = new Seeder(trx, now);
  const tenantId = await seeder.tenant(tenant);
  const adminId = await seeder.user(tenantId, { ...admin, role: 'admin' });
  return { tenantId, adminId };
}

export async function updateTenant(
  trx: Transaction<DB>,
  id: string,
  values: Pick<
    Updateable<TenantsTable>,
    'name' | 'category_id' | 'logo_file_id' | 'is_active' | 'updated_at'
  >,
) {
  await trx.updateTable('tenants').set(values).where('id', '=', id).execute();
}

// ── Applications ─────────────────────────────────────────────────────────────────────────────
export type ApplicationRow = Selectable<ApplicationsTable>;

const APPLICATION_SORT: Record<ApplicationSortField, string> = {
  platform: 'platform',
  version: 'version',
  releasedAt: 'released_at',
};

export async function listApplicationPage(
  db: Db,
  query: ApplicationListQuery,
): Promise<PageRows<ApplicationRow>> {
  let select = db.selectFrom('applications').selectAll();
  if (query.platform) select = select.where('platform', '=', query.platform);
  const q = query.q;
  if (q !== undefined) {
    select = select.where((eb) =>
      eb.or([containsText('platform', q), containsText('version', q), containsText('changelog', q)]),
    );
  }
  return fetchPage(orderForPage(select, APPLICATION_SORT[query.sort], query.dir, 'id'), query);
}

export async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another row of this platform with this version (ignoring case). */
export async function versionTaken(
  db: Db,
  platform: string,
  version: string,
  exceptId: string | null,
): Promise<boolean> {
  let select = db
    .selectFrom('applications')
    .select('id')
    .where('platform', '=', platform)
    .where(sql<boolean>`lower(version) = ${version.toLowerCase()}`);
  if (exceptId !== null) select = select.where('id', '!=', exceptId);
  return (await select.executeTakeFirst()) !== undefined;
}

export async function insertApplication(trx: Transaction<DB>, row: ApplicationRow) {
  await trx.insertInto('applications').values(row).execute();
}

export async function updateApplication(
  trx: Transaction<DB>,
  id: string,
  values: Pick<
    Updateable<ApplicationsTable>,
    'platform' | 'version' | 'changelog' | 'download_url' | 'updated_at'
  >,
) {
  await trx.updateTable('applications').set(values).where('id', '=', id).execute();
}

export async function deleteApplication(trx: Transaction<DB>, id: string) {
  await trx.deleteFrom('applications').where('id', '=', id).execute();
}

// ── Acting inside a tenant ───────────────────────────────────────────────────────────────────
/** The tenant a superadmin's session acts in (null: none). */
export async function findActingTenant(db: Db, sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select('acting_tenant_id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.acting_tenant_id ?? null;
}

export async function setActingTenant(trx: Transaction<DB>, sessionId: string, tenantId: string | null) {
  await trx.updateTable('sessions').set({ acting_tenant_id: tenantId }).where('id', '=', sessionId).execute();
}

/**
 * The live topics a tenant's screens are subscribed to (its displays and kiosks by code, its
 * branches and counters, its visitors' open tickets): cut off when the tenant is deactivated.
 */
export async function tenantLiveTopics(db: Db, tenantId: string): Promise<TopicName[]> {
  const [displays, kiosks, branches, counters, tickets] = await Promise.all([
    db.selectFrom('displays').select('code').where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('kiosks').select('code').where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('branches').select('id').where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('counters').select('id').where('tenant_id', '=', tenantId).execute(),
    db
      .selectFrom('tickets')
      .select('unique_code')
      .where('tenant_id', '=', tenantId)
      .where('status', 'not in', ['finished', 'no_show', 'cancelled'])
      .execute(),
  ]);
  return [
    ...displays.map((d) => `display:${d.code}` as const),
    ...kiosks.map((k) => `kiosk:${k.code}` as const),
    ...branches.map((b) => `branch:${b.id}` as const),
    ...counters.map((c) => `counter:${c.id}` as const),
    ...tickets.map((t) => `ticket:${t.unique_code}` as const),
  ];
}
