import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  usersContract,
  type CreateUserBody,
  type UpdateUserBody,
} from '@antrean/shared/contracts/users.contract';
import { api } from '@/lib/api';
import { userKeys } from './keys';

/** Adds a user with a first password; every user list is refetched after. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.call(usersContract.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Edits a user, resets their password (`password`) or (de)activates them (`{ isActive }`). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateUserBody }) =>
      api.call(usersContract.update, { params: { userId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Deletes a user without history (the server answers USER_HAS_HISTORY otherwise). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.call(usersContract.remove, { params: { userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
