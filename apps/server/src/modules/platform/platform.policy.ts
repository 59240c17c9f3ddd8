import { can } from '@antrean/shared/auth/permissions';
import type { Actor, StaffActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { requireStaff } from '../../lib/policy';

/** The platform pages are the superadmin's alone (acting inside a tenant or not). */
export function requirePlatformStaff(actor: Actor): StaffActor {
  const staff = requireStaff(actor);
  if (!can(staff.role, 'platform.manage')) throw new AppError('FORBIDDEN');
  return staff;
}
