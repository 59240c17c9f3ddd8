import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { requiredError } from './user';

/** The platforms the product's apps are published for (kiosk and display apps, the web app). */
export const APPLICATION_PLATFORMS = ['android', 'ios', 'windows', 'linux', 'macos', 'web'] as const;
export type ApplicationPlatform = (typeof APPLICATION_PLATFORMS)[number];
export const APPLICATION_CHANGELOG_MAX = 5000;

const DOWNLOAD_URL_MAX = 500;
const URL_PATTERN = /^https?:\/\/[^\s/?#]+\.[^\s]+$/;

/** `1.2.3`, `2.0`, `1.4.0-beta.2`: numbers with dots, an optional pre-release or build part. */
const VERSION_PATTERN = /^\d{1,4}(\.\d{1,4}){0,3}([-+][0-9A-Za-z.-]{1,30})?$/;

/**
 * A published version of one of the product's apps (platform, version, changelog), listed by
 * the superadmin at /dashboard/parameter/aplikasi. A platform has each version once.
 */
export const ApplicationSchema = z
  .object({
    id: IdSchema,
    platform: z.enum(APPLICATION_PLATFORMS, { error: 'v.mustChoose' }),
    version: z
      .string({ error: requiredError('v.required') })
      .trim()
      .min(1, { error: 'v.required' })
      .max(40)
      .regex(VERSION_PATTERN, { error: 'v.version' }),
    changelog: z
      .string({ error: requiredError('v.required') })
      .trim()
      .min(1, { error: 'v.required' })
      .max(APPLICATION_CHANGELOG_MAX),
    /** Where the build is downloaded, if it is published somewhere. */
    downloadUrl: z
      .url({ protocol: /^https?$/, error: 'v.url' })
      .max(500)
      .nullable(),
    releasedAt: z.number().int(),
  })
  .meta({ id: 'Application' });
export type Application = z.infer<typeof ApplicationSchema>;

/**
 * What the superadmin edits (the release time is when it was added). The form starts with no
 * platform chosen (`''`, "Wajib dipilih") and an empty address, which is saved as none.
 */
export const ApplicationInputSchema = z
  .object({
    platform: z
      .string({ error: 'v.mustChoose' })
      .pipe(z.enum(APPLICATION_PLATFORMS, { error: 'v.mustChoose' })),
    version: ApplicationSchema.shape.version,
    changelog: ApplicationSchema.shape.changelog,
    downloadUrl: z
      .string()
      .trim()
      .max(DOWNLOAD_URL_MAX)
      .refine((v) => v === '' || URL_PATTERN.test(v), { error: 'v.url' })
      .nullable()
      .transform((v) => (v === '' ? null : v)),
  })
  .strict();
export type ApplicationInput = z.infer<typeof ApplicationInputSchema>;
