import type { z } from 'zod';
import type { BranchListQuerySchema } from '@antrean/shared/contracts/branch-admin.contract';

/** The list query as the page sends it (the URL's paging, search, sort and filters). */
export type BranchListInput = z.input<typeof BranchListQuerySchema>;

/**
 * Query keys of branch administration, under the shared `['branches']` prefix: a change
 * invalidates every branch read (the pickers of the other pages included).
 */
export const branchAdminKeys = {
  all: ['branches'] as const,
  list: (query: BranchListInput) => ['branches', 'admin', 'list', query] as const,
  detail: (branchId: string) => ['branches', 'admin', 'detail', branchId] as const,
};
