import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import {
  ScheduleIntervalInputSchema,
  ScheduleSchema,
  ServiceScheduleInputSchema,
} from '../domain/branch-schedule';
import { BranchParamsSchema } from './branches.contract';

/**
 * The schedules of a branch's services (admin, the branch page's "Jadwal" tab): read all of a
 * branch, replace one service's rows at once, or set the interval and hourly limit of every row
 * of a service. Each change is audited with the rows before and after.
 */
const BranchServiceParamsSchema = z.object({ branchId: IdSchema, serviceId: IdSchema });

const ScheduleListSchema = z.object({ items: z.array(ScheduleSchema) }).meta({ id: 'ScheduleList' });
export type ScheduleList = z.infer<typeof ScheduleListSchema>;

export const schedulesContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/schedules',
    summary: 'The schedule rows of every service of a branch (admin)',
    tags: ['schedules'],
    params: BranchParamsSchema,
    responses: { 200: ScheduleListSchema },
  }),
  replace: defineContract({
    method: 'PUT',
    path: '/api/v1/branches/:branchId/services/:serviceId/schedules',
    summary: "Replace a branch service's schedule rows (admin, audited)",
    tags: ['schedules'],
    params: BranchServiceParamsSchema,
    body: ServiceScheduleInputSchema,
    responses: { 200: ScheduleListSchema },
  }),
  setInterval: defineContract({
    method: 'PUT',
    path: '/api/v1/branches/:branchId/services/:serviceId/schedule-interval',
    summary: 'Set the interval and hourly limit of every schedule row of a branch service (admin, audited)',
    tags: ['schedules'],
    params: BranchServiceParamsSchema,
    body: ScheduleIntervalInputSchema,
    responses: { 200: ScheduleListSchema },
  }),
};
