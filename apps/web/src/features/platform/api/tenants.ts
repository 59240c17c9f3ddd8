import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  tenantsContract,
  type CreateTenantBody,
  type UpdateTenantBody,
} from '@antrean/shared/contracts/platform.contract';
import { api } from '@/lib/api';
import { categoryKeys, tenantKeys, type TenantListInput } from './keys';

/** One page of tenants; the previous page stays on screen while the next loads. */
export function tenantListQueryOptions(query: TenantListInput) {
  return queryOptions({
    queryKey: tenantKeys.list(query),
    queryFn: ({ signal }) => api.call(tenantsContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
    // Categories count their tenants.
    await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
  };
}

/** Creates a tenant with its first admin. */
export function useCreateTenant() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateTenantBody) => api.call(tenantsContract.create, { body }),
    onSettled: invalidate,
  });
}

/** Edits a tenant, saves its logo, or (de)activates it (`{ isActive: false }`). */
export function useUpdateTenant() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ tenantId, body }: { tenantId: string; body: UpdateTenantBody }) =>
      api.call(tenantsContract.update, { params: { tenantId }, body }),
    onSettled: invalidate,
  });
}

/** Uploads a logo image into the tenant (the form then saves its id). */
export function uploadTenantLogo(tenantId: string, form: FormData) {
  return api.call(tenantsContract.uploadLogo, { params: { tenantId }, form });
}
