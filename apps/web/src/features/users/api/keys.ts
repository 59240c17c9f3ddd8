import type { z } from 'zod';
import type { UserListQuerySchema } from '@antrean/shared/contracts/users.contract';

/** The list query as the page sends it (the URL's paging, search, sort and filters). */
export type UserListInput = z.input<typeof UserListQuerySchema>;

/** Query keys of user administration; `all` is the prefix every change invalidates. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListInput) => ['users', 'list', query] as const,
};
