import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  tenantCategoriesContract,
  type UpdateTenantCategoryBody,
} from '@antrean/shared/contracts/platform.contract';
import type { TenantCategoryInput } from '@antrean/shared/domain/tenant';
import { api } from '@/lib/api';
import { categoryKeys, tenantKeys, type TenantCategoryListInput } from './keys';

/** One page of tenant categories; the previous page stays on screen while the next loads. */
export function categoryListQueryOptions(query: TenantCategoryListInput) {
  return queryOptions({
    queryKey: categoryKeys.list(query),
    queryFn: ({ signal }) => api.call(tenantCategoriesContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every category (for the tenant form's choice): the first 100 by name. */
export function allCategoriesQueryOptions() {
  return categoryListQueryOptions({ pageSize: 100, sort: 'name', dir: 'asc' });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    // Tenants show their category's name.
    await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
  };
}

export function useCreateCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TenantCategoryInput) => api.call(tenantCategoriesContract.create, { body }),
    onSettled: invalidate,
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId: string; body: UpdateTenantCategoryBody }) =>
      api.call(tenantCategoriesContract.update, { params: { categoryId }, body }),
    onSettled: invalidate,
  });
}

/** Deletes a category no tenant belongs to (TENANT_CATEGORY_IN_USE otherwise). */
export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (categoryId: string) => api.call(tenantCategoriesContract.remove, { params: { categoryId } }),
    onSettled: invalidate,
  });
}
