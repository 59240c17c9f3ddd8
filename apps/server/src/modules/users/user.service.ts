import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type {
  CreateUserBody,
  UpdateUserBody,
  UserList,
  UserListQuery,
} from '@antrean/shared/contracts/users.contract';
import { TENANT_ROLES, type StaffUser, type TenantRole } from '@antrean/shared/domain/staff-user';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor, TenantStaffActor } from '../../lib/actor';
import { hashPassword } from '../../lib/crypto';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import type { Audit } from '../audit/audit.service';
import { announceFreedCounters } from './freed-counters';
import * as repo from './user.repository';

const ENTITY = 'user';

function toRole(value: string): TenantRole {
  const role = TENANT_ROLES.find((r) => r === value);
  if (!role) throw new Error(`unknown tenant role ${value}`);
  return role;
}

function toStaffUser(row: repo.UserRow, branchIds: readonly string[]): StaffUser {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    role: toRole(row.role),
    phone: row.phone,
    branchIds: [...branchIds],
    isActive: row.is_active === 1,
    avatarFileId: row.avatar_file_id,
    lastLoginAt: row.last_login_at,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * User administration (decisions 54–55): the actor first (an admin of the tenant, or a
 * superadmin acting in it), one transaction per change with its audit entry. Nobody locks
 * themselves out, the tenant keeps an active admin, and a change to who may do what (active,
 * role, branches, password) ends the user's sessions and counter sessions at once.
 */
export function createUserService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function adminOf(actor: Actor): TenantStaffActor {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.users')) throw new AppError('FORBIDDEN');
    return staff;
  }

  async function list(actor: Actor, query: UserListQuery): Promise<UserList> {
    const { tenantId } = adminOf(actor);
    return uow.read(async (db) => {
      const page = await repo.listUserPage(db, tenantId, query);
      const branches = await repo.branchesOf(
        db,
        tenantId,
        page.rows.map((r) => r.id),
      );
      return {
        items: page.rows.map((row) => toStaffUser(row, branches.get(row.id) ?? [])),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  async function loadUser(db: Db, tenantId: string, id: string): Promise<StaffUser> {
    const row = await repo.findUser(db, tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    const branches = await repo.branchesOf(db, tenantId, [id]);
    return toStaffUser(row, branches.get(id) ?? []);
  }

  async function get(actor: Actor, userId: string): Promise<StaffUser> {
    const { tenantId } = adminOf(actor);
    return uow.read((db) => loadUser(db, tenantId, userId));
  }

  /** The branches the role works at: none for an admin, at least one known branch otherwise. */
  async function checkBranches(
    db: Db,
    tenantId: string,
    role: TenantRole,
    branchIds: readonly string[],
  ): Promise<string[]> {
    if (role === 'admin') return [];
    const unique = [...new Set(branchIds)];
    if (unique.length === 0) {
      throw new AppError('VALIDATION_FAILED', { fields: { branchIds: 'v.mustChoose' } });
    }
    const known = await repo.existingBranchIds(db, tenantId, unique);
    if (known.length !== unique.length) {
      throw new AppError('VALIDATION_FAILED', { fields: { branchIds: 'v.enum' } });
    }
    return unique;
  }

  async function checkUsername(db: Db, username: string, exceptId: string | null): Promise<void> {
    const owner = await repo.usernameOwner(db, username);
    if (owner !== undefined && owner !== exceptId) {
      throw new AppError('USERNAME_TAKEN', { fields: { username: 'USERNAME_TAKEN' } });
    }
  }

  async function create(actor: Actor, body: CreateUserBody): Promise<StaffUser> {
    const { tenantId } = adminOf(actor);
    // Hashing is slow on purpose: done before the transaction, which then stays short.
    const passwordHash = await hashPassword(body.password);
    return uow.transaction(async (trx) => {
      const now = clock.now();
      const branchIds = await checkBranches(trx, tenantId, body.role, body.branchIds);
      await checkUsername(trx, body.username, null);
      const row: repo.UserRow = {
        id: newId(now),
        tenant_id: tenantId,
        username: body.username,
        full_name: body.fullName,
        password_hash: passwordHash,
        role: body.role,
        phone: body.phone,
        language: 'id',
        avatar_file_id: null,
        is_active: body.isActive ? 1 : 0,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      };
      await repo.insertUser(trx, row);
      await repo.replaceBranches(trx, tenantId, row.id, branchIds, now);
      const created = toStaffUser(row, branchIds);
      await audit.record(trx, actor, {
        action: 'user.create',
        entityType: ENTITY,
        entityId: row.id,
        tenantId,
        before: null,
        after: created,
      });
      return created;
    });
  }

  /** The tenant keeps at least one active admin (its row is locked on PostgreSQL meanwhile). */
  async function checkNotLastAdmin(trx: Transaction<DB>, tenantId: string): Promise<void> {
    await repo.lockTenant(trx, uow.kind, tenantId);
    if ((await repo.countActiveAdmins(trx, tenantId)) <= 1) throw new AppError('USER_LAST_ADMIN');
  }

  async function update(actor: Actor, userId: string, body: UpdateUserBody): Promise<StaffUser> {
    const staff = adminOf(actor);
    const { tenantId } = staff;
    const passwordHash = body.password === undefined ? null : await hashPassword(body.password);
    return uow.transaction(async (trx, tx) => {
      const now = clock.now();
      const before = await loadUser(trx, tenantId, userId);
      const role = body.role ?? before.role;
      const branchIds =
        body.branchIds === undefined && role === before.role
          ? before.branchIds
          : await checkBranches(trx, tenantId, role, body.branchIds ?? before.branchIds);
      const after: StaffUser = {
        ...before,
        fullName: body.fullName ?? before.fullName,
        username: body.username ?? before.username,
        role,
        phone: body.phone === undefined ? before.phone : body.phone,
        branchIds,
        isActive: body.isActive ?? before.isActive,
      };
      const self = staff.userId === userId;
      if (self && (!after.isActive || (before.role === 'admin' && after.role !== 'admin'))) {
        throw new AppError('USER_SELF_LOCKOUT');
      }
      if (before.role === 'admin' && before.isActive && (!after.isActive || after.role !== 'admin')) {
        await checkNotLastAdmin(trx, tenantId);
      }
      if (after.username !== before.username) await checkUsername(trx, after.username, userId);
      const accessChanged =
        passwordHash !== null ||
        (before.isActive && !after.isActive) ||
        after.role !== before.role ||
        !sameSet(after.branchIds, before.branchIds);
      if (passwordHash === null && JSON.stringify(after) === JSON.stringify(before)) {
        return before;
      }
      await repo.updateUser(trx, tenantId, userId, {
        full_name: after.fullName,
        username: after.username,
        role: after.role,
        phone: after.phone,
        is_active: after.isActive ? 1 : 0,
        updated_at: now,
        ...(passwordHash === null ? {} : { password_hash: passwordHash }),
      });
      if (after.username !== before.username) await repo.renameLogin(trx, tenantId, userId, after.username);
      if (!sameSet(after.branchIds, before.branchIds)) {
        await repo.replaceBranches(trx, tenantId, userId, after.branchIds, now);
      }
      if (accessChanged) {
        // The one making the change keeps the session they make it from.
        await repo.revokeSessionsOf(trx, tenantId, userId, now, self ? staff.sessionId : null);
        const freed = self ? [] : await repo.endCounterSessionsOf(trx, tenantId, userId, now);
        tx.afterCommit(() => {
          announceFreedCounters(bus, freed);
          // Their live sockets leave their staff topics at once, on every node (decision 65).
          bus.publish({ kind: 'access', scope: 'user', id: userId });
        });
      }
      const action =
        after.isActive === before.isActive
          ? 'user.update'
          : after.isActive
            ? 'user.activate'
            : 'user.deactivate';
      await audit.record(trx, actor, {
        action,
        entityType: ENTITY,
        entityId: userId,
        tenantId,
        before,
        after: passwordHash === null ? after : { ...after, passwordReset: true },
      });
      return after;
    });
  }

  /**
   * Deletes a user who has left no trace (created by mistake). One with history (tickets,
   * counter sessions, changes in the audit trail) is kept: USER_HAS_HISTORY, deactivate instead.
   */
  async function remove(actor: Actor, userId: string): Promise<void> {
    const staff = adminOf(actor);
    const { tenantId } = staff;
    await uow.transaction(async (trx, tx) => {
      const before = await loadUser(trx, tenantId, userId);
      if (staff.userId === userId) throw new AppError('USER_SELF_LOCKOUT');
      tx.afterCommit(() => bus.publish({ kind: 'access', scope: 'user', id: userId }));
      if (before.role === 'admin' && before.isActive) await checkNotLastAdmin(trx, tenantId);
      if (await repo.hasHistory(trx, tenantId, userId)) throw new AppError('USER_HAS_HISTORY');
      await repo.deleteUser(trx, tenantId, userId);
      await audit.record(trx, actor, {
        action: 'user.delete',
        entityType: ENTITY,
        entityId: userId,
        tenantId,
        before,
        after: null,
      });
    });
  }

  return { list, get, create, update, remove };
}

export type UserService = ReturnType<typeof createUserService>;
