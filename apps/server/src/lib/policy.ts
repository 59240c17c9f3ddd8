import { canSeeBranch } from '@antrean/shared/auth/permissions';
import type { Actor, StaffActor, TenantStaffActor } from './actor';
import { AppError } from './errors';

export function requireStaff(actor: Actor): StaffActor {
  if (actor.kind !== 'staff') throw new AppError('AUTH_REQUIRED');
  return actor;
}

/** A staff actor inside a tenant; a superadmin must first pick the tenant to act in. */
export function requireTenantStaff(actor: Actor): TenantStaffActor {
  const staff = requireStaff(actor);
  if (staff.tenantId === null) throw new AppError('TENANT_CONTEXT_REQUIRED');
  return { ...staff, tenantId: staff.tenantId };
}

/** The tenant any kind of authenticated actor works in. */
export function tenantOf(actor: Actor): string {
  if (actor.kind === 'public') throw new AppError('AUTH_REQUIRED');
  if (actor.kind === 'staff') return requireTenantStaff(actor).tenantId;
  return actor.tenantId;
}

/**
 * May this actor touch this branch? Anything outside the actor's reach answers 404, exactly
 * like an id that does not exist, so probing ids reveals nothing.
 */
export function assertBranchAccess(actor: Actor, branchId: string): void {
  if (actor.kind === 'staff') {
    if (!canSeeBranch(actor, branchId)) throw new AppError('NOT_FOUND');
    return;
  }
  if (actor.kind === 'public' || actor.branchId !== branchId) throw new AppError('NOT_FOUND');
}
