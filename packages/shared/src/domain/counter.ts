import { z } from 'zod';
import { IdSchema } from '../common/ids';

export const CounterSchema = z
  .object({
    id: IdSchema,
    branchId: IdSchema,
    name: z.string(),
    number: z.number().int(),
    isActive: z.boolean(),
    /** The services this counter serves (branch-service-counter mapping). */
    serviceIds: z.array(IdSchema),
  })
  .meta({ id: 'Counter' });
export type Counter = z.infer<typeof CounterSchema>;
