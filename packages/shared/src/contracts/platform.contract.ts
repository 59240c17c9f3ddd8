import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import {
  TenantCategoryInputSchema,
  TenantCategorySchema,
  TenantCreateInputSchema,
  TenantInputSchema,
  TenantSchema,
} from '../domain/tenant';
import { APPLICATION_PLATFORMS, ApplicationInputSchema, ApplicationSchema } from '../domain/application';
import { SessionUserSchema } from '../domain/user';
import { StoredImageSchema } from './files.contract';
import { listPageSchema, listQuerySchema } from './list';

/**
 * The platform superadmin's pages (`platform.manage`): tenant categories (/dashboard/kategori),
 * tenants with their first admin (/dashboard/master/tenant) and the apps' published versions
 * (/dashboard/parameter/aplikasi). Platform rows have no tenant: these routes are not tenant-scoped.
 */

// ── Tenant categories ────────────────────────────────────────────────────────────────────────
export const TENANT_CATEGORY_SORT_FIELDS = ['name', 'tenantCount'] as const;
export type TenantCategorySortField = (typeof TENANT_CATEGORY_SORT_FIELDS)[number];

export const TenantCategoryListQuerySchema = listQuerySchema({
  sortFields: TENANT_CATEGORY_SORT_FIELDS,
  defaultSort: 'name',
  filters: {},
});
export type TenantCategoryListQuery = z.infer<typeof TenantCategoryListQuerySchema>;

const TenantCategoryListSchema = listPageSchema(TenantCategorySchema).meta({ id: 'TenantCategoryList' });
export type TenantCategoryList = z.infer<typeof TenantCategoryListSchema>;

const UpdateTenantCategoryBodySchema = TenantCategoryInputSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type UpdateTenantCategoryBody = z.infer<typeof UpdateTenantCategoryBodySchema>;

const CategoryParamsSchema = z.object({ categoryId: IdSchema });

export const tenantCategoriesContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/tenant-categories',
    summary: 'Tenant categories, page by page, with search and sort (superadmin)',
    tags: ['platform'],
    query: TenantCategoryListQuerySchema,
    responses: { 200: TenantCategoryListSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/tenant-categories',
    summary: 'Add a tenant category (superadmin, audited)',
    tags: ['platform'],
    body: TenantCategoryInputSchema,
    responses: { 201: TenantCategorySchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/tenant-categories/:categoryId',
    summary: 'Rename a tenant category (superadmin, audited)',
    tags: ['platform'],
    params: CategoryParamsSchema,
    body: UpdateTenantCategoryBodySchema,
    responses: { 200: TenantCategorySchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/tenant-categories/:categoryId',
    summary: 'Delete a category no tenant belongs to (superadmin, audited)',
    tags: ['platform'],
    params: CategoryParamsSchema,
    responses: { 204: z.null() },
  }),
};

// ── Tenants ──────────────────────────────────────────────────────────────────────────────────
export const TENANT_SORT_FIELDS = ['name', 'category', 'status', 'createdAt'] as const;
export type TenantSortField = (typeof TENANT_SORT_FIELDS)[number];
export const TENANT_STATUS_FILTERS = ['active', 'inactive'] as const;

export const TenantListQuerySchema = listQuerySchema({
  sortFields: TENANT_SORT_FIELDS,
  defaultSort: 'name',
  filters: {
    status: z.enum(TENANT_STATUS_FILTERS).optional(),
    categoryId: IdSchema.optional(),
  },
});
export type TenantListQuery = z.infer<typeof TenantListQuerySchema>;

const TenantListSchema = listPageSchema(TenantSchema).meta({ id: 'TenantList' });
export type TenantList = z.infer<typeof TenantListSchema>;

/** Create: the tenant and its first admin (`admin`), in one transaction. */
const CreateTenantBodySchema = TenantCreateInputSchema;
export type CreateTenantBody = z.infer<typeof CreateTenantBodySchema>;

const UpdateTenantBodySchema = TenantInputSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type UpdateTenantBody = z.infer<typeof UpdateTenantBodySchema>;

const TenantParamsSchema = z.object({ tenantId: IdSchema });

export const tenantsContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/tenants',
    summary: 'Tenants, page by page, with search, sort and status/category filters (superadmin)',
    tags: ['platform'],
    query: TenantListQuerySchema,
    responses: { 200: TenantListSchema },
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/v1/tenants/:tenantId',
    summary: 'One tenant (superadmin)',
    tags: ['platform'],
    params: TenantParamsSchema,
    responses: { 200: TenantSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/tenants',
    summary: 'Add a tenant with its first admin user (superadmin, audited)',
    tags: ['platform'],
    body: CreateTenantBodySchema,
    responses: { 201: TenantSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/tenants/:tenantId',
    summary:
      'Edit a tenant (name, category, logo) or (de)activate it; an inactive tenant keeps its data but ' +
      'its staff, devices and visitors are refused (superadmin, audited)',
    tags: ['platform'],
    params: TenantParamsSchema,
    body: UpdateTenantBodySchema,
    responses: { 200: TenantSchema },
  }),
  uploadLogo: defineContract({
    method: 'POST',
    path: '/api/v1/tenants/:tenantId/logo',
    summary:
      "Store a logo image of the tenant (multipart field `file`; PNG, JPEG or WebP ≤ 1 MB); save its id as the tenant's `logoFileId`",
    tags: ['platform'],
    params: TenantParamsSchema,
    responses: { 201: StoredImageSchema },
  }),
  logo: defineContract({
    method: 'GET',
    path: '/api/v1/tenants/:tenantId/logo/:fileId',
    summary: "A logo image of the tenant, for the superadmin's tenant page",
    tags: ['platform'],
    params: TenantParamsSchema.extend({ fileId: IdSchema }),
    responses: { 200: z.unknown() },
  }),
};

/** Where the superadmin's pages read a tenant's logo (the tenant-scoped file route needs a tenant). */
export function tenantLogoUrl(tenantId: string, fileId: string): string {
  return `/api/v1/tenants/${encodeURIComponent(tenantId)}/logo/${encodeURIComponent(fileId)}`;
}

// ── Applications ─────────────────────────────────────────────────────────────────────────────
export const APPLICATION_SORT_FIELDS = ['platform', 'version', 'releasedAt'] as const;
export type ApplicationSortField = (typeof APPLICATION_SORT_FIELDS)[number];

export const ApplicationListQuerySchema = listQuerySchema({
  sortFields: APPLICATION_SORT_FIELDS,
  defaultSort: 'releasedAt',
  filters: { platform: z.enum(APPLICATION_PLATFORMS).optional() },
});
export type ApplicationListQuery = z.infer<typeof ApplicationListQuerySchema>;

const ApplicationListSchema = listPageSchema(ApplicationSchema).meta({ id: 'ApplicationList' });
export type ApplicationList = z.infer<typeof ApplicationListSchema>;

const UpdateApplicationBodySchema = ApplicationInputSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type UpdateApplicationBody = z.infer<typeof UpdateApplicationBodySchema>;

const ApplicationParamsSchema = z.object({ applicationId: IdSchema });

export const applicationsContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/applications',
    summary:
      "The apps' published versions, page by page, with search, sort and a platform filter (superadmin)",
    tags: ['platform'],
    query: ApplicationListQuerySchema,
    responses: { 200: ApplicationListSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/applications',
    summary: 'Publish a version of an app (superadmin, audited)',
    tags: ['platform'],
    body: ApplicationInputSchema,
    responses: { 201: ApplicationSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/applications/:applicationId',
    summary: 'Edit a published version (superadmin, audited)',
    tags: ['platform'],
    params: ApplicationParamsSchema,
    body: UpdateApplicationBodySchema,
    responses: { 200: ApplicationSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/applications/:applicationId',
    summary: 'Delete a published version (superadmin, audited)',
    tags: ['platform'],
    params: ApplicationParamsSchema,
    responses: { 204: z.null() },
  }),
};

// ── Acting inside a tenant ───────────────────────────────────────────────────────────────────
const ActingSessionSchema = z.object({ user: SessionUserSchema });

/**
 * The superadmin picks a tenant to act inside it: the session then works as that tenant's admin
 * on every tenant page (the session user's `tenantId`/`tenantName` say which) until it stops.
 * Both are audited in the tenant's trail.
 */
export const actingContract = {
  start: defineContract({
    method: 'PUT',
    path: '/api/v1/auth/acting-tenant',
    summary: "Act inside a tenant: every tenant page then works on that tenant's data (superadmin, audited)",
    tags: ['platform'],
    body: z.object({ tenantId: IdSchema }).strict(),
    responses: { 200: ActingSessionSchema },
  }),
  stop: defineContract({
    method: 'DELETE',
    path: '/api/v1/auth/acting-tenant',
    summary: 'Stop acting inside a tenant (superadmin, audited)',
    tags: ['platform'],
    responses: { 200: ActingSessionSchema },
  }),
};
