import { z } from 'zod';
import { IdSchema } from '../common/ids';

export const SERVICE_TYPES = ['walk_in', 'booking', 'both'] as const;

const SubServiceSchema = z
  .object({ id: IdSchema, name: z.string(), isActive: z.boolean() })
  .meta({ id: 'SubService' });

/** A service as a branch offers it (the tenant's catalogue entry + its sub services). */
export const BranchServiceSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    code: z.string(),
    type: z.enum(SERVICE_TYPES),
    slaSeconds: z.number().int(),
    printCount: z.number().int(),
    randomCaller: z.boolean(),
    customerPhoto: z.boolean(),
    finishButton: z.boolean(),
    showOnKiosk: z.boolean(),
    showOnWeb: z.boolean(),
    showRemainingQueue: z.boolean(),
    isActive: z.boolean(),
    subServices: z.array(SubServiceSchema),
  })
  .meta({ id: 'BranchService' });
export type BranchService = z.infer<typeof BranchServiceSchema>;
