import { z } from 'zod';
import { IdSchema } from '../common/ids';

/** The longest counter name ("Loket Prioritas Lansia 2" fits; the displays show it in one line). */
export const COUNTER_NAME_MAX = 40;
/** Counter numbers are what the voice calls ("nomor antrian A001 ke loket 12"). */
export const COUNTER_NUMBER_MAX = 999;
/** A counter serves at most this many services (the caller's service picker stays usable). */
const COUNTER_SERVICES_MAX = 50;

/**
 * A counter (loket) of a branch, with the services it serves (branch-service-counter mapping).
 * The constraints here are the real ones: the admin form and the API request are validated by
 * schemas derived from this one (CounterInputSchema below).
 */
export const CounterSchema = z
  .object({
    id: IdSchema,
    branchId: IdSchema,
    name: z.string().trim().min(1).max(COUNTER_NAME_MAX),
    number: z.number().int({ error: 'v.number.int' }).min(1).max(COUNTER_NUMBER_MAX),
    isActive: z.boolean(),
    /** The services this counter serves (branch-service-counter mapping). */
    serviceIds: z.array(IdSchema).max(COUNTER_SERVICES_MAX),
  })
  .meta({ id: 'Counter' });
export type Counter = z.infer<typeof CounterSchema>;

/**
 * What an admin edits: the entity without its id and branch, and at least one service (a
 * counter that serves nothing can never call a ticket). The form and the request share it.
 */
export const CounterInputSchema = CounterSchema.pick({ name: true, number: true, isActive: true })
  .extend({
    serviceIds: CounterSchema.shape.serviceIds.min(1, { error: 'v.mustChoose' }),
  })
  .strict();
export type CounterInput = z.infer<typeof CounterInputSchema>;
