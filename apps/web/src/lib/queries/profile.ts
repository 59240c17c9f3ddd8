import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { profileContract } from '@antrean/shared/contracts/profile.contract';
import type { ChangePasswordInput, ProfileInput } from '@antrean/shared/domain/staff-user';
import { api } from '../api';
import { SESSION_QUERY_KEY } from '../query-client';

const PROFILE_KEY = ['profile'] as const;

/** The signed-in staff member's own profile (name, phone, photo). */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: [...PROFILE_KEY, 'edit'] as const,
    queryFn: ({ signal }) => api.call(profileContract.get, { signal }),
  });
}

/**
 * The photo the header shows: decoration, so a failure (signed out meanwhile, offline) shows the
 * initials instead of raising anything (the page's own queries handle an ended session).
 */
export function headerPhotoQueryOptions() {
  return queryOptions({
    queryKey: [...PROFILE_KEY, 'photo'] as const,
    queryFn: async ({ signal }) => {
      try {
        return (await api.call(profileContract.get, { signal })).avatarFileId;
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Saves one's own name, phone and photo; the header (session) shows the new name after. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileInput) => api.call(profileContract.update, { body }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

/** Changes one's own password with the current one (other sessions end; this one stays). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => api.call(profileContract.changePassword, { body }),
  });
}
