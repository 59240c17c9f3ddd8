import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { StaffRoleSchema } from '../auth/roles';
import { LANGUAGES } from '../i18n/lang';

/**
 * A schema-level `error` applies to every issue of the schema (zod 4), so `z.string({ error:
 * 'v.required' }).max(50)` would call a too-long value "required". Only a missing value is.
 */
export const requiredError =
  (key: 'v.required' | 'v.password.required') =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined || issue.input === null ? key : undefined;

export const UsernameSchema = z
  .string({ error: requiredError('v.required') })
  .trim()
  .min(7)
  .max(50)
  .regex(/^\S+$/, { error: 'v.username.noSpaces' });
export const FullNameSchema = z
  .string({ error: requiredError('v.required') })
  .trim()
  .min(3)
  .max(100);
export const PasswordSchema = z
  .string({ error: requiredError('v.password.required') })
  .min(1, { error: 'v.password.required' })
  .max(200);
export const LanguageSchema = z.enum(LANGUAGES);

/** The signed-in staff member as the API shows them. */
export const SessionUserSchema = z
  .object({
    id: IdSchema,
    username: z.string(),
    fullName: z.string(),
    role: StaffRoleSchema,
    tenantId: IdSchema.nullable(),
    tenantName: z.string().nullable(),
    branchIds: z.array(IdSchema),
    language: LanguageSchema,
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUserSchema>;
