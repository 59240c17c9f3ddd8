import { z } from 'zod';
import { IdSchema } from '../common/ids';

/** A branch has at most this many counters in one mapping (and the tenant this many services). */
const MAPPING_ROWS_MAX = 500;

/**
 * The branch-service-counter mapping of one branch (`/dashboard/master/loket-layanan-cabang`):
 * which of the tenant's services the branch offers, and which of its counters serve which of
 * those services.
 */
export const ServiceMappingSchema = z
  .object({
    branchId: IdSchema,
    services: z.array(
      z.object({
        id: IdSchema,
        code: z.string(),
        name: z.string(),
        isActive: z.boolean(),
        offered: z.boolean(),
      }),
    ),
    counters: z.array(
      z.object({
        id: IdSchema,
        name: z.string(),
        number: z.number().int(),
        isActive: z.boolean(),
        serviceIds: z.array(IdSchema),
      }),
    ),
  })
  .meta({ id: 'ServiceMapping' });
export type ServiceMapping = z.infer<typeof ServiceMappingSchema>;

/**
 * What the matrix saves, all at once: the services the branch offers, and per counter the
 * services it serves. A counter serves at least one service, and only services the branch offers
 * (on the counter's own field, so the form and the server show it on that row).
 */
export const ServiceMappingInputSchema = z
  .object({
    offeredServiceIds: z.array(IdSchema).max(MAPPING_ROWS_MAX),
    counters: z
      .array(
        z
          .object({
            counterId: IdSchema,
            serviceIds: z.array(IdSchema).min(1, { error: 'v.mustChoose' }).max(MAPPING_ROWS_MAX),
          })
          .strict(),
      )
      .max(MAPPING_ROWS_MAX),
  })
  .strict()
  .superRefine((value, ctx) => {
    const offered = new Set(value.offeredServiceIds);
    for (const [index, counter] of value.counters.entries()) {
      if (counter.serviceIds.some((id) => !offered.has(id))) {
        ctx.addIssue({
          code: 'custom',
          path: ['counters', index, 'serviceIds'],
          message: 'v.mapping.notOffered',
        });
      }
    }
  });
export type ServiceMappingInput = z.infer<typeof ServiceMappingInputSchema>;
