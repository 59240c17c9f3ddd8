import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { BranchSummarySchema } from '../domain/branch';

/**
 * The dashboard home (`/dashboard`): the spec's totals, today's live figures per branch and, for
 * a tenant that has not set everything up yet, the checklist of where to begin. Admins (and a
 * superadmin acting in a tenant) see the whole tenant; a supervisor only their own branches.
 */
const DashboardTotalsSchema = z.object({
  branches: z.number().int().min(0),
  displays: z.number().int().min(0),
  counters: z.number().int().min(0),
  users: z.number().int().min(0),
  services: z.number().int().min(0),
  inactiveServices: z.number().int().min(0),
});
export type DashboardTotals = z.infer<typeof DashboardTotalsSchema>;

/** The setup steps of a new tenant, in the order they are done; `true` once done. */
export const SETUP_STEPS = [
  'branches',
  'services',
  'counters',
  'mapping',
  'users',
  'devices',
  'theme',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

const BranchTodaySchema = z.object({
  branch: BranchSummarySchema,
  /** The branch's calendar day the figures are of (its own time zone). */
  serviceDay: z.string(),
  /** In the queue, ready to be called. */
  waiting: z.number().int().min(0),
  /** Called or being served at a counter now. */
  serving: z.number().int().min(0),
  /** Finished today. */
  served: z.number().int().min(0),
  /** Average seconds from joining the queue to the first call, of today's called tickets. */
  averageWaitSeconds: z.number().int().min(0).nullable(),
  /** Share of today's finished tickets served within their service's SLA (0–100), none yet: null. */
  slaPercent: z.number().int().min(0).max(100).nullable(),
  /** The branch's displays (shortcuts to open them). */
  displays: z.array(z.object({ id: IdSchema, name: z.string(), code: z.string(), layout: z.string() })),
});
export type BranchToday = z.infer<typeof BranchTodaySchema>;

const DashboardSchema = z
  .object({
    now: z.number(),
    totals: DashboardTotalsSchema,
    setup: z.record(z.enum(SETUP_STEPS), z.boolean()),
    branches: z.array(BranchTodaySchema),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof DashboardSchema>;

export const dashboardContract = {
  home: defineContract({
    method: 'GET',
    path: '/api/v1/dashboard',
    summary:
      "The dashboard home: totals, today's live figures per branch and the setup checklist (admin; a supervisor sees their own branches)",
    tags: ['dashboard'],
    responses: { 200: DashboardSchema },
  }),
};
