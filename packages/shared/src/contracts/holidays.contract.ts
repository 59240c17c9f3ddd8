import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { HolidayInputSchema, HolidaySchema } from '../domain/holiday';
import { NATIONAL_HOLIDAY_YEARS } from '../domain/national-holidays';
import { listPageSchema, listQuerySchema } from './list';

/**
 * Holidays (`/dashboard/hari-libur`, admin): the tenant's holidays page by page, create, edit,
 * delete, and load Indonesia's national holidays of a year (dates already holidays for the same
 * scope are skipped). A holiday closes the kiosk and web issuing of its branches that day.
 */
export const HOLIDAY_SORT_FIELDS = ['date', 'name'] as const;
export type HolidaySortField = (typeof HOLIDAY_SORT_FIELDS)[number];

export const HolidayListQuerySchema = listQuerySchema({
  sortFields: HOLIDAY_SORT_FIELDS,
  defaultSort: 'date',
  filters: {
    year: z.coerce.number().int().min(2000).max(2100).optional(),
    /** A branch: its own holidays and the tenant-wide ones. Absent: all of the tenant's. */
    branchId: IdSchema.optional(),
  },
});
export type HolidayListQuery = z.infer<typeof HolidayListQuerySchema>;

const HolidayListSchema = listPageSchema(HolidaySchema).meta({ id: 'HolidayList' });
export type HolidayList = z.infer<typeof HolidayListSchema>;

const HolidayParamsSchema = z.object({ holidayId: IdSchema });

const UpdateHolidayBodySchema = HolidayInputSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type UpdateHolidayBody = z.infer<typeof UpdateHolidayBodySchema>;

const NationalHolidaysBodySchema = z
  .object({
    year: z
      .number({ error: 'v.mustChoose' })
      .refine((y) => NATIONAL_HOLIDAY_YEARS.includes(y), { error: 'v.enum' }),
    /** null: for every branch of the tenant. */
    branchId: IdSchema.nullable(),
  })
  .strict();
export type NationalHolidaysBody = z.infer<typeof NationalHolidaysBodySchema>;

const NationalHolidaysResultSchema = z
  .object({ added: z.number().int().min(0), skipped: z.number().int().min(0), estimate: z.boolean() })
  .meta({ id: 'NationalHolidaysResult' });
export type NationalHolidaysResult = z.infer<typeof NationalHolidaysResultSchema>;

export const holidaysContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/holidays',
    summary: "The tenant's holidays, page by page, with search, sort, a year and a branch filter (admin)",
    tags: ['holidays'],
    query: HolidayListQuerySchema,
    responses: { 200: HolidayListSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/holidays',
    summary: 'Add a holiday for the tenant or one branch (admin, audited)',
    tags: ['holidays'],
    body: HolidayInputSchema,
    responses: { 201: HolidaySchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/holidays/:holidayId',
    summary: 'Edit a holiday (admin, audited)',
    tags: ['holidays'],
    params: HolidayParamsSchema,
    body: UpdateHolidayBodySchema,
    responses: { 200: HolidaySchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/holidays/:holidayId',
    summary: 'Delete a holiday (admin, audited)',
    tags: ['holidays'],
    params: HolidayParamsSchema,
    responses: { 204: z.null() },
  }),
  loadNational: defineContract({
    method: 'POST',
    path: '/api/v1/holidays/national',
    summary: "Add Indonesia's national holidays of a year, skipping dates already holidays (admin, audited)",
    tags: ['holidays'],
    body: NationalHolidaysBodySchema,
    responses: { 200: NationalHolidaysResultSchema },
  }),
};
