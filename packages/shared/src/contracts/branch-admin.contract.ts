import { z } from 'zod';
import { defineContract } from './contract';
import { BranchDetailSchema, BranchInputSchema, BranchSchema } from '../domain/branch';
import { BranchParamsSchema } from './branches.contract';
import { listPageSchema, listQuerySchema } from './list';

/**
 * Branch administration (`/dashboard/master/cabang`, admin of the tenant): the tenant's
 * branches page by page, create, edit (limits cannot go below what is in use), delete a branch
 * without queue history (otherwise deactivate it), and the branch's integration key (generated
 * or rotated, shown once). The unpaged `GET /api/v1/branches` stays the pickers' list.
 */
export const BRANCH_SORT_FIELDS = ['code', 'name', 'city', 'status'] as const;
export type BranchSortField = (typeof BRANCH_SORT_FIELDS)[number];
export const BRANCH_STATUS_FILTERS = ['active', 'inactive'] as const;

export const BranchListQuerySchema = listQuerySchema({
  sortFields: BRANCH_SORT_FIELDS,
  defaultSort: 'code',
  filters: { status: z.enum(BRANCH_STATUS_FILTERS).optional() },
});
export type BranchListQuery = z.infer<typeof BranchListQuerySchema>;

const BranchListSchema = listPageSchema(BranchSchema).meta({ id: 'BranchList' });
export type BranchList = z.infer<typeof BranchListSchema>;

const CreateBranchBodySchema = BranchInputSchema;
export type CreateBranchBody = z.infer<typeof CreateBranchBodySchema>;

/** Update: any of the edited fields (deactivating is `{ "isActive": false }`). */
const UpdateBranchBodySchema = BranchInputSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type UpdateBranchBody = z.infer<typeof UpdateBranchBodySchema>;

/** A new integration key: the whole key is in this answer only; the server keeps its hash. */
const BranchApiKeySchema = z
  .object({ key: z.string(), hint: z.string(), header: z.literal('X-Api-Key') })
  .meta({ id: 'BranchApiKey' });
export type BranchApiKey = z.infer<typeof BranchApiKeySchema>;

/** Copy a branch's setup: the new branch's own fields and which parts to copy (offers always). */
export const CopyBranchBodySchema = BranchInputSchema.extend({
  copy: z.object({ schedules: z.boolean(), counters: z.boolean(), devices: z.boolean() }).strict(),
}).strict();
export type CopyBranchBody = z.infer<typeof CopyBranchBodySchema>;

const BranchCopyResultSchema = z
  .object({
    branch: BranchDetailSchema,
    copied: z.object({
      services: z.number().int(),
      schedules: z.number().int(),
      counters: z.number().int(),
      kiosks: z.number().int(),
      displays: z.number().int(),
    }),
  })
  .meta({ id: 'BranchCopyResult' });

export const branchAdminContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/branches/page',
    summary: "The tenant's branches, page by page, with search, sort and a status filter (admin)",
    tags: ['branches'],
    query: BranchListQuerySchema,
    responses: { 200: BranchListSchema },
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/settings',
    summary: 'One branch with its key hint and what it uses of its limits (admin)',
    tags: ['branches'],
    params: BranchParamsSchema,
    responses: { 200: BranchDetailSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/branches',
    summary: 'Add a branch (admin, audited)',
    tags: ['branches'],
    body: CreateBranchBodySchema,
    responses: { 201: BranchDetailSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/branches/:branchId',
    summary: 'Edit a branch or (de)activate it; limits cannot go below what is in use (admin, audited)',
    tags: ['branches'],
    params: BranchParamsSchema,
    body: UpdateBranchBodySchema,
    responses: { 200: BranchDetailSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/branches/:branchId',
    summary: 'Delete a branch without queue history (admin, audited); otherwise deactivate it',
    tags: ['branches'],
    params: BranchParamsSchema,
    responses: { 204: z.null() },
  }),
  copy: defineContract({
    method: 'POST',
    path: '/api/v1/branches/:branchId/copy',
    summary:
      "A new branch with this branch's setup: services offered, schedules, counters, kiosks and displays (new codes) (admin, audited)",
    tags: ['branches'],
    params: BranchParamsSchema,
    body: CopyBranchBodySchema,
    responses: { 201: BranchCopyResultSchema },
  }),
  rotateApiKey: defineContract({
    method: 'POST',
    path: '/api/v1/branches/:branchId/api-key',
    summary:
      "Generate or rotate the branch's integration key; the key is shown in this answer only (admin, audited)",
    tags: ['branches'],
    params: BranchParamsSchema,
    responses: { 201: BranchApiKeySchema },
  }),
};
