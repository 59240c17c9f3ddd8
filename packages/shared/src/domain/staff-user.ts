import { z } from 'zod';
import { OptionalPhoneSchema } from '../common/phone';
import { IdSchema } from '../common/ids';
import { FullNameSchema, PasswordSchema, UsernameSchema } from './user';

/** The roles a tenant's user can have (superadmins are platform users, not managed here). */
export const TENANT_ROLES = ['admin', 'operator', 'caller', 'supervisor'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];
/** The service users' roles (`/dashboard/master/user-layanan`): bound to branches. */
export const SERVICE_ROLES = ['operator', 'caller', 'supervisor'] as const;
/** No role is "must be chosen"; a role that is not one of these is an invalid choice. */
export const TenantRoleSchema = z.enum(TENANT_ROLES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? 'v.mustChoose' : undefined,
});

/** A new password (set on create, reset by an admin, changed in the profile): at least 8 characters. */
const NEW_PASSWORD_MIN = 8;
export const NewPasswordSchema = PasswordSchema.min(NEW_PASSWORD_MIN);

/** A staff phone: optional (empty is no phone), stored in E.164 like a visitor's WhatsApp number. */
const StaffPhoneSchema = OptionalPhoneSchema;

/** A user may work at this many branches at most (a regional supervisor of a bank). */
const USER_BRANCHES_MAX = 500;

/**
 * A user of a tenant (admin, operator, caller, supervisor) as the admin pages show it. The
 * password hash never leaves the server.
 */
export const StaffUserSchema = z
  .object({
    id: IdSchema,
    username: z.string(),
    fullName: z.string(),
    role: TenantRoleSchema,
    phone: z.string().nullable(),
    /** The branches a service user works at (empty for an admin, who sees every branch). */
    branchIds: z.array(IdSchema),
    isActive: z.boolean(),
    avatarFileId: IdSchema.nullable(),
    lastLoginAt: z.number().int().nullable(),
  })
  .meta({ id: 'StaffUser' });
export type StaffUser = z.infer<typeof StaffUserSchema>;

/** The edited fields with their real constraints (the form and the request share them). */
export const StaffUserFieldsSchema = z.object({
  fullName: FullNameSchema,
  username: UsernameSchema,
  role: TenantRoleSchema,
  phone: StaffPhoneSchema,
  branchIds: z.array(IdSchema).max(USER_BRANCHES_MAX),
  isActive: z.boolean(),
});

/** An operator, caller or supervisor works at chosen branches: at least one. */
function branchesForRole(
  value: { role?: TenantRole | undefined; branchIds?: readonly string[] | undefined },
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[]; input: unknown }) => void },
): void {
  if (value.role && value.role !== 'admin' && value.branchIds?.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'v.mustChoose', path: ['branchIds'], input: value.branchIds });
  }
}

/**
 * What an admin edits on an existing user: the fields and, optionally, a new password (an
 * empty field keeps the current one).
 */
export const EditStaffUserInputSchema = StaffUserFieldsSchema.extend({
  password: z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(NewPasswordSchema.optional()),
})
  .strict()
  .superRefine(branchesForRole);

/** A new user: the fields and the first password. */
export const NewStaffUserInputSchema = StaffUserFieldsSchema.extend({ password: NewPasswordSchema })
  .strict()
  .superRefine(branchesForRole);
export type NewStaffUserInput = z.input<typeof NewStaffUserInputSchema>;

/** What a signed-in user edits about themselves (the profile menu). */
export const ProfileInputSchema = z
  .object({
    fullName: FullNameSchema,
    phone: StaffPhoneSchema,
    /** Their photo: an uploaded image (`purpose=avatar`), or null for none. */
    avatarFileId: IdSchema.nullable(),
  })
  .strict();
export type ProfileInput = z.input<typeof ProfileInputSchema>;

/** Changing one's own password: the current one proves it is them. */
export const ChangePasswordInputSchema = z
  .object({
    currentPassword: PasswordSchema,
    newPassword: NewPasswordSchema,
  })
  .strict();
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;
