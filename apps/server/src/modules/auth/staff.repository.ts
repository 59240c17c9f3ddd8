import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';

type Db = Kysely<DB> | Transaction<DB>;

export interface StaffRecord {
  kind: 'staff' | 'platform';
  id: string;
  username: string;
  fullName: string;
  passwordHash: string;
  role: string;
  tenantId: string | null;
  tenantName: string | null;
  tenantActive: boolean;
  isActive: boolean;
  language: string;
}

/** Login names are unique across tenants; the global directory says which table holds the account. */
export async function findStaffByUsername(db: Db, username: string): Promise<StaffRecord | undefined> {
  const entry = await db
    .selectFrom('global_names')
    .select(['target_id', 'tenant_id'])
    .where('kind', '=', 'username')
    .where('name', '=', username.toLowerCase())
    .executeTakeFirst();
  if (!entry) return undefined;
  return entry.tenant_id === null
    ? findPlatformUser(db, entry.target_id)
    : findTenantUser(db, entry.tenant_id, entry.target_id);
}

export async function findPlatformUser(db: Db, id: string): Promise<StaffRecord | undefined> {
  const row = await db.selectFrom('platform_users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'platform',
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    passwordHash: row.password_hash,
    role: 'superadmin',
    tenantId: null,
    tenantName: null,
    tenantActive: true,
    isActive: row.is_active === 1,
    language: row.language,
  };
}

const findTenantUserQuery = preparedQuery<{ tenantId: string; id: string }>()((db, p) =>
  db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'users.id',
      'users.username',
      'users.full_name',
      'users.password_hash',
      'users.role',
      'users.tenant_id',
      'users.is_active',
      'users.language',
      'tenants.name as tenant_name',
      'tenants.is_active as tenant_active',
    ])
    .where('users.tenant_id', '=', p.tenantId)
    .where('users.id', '=', p.id),
);

export async function findTenantUser(db: Db, tenantId: string, id: string): Promise<StaffRecord | undefined> {
  const row = await findTenantUserQuery.first(db, { tenantId, id });
  if (!row) return undefined;
  return {
    kind: 'staff',
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    passwordHash: row.password_hash,
    role: row.role,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    tenantActive: row.tenant_active === 1,
    isActive: row.is_active === 1,
    language: row.language,
  };
}

const findUserBranchIdsQuery = preparedQuery<{ tenantId: string; userId: string }>()((db, p) =>
  db
    .selectFrom('user_branches')
    .select('branch_id')
    .where('tenant_id', '=', p.tenantId)
    .where('user_id', '=', p.userId)
    .orderBy('branch_id'),
);

export async function findUserBranchIds(db: Db, tenantId: string, userId: string): Promise<string[]> {
  const rows = await findUserBranchIdsQuery.all(db, { tenantId, userId });
  return rows.map((r) => r.branch_id);
}

export async function findTenantName(
  db: Db,
  tenantId: string,
): Promise<{ name: string; active: boolean } | undefined> {
  const row = await db
    .selectFrom('tenants')
    .select(['name', 'is_active'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return row && { name: row.name, active: row.is_active === 1 };
}

export async function markLogin(db: Db, record: StaffRecord, now: number): Promise<void> {
  if (record.kind === 'platform') {
    await db.updateTable('platform_users').set({ last_login_at: now }).where('id', '=', record.id).execute();
  } else if (record.tenantId) {
    await db
      .updateTable('users')
      .set({ last_login_at: now })
      .where('tenant_id', '=', record.tenantId)
      .where('id', '=', record.id)
      .execute();
  }
}

export async function setLanguage(
  db: Db,
  record: { kind: 'staff' | 'platform'; id: string; tenantId: string | null },
  language: string,
  now: number,
): Promise<void> {
  if (record.kind === 'platform') {
    await db
      .updateTable('platform_users')
      .set({ language, updated_at: now })
      .where('id', '=', record.id)
      .execute();
  } else if (record.tenantId) {
    await db
      .updateTable('users')
      .set({ language, updated_at: now })
      .where('tenant_id', '=', record.tenantId)
      .where('id', '=', record.id)
      .execute();
  }
}

/** Whether a username is taken (usernames are unique across the platform, in the global name directory). */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('global_names')
    .select('target_id')
    .where('kind', '=', 'username')
    .where('name', '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
