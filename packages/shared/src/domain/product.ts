import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { PERCENTAGE_RULE, decimalSchema } from '../common/decimal-schema';

export const PRODUCT_NAME_MAX = 80;

/**
 * A product of the tenant with interest rates (`/dashboard/master/produk-dan-suku-bunga`), e.g.
 * "Deposito", shown on the displays' interest-rate board with its items when active.
 */
export const ProductSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    isActive: z.boolean(),
    sortOrder: z.number().int(),
    /** How many items (rates) it has. */
    itemCount: z.number().int(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof ProductSchema>;

/** One rate of a product ("3 bulan" 3.5 %): the percentage is exact decimal text (common/decimal.ts). */
export const ProductItemSchema = z
  .object({
    id: IdSchema,
    productId: IdSchema,
    name: z.string(),
    percentage: z.string(),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'ProductItem' });
export type ProductItem = z.infer<typeof ProductItemSchema>;

/** A product with its items (the detail page, `/:id`). */
export const ProductDetailSchema = ProductSchema.extend({ items: z.array(ProductItemSchema) }).meta({
  id: 'ProductDetail',
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

const OrderSchema = z.number().int({ error: 'v.number.int' }).min(0).max(9999);

/** What the admin edits of a product (product name required, spec §5). */
export const ProductInputSchema = z
  .object({
    name: z.string().trim().min(1).max(PRODUCT_NAME_MAX),
    isActive: z.boolean(),
    sortOrder: OrderSchema,
  })
  .strict();
export type ProductValues = z.output<typeof ProductInputSchema>;

/** What the admin edits of an item: name and percentage required, 0–100 with a dot (spec §5). */
export const ProductItemInputSchema = z
  .object({
    name: z.string().trim().min(1).max(PRODUCT_NAME_MAX),
    percentage: decimalSchema(PERCENTAGE_RULE),
    sortOrder: OrderSchema,
  })
  .strict();
export type ProductItemValues = z.output<typeof ProductItemInputSchema>;
