import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  productsContract,
  type UpdateProductBody,
  type UpdateProductItemBody,
} from '@antrean/shared/contracts/products.contract';
import type { ProductItemValues, ProductValues } from '@antrean/shared/domain/product';
import { api } from '@/lib/api';
import { productKeys } from './keys';

/** Every product mutation refetches the products pages after. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all });
}

export function useCreateProduct() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (body: ProductValues) => api.call(productsContract.create, { body }),
    onSettled,
  });
}

export function useUpdateProduct() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: string; body: UpdateProductBody }) =>
      api.call(productsContract.update, { params: { productId }, body }),
    onSettled,
  });
}

/** Deletes a product with its items (after the page's confirmation). */
export function useDeleteProduct() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (productId: string) => api.call(productsContract.remove, { params: { productId } }),
    onSettled,
  });
}

export function useSaveProductItem(productId: string) {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string | null; body: ProductItemValues }) =>
      itemId === null
        ? api.call(productsContract.createItem, { params: { productId }, body })
        : api.call(productsContract.updateItem, {
            params: { productId, itemId },
            body: body satisfies UpdateProductItemBody,
          }),
    onSettled,
  });
}

export function useDeleteProductItem(productId: string) {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (itemId: string) => api.call(productsContract.removeItem, { params: { productId, itemId } }),
    onSettled,
  });
}
