import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import {
  refuseDuplicateSubServices,
  ServiceInputBaseSchema,
  ServiceInputSchema,
  ServiceSchema,
} from '../domain/service';
import { listPageSchema, listQuerySchema } from './list';

/**
 * Service administration (`/dashboard/master/layanan` and `/dashboard/master/layanan-non-aktif`,
 * admin of the tenant): the tenant's service catalogue page by page, create, edit (with its sub
 * services), deactivate, reactivate and delete. A service with tickets cannot be deleted
 * (deactivate it instead); deactivating one takes it off the kiosks at once.
 */
export const SERVICE_SORT_FIELDS = ['code', 'name', 'sla', 'order'] as const;
export type ServiceSortField = (typeof SERVICE_SORT_FIELDS)[number];
const SERVICE_STATUS_FILTERS = ['active', 'inactive'] as const;

export const ServiceListQuerySchema = listQuerySchema({
  sortFields: SERVICE_SORT_FIELDS,
  defaultSort: 'code',
  filters: { status: z.enum(SERVICE_STATUS_FILTERS).optional() },
});
export type ServiceListQuery = z.infer<typeof ServiceListQuerySchema>;

const ServiceListSchema = listPageSchema(ServiceSchema).meta({ id: 'ServiceList' });
export type ServiceList = z.infer<typeof ServiceListSchema>;

export const ServiceParamsSchema = z.object({ serviceId: IdSchema });

/** Create: every edited field (the form sends them all). */
const CreateServiceBodySchema = ServiceInputSchema;
export type CreateServiceBody = z.infer<typeof CreateServiceBodySchema>;

/** Update: any of the edited fields (deactivating is `{ "isActive": false }`); sub services replace the list. */
const UpdateServiceBodySchema = ServiceInputBaseSchema.partial()
  .strict()
  .superRefine(refuseDuplicateSubServices)
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type UpdateServiceBody = z.infer<typeof UpdateServiceBodySchema>;

export const servicesContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/services',
    summary: "The tenant's services, page by page, with search, sort and a status filter (admin)",
    tags: ['services'],
    query: ServiceListQuerySchema,
    responses: { 200: ServiceListSchema },
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/v1/services/:serviceId',
    summary: 'One service with its sub services (admin)',
    tags: ['services'],
    params: ServiceParamsSchema,
    responses: { 200: ServiceSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/services',
    summary: 'Add a service to the catalogue, with its sub services (admin, audited)',
    tags: ['services'],
    body: CreateServiceBodySchema,
    responses: { 201: ServiceSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/services/:serviceId',
    summary: 'Edit a service and its sub services, or (de)activate it (admin, audited)',
    tags: ['services'],
    params: ServiceParamsSchema,
    body: UpdateServiceBodySchema,
    responses: { 200: ServiceSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/services/:serviceId',
    summary: 'Delete a service without tickets (admin, audited); otherwise deactivate it',
    tags: ['services'],
    params: ServiceParamsSchema,
    responses: { 204: z.null() },
  }),
};
