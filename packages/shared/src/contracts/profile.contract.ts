import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { StaffRoleSchema } from '../auth/roles';
import { ChangePasswordInputSchema, ProfileInputSchema } from '../domain/staff-user';

/**
 * The profile menu: any signed-in staff member reads and edits their own name, phone and photo,
 * and changes their own password (the current one required; their other sessions end).
 */
const ProfileSchema = z
  .object({
    id: IdSchema,
    username: z.string(),
    fullName: z.string(),
    role: StaffRoleSchema,
    phone: z.string().nullable(),
    avatarFileId: IdSchema.nullable(),
    /** Platform users (superadmins) have no tenant to keep a photo in. */
    canHaveAvatar: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

export const profileContract = {
  get: defineContract({
    method: 'GET',
    path: '/api/v1/profile',
    summary: "The signed-in staff member's own profile",
    tags: ['profile'],
    responses: { 200: ProfileSchema },
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/v1/profile',
    summary: 'Edit one’s own name, phone and photo (audited)',
    tags: ['profile'],
    body: ProfileInputSchema,
    responses: { 200: ProfileSchema },
  }),
  changePassword: defineContract({
    method: 'POST',
    path: '/api/v1/profile/password',
    summary: 'Change one’s own password with the current one; other sessions end (audited)',
    tags: ['profile'],
    body: ChangePasswordInputSchema,
    responses: { 204: z.null() },
  }),
};
