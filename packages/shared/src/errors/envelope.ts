import { z } from 'zod';
import { ERROR_CODES } from './codes';

/** Field errors keyed by dotted path (`schedules.0.startTime`), already localized. */
export const FieldErrorsSchema = z.record(z.string(), z.string());

export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });

export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;
