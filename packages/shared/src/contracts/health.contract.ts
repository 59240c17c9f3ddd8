import { z } from 'zod';
import { defineContract } from './contract';

export const healthContract = {
  get: defineContract({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database kind',
    tags: ['system'],
    responses: {
      200: z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']), version: z.string() }),
    },
  }),
};
