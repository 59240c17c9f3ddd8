import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import {
  ProductDetailSchema,
  ProductInputSchema,
  ProductItemInputSchema,
  ProductItemSchema,
  ProductSchema,
} from '../domain/product';
import { listPageSchema, listQuerySchema } from './list';

/**
 * Products and interest rates (`/dashboard/master/produk-dan-suku-bunga` and `/:id`, admin of the
 * tenant): products page by page, a product with its items, and create / edit / delete of both
 * (a product is deleted with its items, after a confirmation). Every change reaches the displays'
 * interest-rate board (`rates.updated`).
 */
export const PRODUCT_SORT_FIELDS = ['order', 'name'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

export const ProductListQuerySchema = listQuerySchema({
  sortFields: PRODUCT_SORT_FIELDS,
  defaultSort: 'order',
  filters: {},
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

const ProductListSchema = listPageSchema(ProductSchema).meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof ProductListSchema>;

const nonEmpty = <T extends z.ZodType>(schema: T) =>
  schema.refine((body) => typeof body === 'object' && body !== null && Object.keys(body).length > 0, {
    error: 'v.required',
  });

const UpdateProductBodySchema = nonEmpty(ProductInputSchema.partial().strict());
export type UpdateProductBody = z.output<typeof UpdateProductBodySchema>;
const UpdateProductItemBodySchema = nonEmpty(ProductItemInputSchema.partial().strict());
export type UpdateProductItemBody = z.output<typeof UpdateProductItemBodySchema>;

const ProductParamsSchema = z.object({ productId: IdSchema });
const ProductItemParamsSchema = z.object({ productId: IdSchema, itemId: IdSchema });

export const productsContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/products',
    summary: "The tenant's interest-rate products, page by page, with their item counts (admin)",
    tags: ['products'],
    query: ProductListQuerySchema,
    responses: { 200: ProductListSchema },
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/v1/products/:productId',
    summary: 'A product with its items (admin)',
    tags: ['products'],
    params: ProductParamsSchema,
    responses: { 200: ProductDetailSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/products',
    summary: 'Add a product (admin, audited, live on the displays)',
    tags: ['products'],
    body: ProductInputSchema,
    responses: { 201: ProductSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/products/:productId',
    summary: 'Edit a product (admin, audited, live on the displays)',
    tags: ['products'],
    params: ProductParamsSchema,
    body: UpdateProductBodySchema,
    responses: { 200: ProductSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/products/:productId',
    summary: 'Delete a product with its items (admin, audited, live on the displays)',
    tags: ['products'],
    params: ProductParamsSchema,
    responses: { 204: z.null() },
  }),
  createItem: defineContract({
    method: 'POST',
    path: '/api/v1/products/:productId/items',
    summary: 'Add an item (name, percentage) to a product (admin, audited, live on the displays)',
    tags: ['products'],
    params: ProductParamsSchema,
    body: ProductItemInputSchema,
    responses: { 201: ProductItemSchema },
  }),
  updateItem: defineContract({
    method: 'PATCH',
    path: '/api/v1/products/:productId/items/:itemId',
    summary: "Edit a product's item (admin, audited, live on the displays)",
    tags: ['products'],
    params: ProductItemParamsSchema,
    body: UpdateProductItemBodySchema,
    responses: { 200: ProductItemSchema },
  }),
  removeItem: defineContract({
    method: 'DELETE',
    path: '/api/v1/products/:productId/items/:itemId',
    summary: "Delete a product's item (admin, audited, live on the displays)",
    tags: ['products'],
    params: ProductItemParamsSchema,
    responses: { 204: z.null() },
  }),
};
