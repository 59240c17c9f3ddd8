import { defineContract } from './contract';
import { BranchParamsSchema } from './branches.contract';
import { ServiceMappingInputSchema, ServiceMappingSchema } from '../domain/service-mapping';

/**
 * The branch-service-counter mapping of a branch (admin): read the matrix, save it whole in one
 * transaction (audited; the branch's kiosks and screens hear `catalog.changed`).
 */
export const serviceMappingContract = {
  get: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/service-mapping',
    summary: "A branch's offered services and which counters serve which (admin)",
    tags: ['services'],
    params: BranchParamsSchema,
    responses: { 200: ServiceMappingSchema },
  }),
  save: defineContract({
    method: 'PUT',
    path: '/api/v1/branches/:branchId/service-mapping',
    summary: "Save a branch's offered services and counter mapping at once (admin, audited)",
    tags: ['services'],
    params: BranchParamsSchema,
    body: ServiceMappingInputSchema,
    responses: { 200: ServiceMappingSchema },
  }),
};
