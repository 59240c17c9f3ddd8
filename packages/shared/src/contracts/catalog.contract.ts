import { z } from 'zod';
import { defineContract } from './contract';
import { BranchParamsSchema } from './branches.contract';
import { BranchServiceSchema } from '../domain/service';
import { CounterSchema } from '../domain/counter';
import { ThemeSchema } from '../domain/theme';

export const catalogContract = {
  branchServices: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/services',
    summary: 'The services a branch offers, with their sub services',
    tags: ['branches'],
    params: BranchParamsSchema,
    responses: { 200: z.object({ items: z.array(BranchServiceSchema) }) },
  }),
  branchCounters: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/counters',
    summary: "A branch's counters with the services each serves",
    tags: ['branches'],
    params: BranchParamsSchema,
    responses: { 200: z.object({ items: z.array(CounterSchema) }) },
  }),
  theme: defineContract({
    method: 'GET',
    path: '/api/v1/theme',
    summary: "The active theme of the signed-in staff member's tenant",
    tags: ['configuration'],
    responses: { 200: ThemeSchema },
  }),
};
