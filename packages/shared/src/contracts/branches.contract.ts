import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { BranchSchema, BranchSummarySchema } from '../domain/branch';

export const BranchParamsSchema = z.object({ branchId: IdSchema });

export const branchesContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/branches',
    summary: 'The branches the signed-in staff member may see',
    tags: ['branches'],
    responses: { 200: z.object({ items: z.array(BranchSummarySchema) }) },
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId',
    summary: 'One branch',
    tags: ['branches'],
    params: BranchParamsSchema,
    responses: { 200: BranchSchema },
  }),
};
