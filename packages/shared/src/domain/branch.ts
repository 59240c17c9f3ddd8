import { z } from 'zod';
import { IdSchema } from '../common/ids';

export const BranchSummarySchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    name: z.string(),
    province: z.string(),
    city: z.string(),
    timeZone: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'BranchSummary' });
export type BranchSummary = z.infer<typeof BranchSummarySchema>;

export const BranchSchema = BranchSummarySchema.extend({
  tenantId: IdSchema,
  address: z.string(),
  village: z.string(),
  category: z.string(),
  displayLimit: z.number().int(),
  counterLimit: z.number().int(),
  monitoringUrl: z.string().nullable(),
  autoServe: z.boolean(),
  autoServeDelaySeconds: z.number().int(),
  whatsappVirtualTicket: z.boolean(),
  showOnKiosk: z.boolean(),
  showOnWeb: z.boolean(),
}).meta({ id: 'Branch' });
export type Branch = z.infer<typeof BranchSchema>;
