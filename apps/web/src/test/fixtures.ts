import type { StaffRole } from '@antrean/shared/auth/roles';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import type { SessionUser } from '@antrean/shared/domain/user';

const TENANT_ID = '01a2010e-3799-7875-b125-a79576848a96';
export const BRANCH_ID = '01a2010e-3799-737e-a7b2-8131b67d4750';

export function staffUser(role: StaffRole, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '01a2010e-3799-712f-95b6-513769e1956d',
    username: `${role}.nusantara`,
    fullName: role === 'admin' ? 'Admin Nusantara' : `Staf ${role}`,
    role,
    tenantId: role === 'superadmin' ? null : TENANT_ID,
    tenantName: role === 'superadmin' ? null : 'Bank Nusantara',
    branchIds: role === 'admin' || role === 'superadmin' ? [] : [BRANCH_ID],
    language: 'id',
    ...overrides,
  };
}

export const BRANCH: BranchSummary = {
  id: BRANCH_ID,
  code: 'JKT01',
  name: 'KC Jakarta Sudirman',
  province: 'DKI Jakarta',
  city: 'Jakarta Pusat',
  timeZone: 'Asia/Jakarta',
  isActive: true,
};
