import type { StaffRole } from '@antrean/shared/auth/roles';
import type { Language } from '@antrean/shared/i18n/lang';

export interface StaffActor {
  kind: 'staff';
  sessionId: string;
  userId: string;
  username: string;
  fullName: string;
  role: StaffRole;
  /** The tenant the actor acts in; null for a superadmin who has not picked a tenant. */
  tenantId: string | null;
  /** Branches a branch-bound role is assigned to; empty for admins (who see all). */
  branchIds: string[];
  language: Language;
}

export interface DeviceActor {
  kind: 'kiosk' | 'display';
  tenantId: string;
  branchId: string;
  deviceId: string;
  code: string;
}

interface ApiKeyActor {
  kind: 'apiKey';
  tenantId: string;
  branchId: string;
}

interface PublicActor {
  kind: 'public';
}

export type Actor = StaffActor | DeviceActor | ApiKeyActor | PublicActor;

/** A staff actor that acts inside a tenant (superadmins must have picked one). */
export type TenantStaffActor = StaffActor & { tenantId: string };
