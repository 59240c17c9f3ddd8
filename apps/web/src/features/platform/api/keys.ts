import type { z } from 'zod';
import type {
  ApplicationListQuerySchema,
  TenantCategoryListQuerySchema,
  TenantListQuerySchema,
} from '@antrean/shared/contracts/platform.contract';

export type TenantCategoryListInput = z.input<typeof TenantCategoryListQuerySchema>;
export type TenantListInput = z.input<typeof TenantListQuerySchema>;
export type ApplicationListInput = z.input<typeof ApplicationListQuerySchema>;

/** Query keys of the superadmin's pages; `all` of each is the prefix its changes invalidate. */
export const categoryKeys = {
  all: ['tenant-categories'] as const,
  list: (query: TenantCategoryListInput) => ['tenant-categories', 'list', query] as const,
};
export const tenantKeys = {
  all: ['tenants'] as const,
  list: (query: TenantListInput) => ['tenants', 'list', query] as const,
};
export const applicationKeys = {
  all: ['applications'] as const,
  list: (query: ApplicationListInput) => ['applications', 'list', query] as const,
};
