import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import {
  NewPasswordSchema,
  NewStaffUserInputSchema,
  StaffUserFieldsSchema,
  StaffUserSchema,
  TenantRoleSchema,
} from '../domain/staff-user';
import { listPageSchema, listQuerySchema } from './list';

/**
 * User administration (admin of the tenant): `/dashboard/pengguna` lists the admins and
 * `/dashboard/master/user-layanan` the service users (operators, callers, supervisors). Create
 * with a first password, edit (role, branches, phone, active), reset the password, delete a
 * user without history. A user cannot lock themselves out, the last active admin stays, and
 * deactivating a user or changing their role, branches or password ends their sessions.
 */
export const USER_SORT_FIELDS = ['fullName', 'username', 'role', 'status'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const USER_STATUS_FILTERS = ['active', 'inactive'] as const;
/** Which page lists them: the admins, or the service users. */
const USER_GROUPS = ['admins', 'service'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];

export const UserListQuerySchema = listQuerySchema({
  sortFields: USER_SORT_FIELDS,
  defaultSort: 'fullName',
  filters: {
    group: z.enum(USER_GROUPS).optional(),
    role: TenantRoleSchema.optional(),
    status: z.enum(USER_STATUS_FILTERS).optional(),
    /** Users assigned to this branch. */
    branchId: IdSchema.optional(),
  },
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

const UserListSchema = listPageSchema(StaffUserSchema).meta({ id: 'StaffUserList' });
export type UserList = z.infer<typeof UserListSchema>;

const UserParamsSchema = z.object({ userId: IdSchema });

/** Create: the fields and the first password. */
const CreateUserBodySchema = NewStaffUserInputSchema;
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** Update: any of the fields; `password` resets it (the user's sessions end). */
const UpdateUserBodySchema = StaffUserFieldsSchema.partial()
  .extend({ password: NewPasswordSchema.optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const usersContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/users',
    summary: "The tenant's users page by page, with search, sort and filters (admin)",
    tags: ['users'],
    query: UserListQuerySchema,
    responses: { 200: UserListSchema },
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/v1/users/:userId',
    summary: 'One user with their branches (admin)',
    tags: ['users'],
    params: UserParamsSchema,
    responses: { 200: StaffUserSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/users',
    summary: 'Add a user with a first password (admin, audited)',
    tags: ['users'],
    body: CreateUserBodySchema,
    responses: { 201: StaffUserSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/users/:userId',
    summary: 'Edit a user, reset their password or (de)activate them (admin, audited)',
    tags: ['users'],
    params: UserParamsSchema,
    body: UpdateUserBodySchema,
    responses: { 200: StaffUserSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/users/:userId',
    summary: 'Delete a user without history (admin, audited); otherwise deactivate them',
    tags: ['users'],
    params: UserParamsSchema,
    responses: { 204: z.null() },
  }),
};
