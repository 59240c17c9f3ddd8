import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { FullNameSchema, PasswordSchema, UsernameSchema, requiredError } from './user';

/** The longest category name ("Pemerintahan Daerah Tingkat II" fits in one line of the table). */
export const TENANT_CATEGORY_NAME_MAX = 60;
/** The longest tenant (organisation) name; the dashboard banner and the kiosks show it. */
export const TENANT_NAME_MAX = 100;

/** A tenant category (bank, hospital, government office…): tenants are grouped by it. */
export const TenantCategorySchema = z
  .object({
    id: IdSchema,
    name: z
      .string({ error: requiredError('v.required') })
      .trim()
      .min(3)
      .max(TENANT_CATEGORY_NAME_MAX),
    /** How many tenants are in the category (one in use cannot be deleted). */
    tenantCount: z.number().int().min(0),
  })
  .meta({ id: 'TenantCategory' });
export type TenantCategory = z.infer<typeof TenantCategorySchema>;

/** What the superadmin edits of a category: its name. */
export const TenantCategoryInputSchema = TenantCategorySchema.pick({ name: true }).strict();
export type TenantCategoryInput = z.infer<typeof TenantCategoryInputSchema>;

/**
 * A tenant: one organisation with its branches, users and devices. An inactive tenant keeps its
 * data, but its staff, kiosks, displays and visitors are refused (TENANT_INACTIVE).
 */
export const TenantSchema = z
  .object({
    id: IdSchema,
    name: z
      .string({ error: requiredError('v.required') })
      .trim()
      .min(3)
      .max(TENANT_NAME_MAX),
    /** Must be chosen (an empty choice is "Wajib dipilih", not "invalid id"). */
    categoryId: z.uuid({ error: 'v.mustChoose' }),
    categoryName: z.string(),
    /** The uploaded logo (a file of the tenant), or none. */
    logoFileId: IdSchema.nullable(),
    isActive: z.boolean(),
    createdAt: z.number().int(),
  })
  .meta({ id: 'Tenant' });
export type Tenant = z.infer<typeof TenantSchema>;

/** The tenant's first admin, created with the tenant (the spec's user rules). */
const FirstAdminSchema = z
  .object({ username: UsernameSchema, fullName: FullNameSchema, password: PasswordSchema })
  .strict();

/** What the superadmin edits of a tenant; the form and the request share it. */
export const TenantInputSchema = TenantSchema.pick({
  name: true,
  categoryId: true,
  logoFileId: true,
  isActive: true,
}).strict();
export type TenantInput = z.infer<typeof TenantInputSchema>;

/** Creating a tenant creates its first admin too, so the organisation can sign in at once. */
export const TenantCreateInputSchema = TenantInputSchema.omit({ logoFileId: true })
  .extend({ admin: FirstAdminSchema })
  .strict();
export type TenantCreateInput = z.infer<typeof TenantCreateInputSchema>;
