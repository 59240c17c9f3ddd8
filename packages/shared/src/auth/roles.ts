import { z } from 'zod';

/** Staff roles. Visitors and guests are not staff. */
export const STAFF_ROLES = ['superadmin', 'admin', 'operator', 'caller', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'v.mustChoose' });

/** Roles bound to specific branches; admins see every branch of their tenant. */
export function isBranchBound(role: StaffRole): boolean {
  return role === 'operator' || role === 'caller' || role === 'supervisor';
}
