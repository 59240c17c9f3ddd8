import type { StaffRole } from './roles';

/**
 * The permission matrix (which role may do what), the single source for the server (authoritative) and
 * the web app (which only hides what the server would refuse anyway). Branch membership is a
 * separate check: `canSeeBranch`.
 */
const ACTIONS = [
  'platform.manage', // tenant categories, tenants, applications
  'tenant.configure', // branches, services, counters, devices, parameters, configuration, themes
  'tenant.users', // service users
  'tenant.reset-queue',
  'tenant.backup',
  'branch.read', // list/see branches the actor may see
  'queue.read', // a branch's live queue
  'queue.operate', // operator: issue, check in, validate, reprint, cancel, transfer
  'queue.call', // caller: call, recall, serve, hold, skip, transfer, finish
  'monitor.read', // supervisor monitor
  'reports.read',
  'audit.read',
  'dashboard.read',
] as const;
export type Action = (typeof ACTIONS)[number];

const ALL: readonly Action[] = ACTIONS;

const PERMISSIONS = {
  superadmin: ALL,
  admin: ACTIONS.filter((a) => a !== 'platform.manage'),
  operator: ['branch.read', 'queue.read', 'queue.operate'],
  caller: ['branch.read', 'queue.read', 'queue.call'],
  supervisor: ['branch.read', 'queue.read', 'monitor.read', 'reports.read', 'dashboard.read'],
} as const satisfies Record<StaffRole, readonly Action[]>;

export function can(role: StaffRole, action: Action): boolean {
  // Widen the role's literal tuple to `readonly Action[]` (a plain annotation) so `includes` takes any action.
  const allowed: readonly Action[] = PERMISSIONS[role];
  return allowed.includes(action);
}

export interface BranchScope {
  role: StaffRole;
  branchIds: readonly string[];
}

/** Admins and superadmins see every branch of the tenant they act in; others only their own. */
export function canSeeBranch(actor: BranchScope, branchId: string): boolean {
  if (actor.role === 'admin' || actor.role === 'superadmin') return true;
  return actor.branchIds.includes(branchId);
}

/** Where a staff member lands after signing in. */
export function homePathFor(role: StaffRole): string {
  switch (role) {
    case 'superadmin':
    case 'admin':
      return '/dashboard';
    case 'operator':
      return '/operator';
    case 'caller':
      return '/caller';
    case 'supervisor':
      return '/spv/monitoring';
  }
}
