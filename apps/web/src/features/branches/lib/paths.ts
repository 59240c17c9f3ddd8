/** The branches page and a branch's detail page (`/dashboard/master/cabang/:id`). */
export const BRANCHES_HREF = '/dashboard/master/cabang';
export const branchHref = (branchId: string): string => `${BRANCHES_HREF}/${encodeURIComponent(branchId)}`;

/** The supervisor monitor opened on a branch: `/spv/monitoring?code=<code>` (the monitor finds branches by code). */
export const monitoringHref = (origin: string, code: string): string =>
  `${origin}/spv/monitoring?${new URLSearchParams({ code }).toString()}`;
