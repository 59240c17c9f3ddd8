import { can } from '@antrean/shared/auth/permissions';
import type { SessionUser } from '@antrean/shared/domain/user';

/**
 * Who may open each staff area (mirrored from the permission matrix in `shared/auth`;
 * the server enforces it, the web app only routes by it).
 */
export const access = {
  dashboard: (user: SessionUser) => can(user.role, 'dashboard.read'),
  /** The caller screen is the callers' own: admins sign in to counters with a caller account. */
  caller: (user: SessionUser) => user.role === 'caller',
  operator: (user: SessionUser) => can(user.role, 'queue.operate'),
  supervisor: (user: SessionUser) => can(user.role, 'monitor.read'),
} as const;
