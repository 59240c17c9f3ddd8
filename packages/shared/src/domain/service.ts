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

/** Spec: a service name has at least 3 characters. */
const SERVICE_NAME_MIN = 3;
export const SERVICE_NAME_MAX = 100;
/** The code leads the ticket number (`K001`): 1–4 capital letters or digits. */
export const SERVICE_CODE_MAX = 4;
const SERVICE_CODE_PATTERN = /^[A-Z0-9]+$/;
/** SLA in seconds: up to a whole day. */
export const SERVICE_SLA_MAX = 86_400;
/** Copies the kiosk prints per ticket. */
export const SERVICE_PRINT_COUNT_MAX = 5;
const SERVICE_DESCRIPTION_MAX = 500;
export const SUB_SERVICE_NAME_MAX = 100;
const SUB_SERVICES_MAX = 50;

/**
 * A service of the tenant's catalogue as the admin edits it (`/dashboard/master/layanan`): every
 * field of the spec, with its real constraints, and its sub services. The form and the API
 * request are validated by schemas derived from this one.
 */
export const ServiceSchema = z
  .object({
    id: IdSchema,
    name: z.string().trim().min(SERVICE_NAME_MIN).max(SERVICE_NAME_MAX),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .min(1)
      .max(SERVICE_CODE_MAX)
      .regex(SERVICE_CODE_PATTERN, { error: 'v.service.code' }),
    type: z.enum(SERVICE_TYPES),
    description: z.string().trim().max(SERVICE_DESCRIPTION_MAX).nullable(),
    slaSeconds: z.number().int({ error: 'v.number.int' }).min(1).max(SERVICE_SLA_MAX),
    printCount: z.number().int({ error: 'v.number.int' }).min(1).max(SERVICE_PRINT_COUNT_MAX),
    bookingWhatsapp: z.boolean(),
    firstCallWhatsapp: z.boolean(),
    afterHoldCallWhatsapp: z.boolean(),
    randomCaller: z.boolean(),
    customerPhoto: z.boolean(),
    eformEnabled: z.boolean(),
    showOnWeb: z.boolean(),
    showOnKiosk: z.boolean(),
    showRemainingQueue: z.boolean(),
    finishButton: z.boolean(),
    isActive: z.boolean(),
    sortOrder: z.number().int({ error: 'v.number.int' }).min(0).max(9999),
    subServices: z.array(SubServiceSchema),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof ServiceSchema>;

/** A sub service in the service form: an existing one keeps its id, a new one has none. */
const SubServiceInputSchema = z
  .object({
    id: IdSchema.optional(),
    name: z.string().trim().min(1).max(SUB_SERVICE_NAME_MAX),
    isActive: z.boolean(),
  })
  .strict();
export type SubServiceInput = z.infer<typeof SubServiceInputSchema>;

/** The edited fields (no id), without the cross-field rule (so `.partial()` stays possible). */
export const ServiceInputBaseSchema = ServiceSchema.omit({ id: true, subServices: true })
  .extend({ subServices: z.array(SubServiceInputSchema).max(SUB_SERVICES_MAX) })
  .strict();

/**
 * Spec: "a sub service must not already exist" — two sub services of one service with the same
 * name (ignoring case and surrounding spaces) are refused, on the second one's name.
 */
export function refuseDuplicateSubServices(
  value: { subServices?: readonly { name: string }[] | undefined },
  ctx: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  for (const [index, sub] of (value.subServices ?? []).entries()) {
    const key = sub.name.trim().toLowerCase();
    if (key !== '' && seen.has(key)) {
      ctx.addIssue({ code: 'custom', path: ['subServices', index, 'name'], message: 'v.subService.exists' });
    }
    seen.add(key);
  }
}

export const ServiceInputSchema = ServiceInputBaseSchema.superRefine(refuseDuplicateSubServices);
export type ServiceInput = z.infer<typeof ServiceInputSchema>;
