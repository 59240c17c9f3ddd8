import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { isValidTimeZone } from '../common/time';

export const BranchSummarySchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    name: z.string(),
    province: z.string(),
    city: z.string(),
    timeZone: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'BranchSummary' });
export type BranchSummary = z.infer<typeof BranchSummarySchema>;

export const BranchSchema = BranchSummarySchema.extend({
  tenantId: IdSchema,
  address: z.string(),
  village: z.string(),
  category: z.string(),
  displayLimit: z.number().int(),
  counterLimit: z.number().int(),
  monitoringUrl: z.string().nullable(),
  autoServe: z.boolean(),
  autoServeDelaySeconds: z.number().int(),
  whatsappVirtualTicket: z.boolean(),
  showOnKiosk: z.boolean(),
  showOnWeb: z.boolean(),
}).meta({ id: 'Branch' });
export type Branch = z.infer<typeof BranchSchema>;

/** Branch codes appear in URLs (`/layanan-on-site/:code`, the monitor's `?code=`): letters, digits, `-`, `_`. */
export const BRANCH_CODE_MAX = 20;
const BRANCH_NAME_MIN = 3;
export const BRANCH_NAME_MAX = 100;
export const BRANCH_TEXT_MAX = 100;
export const BRANCH_ADDRESS_MAX = 255;
/** A branch has at most this many active counters / displays (the counter numbers go to 999). */
export const BRANCH_LIMIT_MAX = 999;
/** Auto-serve waits at most an hour after a call before it starts serving. */
export const AUTO_SERVE_DELAY_MAX = 3600;
/** The time zones of Indonesia, offered first in the form (any IANA zone is accepted). */
export const INDONESIAN_TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/**
 * What an admin edits on a branch (`/dashboard/master/cabang`): every field of the spec with its
 * real constraints. The form and the API request are validated by this one schema.
 */
export const BranchInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(BRANCH_CODE_MAX)
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'v.branchCode' }),
    name: z.string().trim().min(BRANCH_NAME_MIN).max(BRANCH_NAME_MAX),
    address: requiredText(BRANCH_ADDRESS_MAX),
    province: requiredText(BRANCH_TEXT_MAX),
    city: requiredText(BRANCH_TEXT_MAX),
    village: requiredText(BRANCH_TEXT_MAX),
    timeZone: z
      .string()
      .trim()
      .min(1, { error: 'v.mustChoose' })
      .refine(isValidTimeZone, { error: 'v.timeZone' }),
    /** The branch's category (e.g. "Kantor Cabang"): visitors pick a city and a category. Must be chosen. */
    category: z.string().trim().min(1, { error: 'v.mustChoose' }).max(BRANCH_TEXT_MAX),
    displayLimit: z.number().int({ error: 'v.number.int' }).min(0).max(BRANCH_LIMIT_MAX),
    counterLimit: z.number().int({ error: 'v.number.int' }).min(1).max(BRANCH_LIMIT_MAX),
    /** An external monitoring link (CCTV, dashboard); optional. */
    monitoringUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || (/^https?:\/\/\S+$/i.test(v) && URL.canParse(v)), {
        error: 'v.monitoringUrl',
      })
      .nullable()
      .transform((v) => (v === '' || v === null ? null : v)),
    autoServe: z.boolean(),
    autoServeDelaySeconds: z.number().int({ error: 'v.number.int' }).min(0).max(AUTO_SERVE_DELAY_MAX),
    whatsappVirtualTicket: z.boolean(),
    showOnKiosk: z.boolean(),
    showOnWeb: z.boolean(),
    isActive: z.boolean(),
  })
  .strict();
export type BranchInput = z.input<typeof BranchInputSchema>;
export type BranchValues = z.output<typeof BranchInputSchema>;

/** A branch as the admin page shows it: the branch, its key's hint and what it uses of its limits. */
export const BranchDetailSchema = BranchSchema.extend({
  /** The last characters of the integration key, to tell keys apart; null when it has none. */
  apiKeyHint: z.string().nullable(),
  usage: z.object({
    activeCounters: z.number().int().min(0),
    activeDisplays: z.number().int().min(0),
  }),
}).meta({ id: 'BranchDetail' });
export type BranchDetail = z.infer<typeof BranchDetailSchema>;
