import { z } from 'zod';
import { IdSchema } from '../common/ids';

export const HOLIDAY_NAME_MAX = 100;

/** A calendar date `YYYY-MM-DD` that exists (2025-02-30 does not). */
export const DateSchema = z
  .string()
  .min(1, { abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'v.date' })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { error: 'v.date' },
  );

/**
 * A holiday: a branch-local date on which booking and the kiosk are closed, for every branch of
 * the tenant (`branchId` null) or for one branch.
 */
export const HolidaySchema = z
  .object({
    id: IdSchema,
    branchId: IdSchema.nullable(),
    date: z.string(),
    name: z.string(),
  })
  .meta({ id: 'Holiday' });
export type Holiday = z.infer<typeof HolidaySchema>;

export const HolidayInputSchema = z
  .object({
    date: DateSchema,
    name: z.string().trim().min(1).max(HOLIDAY_NAME_MAX),
    /** null: every branch of the tenant. */
    branchId: IdSchema.nullable(),
  })
  .strict();
