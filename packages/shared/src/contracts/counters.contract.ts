import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { CounterInputSchema, CounterSchema } from '../domain/counter';
import { listPageSchema, listQuerySchema } from './list';
import { CounterParamsSchema } from './tickets.contract';

/**
 * Counter administration (`/dashboard/master/loket`, admin of the tenant): a branch's counters
 * page by page, create, edit (with the services each serves), deactivate and delete. The
 * branch's counter limit bounds its ACTIVE counters; a counter with queue history cannot be
 * deleted (deactivate it instead).
 */
export const COUNTER_SORT_FIELDS = ['number', 'name', 'status'] as const;
export type CounterSortField = (typeof COUNTER_SORT_FIELDS)[number];
export const COUNTER_STATUS_FILTERS = ['active', 'inactive'] as const;

export const CounterListQuerySchema = listQuerySchema({
  sortFields: COUNTER_SORT_FIELDS,
  defaultSort: 'number',
  filters: {
    /** The branch whose counters are listed (the page always has one picked). */
    branchId: IdSchema,
    status: z.enum(COUNTER_STATUS_FILTERS).optional(),
  },
});
export type CounterListQuery = z.infer<typeof CounterListQuerySchema>;

const CounterListSchema = listPageSchema(CounterSchema)
  .extend({
    /** The branch's limit on active counters, and how many are active now (all of them, not only this page). */
    limit: z.object({ active: z.number().int().min(0), max: z.number().int().min(0) }),
  })
  .meta({ id: 'CounterList' });
export type CounterList = z.infer<typeof CounterListSchema>;

/** Create: the edited fields plus the branch the counter belongs to (it never moves). */
export const CreateCounterBodySchema = CounterInputSchema.extend({ branchId: IdSchema }).strict();
export type CreateCounterBody = z.infer<typeof CreateCounterBodySchema>;

/** Update: any of the edited fields (deactivating is `{ "isActive": false }`). */
export const UpdateCounterBodySchema = CounterInputSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type UpdateCounterBody = z.infer<typeof UpdateCounterBodySchema>;

export const countersContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/counters',
    summary: "A branch's counters, page by page, with search, sort and a status filter (admin)",
    tags: ['counters'],
    query: CounterListQuerySchema,
    responses: { 200: CounterListSchema },
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/v1/counters/:counterId',
    summary: 'One counter with the services it serves (admin)',
    tags: ['counters'],
    params: CounterParamsSchema,
    responses: { 200: CounterSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/counters',
    summary: "Add a counter to a branch, within the branch's counter limit (admin, audited)",
    tags: ['counters'],
    body: CreateCounterBodySchema,
    responses: { 201: CounterSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/counters/:counterId',
    summary: 'Edit a counter, its services, or (de)activate it (admin, audited)',
    tags: ['counters'],
    params: CounterParamsSchema,
    body: UpdateCounterBodySchema,
    responses: { 200: CounterSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/counters/:counterId',
    summary: 'Delete a counter that has no queue history (admin, audited); otherwise deactivate it',
    tags: ['counters'],
    params: CounterParamsSchema,
    responses: { 204: z.null() },
  }),
};
