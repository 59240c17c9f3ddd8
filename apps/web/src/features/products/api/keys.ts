import type { z } from 'zod';
import type { ProductListQuerySchema } from '@antrean/shared/contracts/products.contract';

export type ProductListInput = z.input<typeof ProductListQuerySchema>;

/** Query keys of the products pages; `all` is the prefix every change invalidates. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: ProductListInput) => ['products', 'list', query] as const,
  detail: (productId: string) => ['products', 'detail', productId] as const,
};
