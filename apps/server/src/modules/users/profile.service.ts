import type { Profile } from '@antrean/shared/contracts/profile.contract';
import type { ChangePasswordInputSchema, ProfileInputSchema } from '@antrean/shared/domain/staff-user';
import type { z } from 'zod';
import type { Actor, StaffActor } from '../../lib/actor';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireStaff } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import type { Audit } from '../audit/audit.service';
import * as repo from './profile.repository';

type ProfileBody = z.output<typeof ProfileInputSchema>;
type ChangePasswordBody = z.output<typeof ChangePasswordInputSchema>;

/** A superadmin's profile is their platform account, whatever tenant they act in. */
function ownerOf(staff: StaffActor): repo.ProfileOwner {
  if (staff.role === 'superadmin') return { kind: 'platform', id: staff.userId };
  if (staff.tenantId === null) throw new AppError('AUTH_REQUIRED');
  return { kind: 'staff', tenantId: staff.tenantId, id: staff.userId };
}

/**
 * The profile menu (decision 56): every signed-in staff member edits their own name, phone and
 * photo and changes their own password with the current one. Audited like any change; a new
 * password ends the user's other sessions.
 */
export function createProfileService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function toProfile(staff: StaffActor, row: repo.ProfileRow): Profile {
    return {
      id: row.id,
      username: row.username,
      fullName: row.full_name,
      role: staff.role,
      phone: row.phone,
      avatarFileId: row.avatar_file_id,
      canHaveAvatar: staff.role !== 'superadmin',
    };
  }

  async function load(db: Db, staff: StaffActor, owner: repo.ProfileOwner): Promise<Profile> {
    const row = await repo.findProfile(db, owner);
    if (!row) throw new AppError('AUTH_REQUIRED');
    return toProfile(staff, row);
  }

  async function get(actor: Actor): Promise<Profile> {
    const staff = requireStaff(actor);
    return uow.read((db) => load(db, staff, ownerOf(staff)));
  }

  /** The photo must be an avatar the user uploaded in their tenant. */
  async function checkAvatar(db: Db, owner: repo.ProfileOwner, fileId: string | null): Promise<void> {
    if (fileId === null) return;
    const file = owner.kind === 'staff' ? await repo.findAvatarFile(db, owner.tenantId, fileId) : undefined;
    if (file?.kind !== 'avatar' || file.created_by !== owner.id) {
      throw new AppError('VALIDATION_FAILED', { fields: { avatarFileId: 'v.enum' } });
    }
  }

  async function update(actor: Actor, body: ProfileBody): Promise<Profile> {
    const staff = requireStaff(actor);
    const owner = ownerOf(staff);
    return uow.transaction(async (trx) => {
      const before = await load(trx, staff, owner);
      if (body.avatarFileId !== before.avatarFileId) await checkAvatar(trx, owner, body.avatarFileId);
      const after: Profile = { ...before, ...body };
      if (JSON.stringify(after) === JSON.stringify(before)) return before;
      await repo.updateProfile(trx, owner, {
        full_name: after.fullName,
        phone: after.phone,
        avatar_file_id: after.avatarFileId,
        updated_at: clock.now(),
      });
      await audit.record(trx, actor, {
        action: 'user.profile-update',
        entityType: owner.kind === 'platform' ? 'platform_user' : 'user',
        entityId: owner.id,
        tenantId: owner.kind === 'platform' ? null : owner.tenantId,
        before,
        after,
      });
      return after;
    });
  }

  async function changePassword(actor: Actor, body: ChangePasswordBody): Promise<void> {
    const staff = requireStaff(actor);
    const owner = ownerOf(staff);
    const row = await uow.read((db) => repo.findProfile(db, owner));
    if (!row) throw new AppError('AUTH_REQUIRED');
    if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
      throw new AppError('USER_PASSWORD_WRONG', { fields: { currentPassword: 'USER_PASSWORD_WRONG' } });
    }
    const passwordHash = await hashPassword(body.newPassword);
    await uow.transaction(async (trx, tx) => {
      const now = clock.now();
      await repo.setPassword(trx, owner, passwordHash, now);
      await repo.revokeOtherSessions(trx, owner, staff.sessionId, now);
      // The other sessions' live sockets leave their staff topics at once (decision 65).
      tx.afterCommit(() => bus.publish({ kind: 'access', scope: 'user', id: owner.id }));
      await audit.record(trx, actor, {
        action: 'user.password-change',
        entityType: owner.kind === 'platform' ? 'platform_user' : 'user',
        entityId: owner.id,
        tenantId: owner.kind === 'platform' ? null : owner.tenantId,
        before: null,
        after: { passwordChanged: true },
      });
    });
  }

  return { get, update, changePassword };
}

export type ProfileService = ReturnType<typeof createProfileService>;
