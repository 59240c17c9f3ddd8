import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { BranchParamsSchema } from './branches.contract';

/**
 * What a reset of today's queue would do (`/dashboard/reset-antrian`), so the confirmation says
 * exactly that: per service, the waiting tickets, the walk-ins that would be cancelled and the
 * bookings that would go back to `booked`. The reset itself is `POST …/reset-queue` (tickets).
 */
const QueueResetServiceSchema = z.object({
  serviceId: IdSchema,
  code: z.string(),
  name: z.string(),
  /** Tickets waiting to be called now. */
  waiting: z.number().int().min(0),
  /** Unfinished walk-ins the reset cancels (waiting, called, being served, held…). */
  walkInsToCancel: z.number().int().min(0),
  /** Today's bookings the reset returns to `booked` (check-in and call data cleared). */
  bookingsToReset: z.number().int().min(0),
});

const QueueResetPreviewSchema = z
  .object({
    /** The branch-local service day the reset applies to. */
    day: z.string(),
    services: z.array(QueueResetServiceSchema),
    totals: z.object({
      waiting: z.number().int().min(0),
      walkInsToCancel: z.number().int().min(0),
      bookingsToReset: z.number().int().min(0),
    }),
  })
  .meta({ id: 'QueueResetPreview' });
export type QueueResetPreview = z.infer<typeof QueueResetPreviewSchema>;

export const queueResetContract = {
  preview: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/reset-queue/preview',
    summary: "What resetting today's queue of a branch (or one service) would change (admin)",
    tags: ['tickets'],
    params: BranchParamsSchema,
    query: z.object({ serviceId: IdSchema.optional() }),
    responses: { 200: QueueResetPreviewSchema },
  }),
};
