import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { BranchParamsSchema } from './branches.contract';
import { CounterParamsSchema } from './tickets.contract';
import { BranchSummarySchema } from '../domain/branch';
import { TicketSchema } from '../domain/ticket/ticket';

/** A counter on a live board (monitor, display): which one and the services it serves. */
export const BoardCounterSchema = z.object({
  id: IdSchema,
  name: z.string(),
  number: z.number().int(),
  serviceIds: z.array(IdSchema),
});

export const StationSchema = z
  .object({ counterId: IdSchema, userId: IdSchema, serviceIds: z.array(IdSchema), startedAt: z.number() })
  .meta({ id: 'Station' });
export type Station = z.infer<typeof StationSchema>;

const MonitorSchema = z
  .object({
    branch: BranchSummarySchema,
    serviceDay: z.string(),
    now: z.number(),
    counters: z.array(
      BoardCounterSchema.extend({
        caller: z.object({ id: IdSchema, fullName: z.string(), since: z.number() }).nullable(),
        current: TicketSchema.nullable(),
        /** Seconds the current ticket has been served (or called), live at `now`. */
        elapsedSeconds: z.number().int().nullable(),
        slaSeconds: z.number().int().nullable(),
        slaBreached: z.boolean(),
      }),
    ),
    services: z.array(
      z.object({
        id: IdSchema,
        code: z.string(),
        name: z.string(),
        slaSeconds: z.number().int(),
        waiting: z.number().int(),
        held: z.number().int(),
        skipped: z.number().int(),
        finished: z.number().int(),
      }),
    ),
    devices: z.array(
      z.object({
        kind: z.enum(['display', 'kiosk']),
        id: IdSchema,
        name: z.string(),
        code: z.string(),
        lastSeenAt: z.number().nullable(),
        online: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'Monitor' });
export type Monitor = z.infer<typeof MonitorSchema>;

export const monitorContract = {
  branchByCode: defineContract({
    method: 'GET',
    path: '/api/v1/branches/by-code/:code',
    summary: 'Find a branch the actor may see by its code',
    tags: ['branches'],
    params: z.object({ code: z.string().trim().min(1).max(32) }),
    responses: { 200: BranchSummarySchema },
  }),
  monitor: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/monitor',
    summary:
      'Supervisor monitor: counters, callers, current tickets vs SLA, waiting counts, device heartbeats',
    tags: ['monitor'],
    params: BranchParamsSchema,
    responses: { 200: MonitorSchema },
  }),
  openStation: defineContract({
    method: 'PUT',
    path: '/api/v1/counters/:counterId/station',
    summary: 'The signed-in caller takes this counter for the chosen services',
    tags: ['tickets'],
    params: CounterParamsSchema,
    body: z.object({ serviceIds: z.array(IdSchema).min(1).max(20) }),
    responses: { 200: StationSchema },
  }),
  closeStation: defineContract({
    method: 'DELETE',
    path: '/api/v1/counters/:counterId/station',
    summary: 'The signed-in caller leaves this counter',
    tags: ['tickets'],
    params: CounterParamsSchema,
    responses: { 204: z.null() },
  }),
};
