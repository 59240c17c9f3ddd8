import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { productsContract } from '@antrean/shared/contracts/products.contract';
import { api } from '@/lib/api';
import { productKeys, type ProductListInput } from './keys';

/** One page of the tenant's products; the previous page stays on screen while the next loads. */
export function productListQueryOptions(query: ProductListInput) {
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => api.call(productsContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A product with its items (the `/:id` page). */
export function productDetailQueryOptions(productId: string) {
  return queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => api.call(productsContract.get, { params: { productId }, signal }),
  });
}
