import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import type { SessionUser } from '@antrean/shared/domain/user';
import { branchesQueryOptions } from '@/lib/queries/branches';

/**
 * The active branches a staff member works in (all of the tenant's for an admin) and the one
 * picked, the first by default. `pick` changes it; `branchId` is '' while there is none.
 */
export function useAssignedBranches(user: Pick<SessionUser, 'branchIds'>) {
  const query = useQuery(branchesQueryOptions());
  const branches: BranchSummary[] = (query.data ?? []).filter(
    (b) => b.isActive && (user.branchIds.length === 0 || user.branchIds.includes(b.id)),
  );
  const [picked, pick] = useState<string | null>(null);
  const branchId = picked ?? branches[0]?.id ?? '';
  const branch = branches.find((b) => b.id === branchId);
  return { query, branches, branchId, branch, pick };
}
