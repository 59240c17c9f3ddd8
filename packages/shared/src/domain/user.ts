import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { StaffRoleSchema } from '../auth/roles';
import { LANGUAGES } from '../i18n/lang';

export const UsernameSchema = z
  .string({ error: 'v.required' })
  .trim()
  .min(7)
  .max(50)
  .regex(/^\S+$/, { error: 'v.username.noSpaces' });
export const FullNameSchema = z.string({ error: 'v.required' }).trim().min(3).max(100);
export const PasswordSchema = z.string({ error: 'v.password.required' }).min(1, { error: 'v.password.required' }).max(200);
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
