import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { branchesQueryOptions } from '@/lib/queries/branches';

/**
 * The branches an admin may manage (every branch of the tenant, as the API lists them) and the
 * one picked: the first active branch by default. `branchId` is '' while there is none.
 */
export function usePickedBranch() {
  const query = useQuery(branchesQueryOptions());
  const branches = query.data ?? [];
  const [picked, pick] = useState<string | null>(null);
  const stillListed = picked !== null && branches.some((b) => b.id === picked);
  const branchId =
    (stillListed ? picked : undefined) ?? (branches.find((b) => b.isActive) ?? branches[0])?.id ?? '';
  return { query, branches, branchId, pick };
}
