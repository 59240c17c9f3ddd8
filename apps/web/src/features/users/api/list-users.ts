import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { usersContract } from '@antrean/shared/contracts/users.contract';
import { api } from '@/lib/api';
import { userKeys, type UserListInput } from './keys';

/** One page of the tenant's users; the previous page stays on screen while the next loads. */
export function userListQueryOptions(query: UserListInput) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => api.call(usersContract.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
