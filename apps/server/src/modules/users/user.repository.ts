import type { Selectable, Transaction, Updateable } from 'kysely';
import type { UserListQuery, UserSortField } from '@antrean/shared/contracts/users.contract';
import { SERVICE_ROLES } from '@antrean/shared/domain/staff-user';
import type { DbKind } from '../../db/database';
import { forUpdate } from '../../db/dialect';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { DB, UsersTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type UserRow = Selectable<UsersTable>;

const SORT_COLUMNS: Record<UserSortField, string> = {
  fullName: 'full_name',
  username: 'username',
  role: 'role',
  status: 'is_active',
};

/** One page of the tenant's users: search in name, username and phone; group, role, status and branch filters. */
export async function listUserPage(
  db: Db,
  tenantId: string,
  query: UserListQuery,
): Promise<PageRows<UserRow>> {
  let select = db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId);
  if (query.group === 'admins') select = select.where('role', '=', 'admin');
  if (query.group === 'service') select = select.where('role', 'in', SERVICE_ROLES);
  if (query.role) select = select.where('role', '=', query.role);
  if (query.status) select = select.where('is_active', '=', query.status === 'active' ? 1 : 0);
  const { branchId, q } = query;
  if (branchId) {
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_branches')
          .select('user_branches.user_id')
          .whereRef('user_branches.user_id', '=', 'users.id')
          .where('user_branches.tenant_id', '=', tenantId)
          .where('user_branches.branch_id', '=', branchId),
      ),
    );
  }
  if (q !== undefined) {
    select = select.where((eb) =>
      eb.or([containsText('full_name', q), containsText('username', q), containsText('phone', q)]),
    );
  }
  return fetchPage(orderForPage(select, SORT_COLUMNS[query.sort], query.dir, 'id'), query);
}

export async function findUser(db: Db, tenantId: string, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The branches each of these users works at. */
export async function branchesOf(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_branches')
    .select(['user_id', 'branch_id'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .orderBy('created_at')
    .orderBy('branch_id')
    .execute();
  for (const row of rows) out.get(row.user_id)?.push(row.branch_id);
  return out;
}

/** Of these ids, the tenant's branches. */
export async function existingBranchIds(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('branches')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Locks the tenant's row on PostgreSQL while the active admins are counted, so two admins
 * cannot both deactivate the other and leave the tenant without one.
 */
export async function lockTenant(trx: Transaction<DB>, kind: DbKind, tenantId: string): Promise<void> {
  await forUpdate(kind, trx.selectFrom('tenants').select('id').where('id', '=', tenantId)).executeTakeFirst();
}

export async function countActiveAdmins(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Who holds this login name (names are unique across the platform: the global directory). */
export async function usernameOwner(db: Db, username: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('global_names')
    .select('target_id')
    .where('kind', '=', 'username')
    .where('name', '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.target_id;
}

export async function insertUser(trx: Transaction<DB>, row: UserRow): Promise<void> {
  await trx.insertInto('users').values(row).execute();
  await trx
    .insertInto('global_names')
    .values({
      kind: 'username',
      name: row.username.toLowerCase(),
      tenant_id: row.tenant_id,
      target_id: row.id,
      created_at: row.created_at,
    })
    .execute();
}

export async function updateUser(
  trx: Transaction<DB>,
  tenantId: string,
  userId: string,
  values: Pick<
    Updateable<UsersTable>,
    'full_name' | 'username' | 'role' | 'phone' | 'is_active' | 'password_hash' | 'updated_at'
  >,
): Promise<void> {
  await trx
    .updateTable('users')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** The user's login name in the global directory follows a rename. */
export async function renameLogin(
  trx: Transaction<DB>,
  tenantId: string,
  userId: string,
  username: string,
): Promise<void> {
  await trx
    .updateTable('global_names')
    .set({ name: username.toLowerCase() })
    .where('kind', '=', 'username')
    .where('tenant_id', '=', tenantId)
    .where('target_id', '=', userId)
    .execute();
}

/** The user works at exactly these branches from now on. */
export async function replaceBranches(
  trx: Transaction<DB>,
  tenantId: string,
  userId: string,
  branchIds: readonly string[],
  now: number,
): Promise<void> {
  await trx
    .deleteFrom('user_branches')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
  if (branchIds.length === 0) return;
  await trx
    .insertInto('user_branches')
    .values(
      branchIds.map((branchId) => ({
        tenant_id: tenantId,
        user_id: userId,
        branch_id: branchId,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Has the user left a trace? Tickets they called, ticket events they made, counter sessions
 * they held and changes they made (audit trail): kept for reports, so the user is deactivated.
 */
export async function hasHistory(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const [ticket, event, session, audit] = await Promise.all([
    db
      .selectFrom('tickets')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('caller_user_id', '=', userId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('ticket_events')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('actor_kind', '=', 'staff')
      .where('actor_id', '=', userId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('counter_sessions')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('audit_log')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('actor_kind', '=', 'staff')
      .where('actor_id', '=', userId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return ticket !== undefined || event !== undefined || session !== undefined || audit !== undefined;
}

export async function deleteUser(trx: Transaction<DB>, tenantId: string, userId: string): Promise<void> {
  await trx
    .deleteFrom('global_names')
    .where('kind', '=', 'username')
    .where('tenant_id', '=', tenantId)
    .where('target_id', '=', userId)
    .execute();
  await trx
    .deleteFrom('user_branches')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
  await trx
    .deleteFrom('sessions')
    .where('subject_kind', '=', 'staff')
    .where('tenant_id', '=', tenantId)
    .where('subject_id', '=', userId)
    .execute();
  await trx.deleteFrom('users').where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
}

/** Ends every session of the user (they sign in again), except `keepSessionId` (the one making the change). */
export async function revokeSessionsOf(
  trx: Transaction<DB>,
  tenantId: string,
  userId: string,
  now: number,
  keepSessionId: string | null = null,
): Promise<void> {
  let update = trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('subject_kind', '=', 'staff')
    .where('tenant_id', '=', tenantId)
    .where('subject_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) update = update.where('id', '!=', keepSessionId);
  await update.execute();
}

/** Ends the user's open counter sessions; answers the counters they were at (their screens are told). */
export async function endCounterSessionsOf(
  trx: Transaction<DB>,
  tenantId: string,
  userId: string,
  now: number,
): Promise<{ counter_id: string; branch_id: string }[]> {
  const open = await trx
    .selectFrom('counter_sessions')
    .select(['counter_id', 'branch_id'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
  if (open.length === 0) return [];
  await trx
    .updateTable('counter_sessions')
    .set({ ended_at: now })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
  return open;
}
