import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { SCHEDULE_INTERVALS } from './schedule';

/**
 * The schedules of a branch's service as the admin edits them (the branch page's "Jadwal" tab):
 * rows of day, shift, start–end, hourly limit and interval. The kiosk and web channels read the
 * same rows (`modules/devices/availability.ts`): a service with no rows is not time-restricted.
 */

/** Named shifts; `Reguler` is what the demo seed and older data use. */
export const SCHEDULE_SHIFTS = ['Reguler', 'Pagi', 'Siang', 'Sore', 'Malam'] as const;
export const SCHEDULE_DAYS = [1, 2, 3, 4, 5, 6, 0] as const;
export const HOURLY_LIMIT_MAX = 9999;
/** A service has at most this many rows (every day, a few shifts). */
const SCHEDULE_ROWS_MAX = 50;

const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'v.time' });
const EndTimeSchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: 'v.time' });

const ScheduleRowSchema = z
  .object({
    /** 0 = Sunday … 6 = Saturday. Must be chosen. */
    dayOfWeek: z
      .union([z.number(), z.null()])
      .pipe(
        z
          .number({ error: 'v.mustChoose' })
          .int({ error: 'v.number.int' })
          .min(0, { error: 'v.number.min' })
          .max(6, { error: 'v.number.max' }),
      ),
    /** Must be chosen ('' is the form's "not chosen yet"). */
    shift: z.string().pipe(z.enum(SCHEDULE_SHIFTS)),
    startTime: TimeSchema,
    endTime: EndTimeSchema,
    hourlyLimit: z.number().int({ error: 'v.number.int' }).min(1).max(HOURLY_LIMIT_MAX),
    interval: z.enum(SCHEDULE_INTERVALS),
  })
  .strict()
  .refine((row) => row.endTime > row.startTime, { path: ['endTime'], error: 'v.schedule.endAfterStart' });
export type ScheduleRow = z.infer<typeof ScheduleRowSchema>;
export type ScheduleRowInput = z.input<typeof ScheduleRowSchema>;

export const ScheduleSchema = z
  .object({
    id: IdSchema,
    serviceId: IdSchema,
    dayOfWeek: z.number().int(),
    shift: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    hourlyLimit: z.number().int(),
    interval: z.enum(SCHEDULE_INTERVALS),
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof ScheduleSchema>;

/** Everything a service's schedule is, saved at once (the form's rows). */
export const ServiceScheduleInputSchema = z
  .object({ rows: z.array(ScheduleRowSchema).max(SCHEDULE_ROWS_MAX) })
  .strict();

/** The interval and hourly limit of every row of a service ("Interval Limit Successfully Updated"). */
export const ScheduleIntervalInputSchema = z
  .object({
    interval: z.enum(SCHEDULE_INTERVALS),
    hourlyLimit: z.number().int({ error: 'v.number.int' }).min(1).max(HOURLY_LIMIT_MAX),
  })
  .strict();

/** Rows of the same day that overlap in time: the index of the later one of each pair. */
export function overlappingRows(rows: readonly ScheduleRow[]): number[] {
  const out: number[] = [];
  rows.forEach((row, i) => {
    const clash = rows.some(
      (other, j) =>
        j < i &&
        other.dayOfWeek === row.dayOfWeek &&
        other.startTime < row.endTime &&
        row.startTime < other.endTime,
    );
    if (clash) out.push(i);
  });
  return out;
}
