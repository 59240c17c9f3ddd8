import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authContract, type LoginBody } from '@antrean/shared/contracts/auth.contract';
import { catalogContract } from '@antrean/shared/contracts/catalog.contract';
import { homePathFor } from '@antrean/shared/auth/permissions';
import { DEFAULT_THEME, type Theme } from '@antrean/shared/domain/theme';
import type { SessionUser } from '@antrean/shared/domain/user';
import type { Language } from '@antrean/shared/i18n/lang';
import { api, isApiError } from './api';
import { changeLanguage, currentLanguage, rememberedLanguage } from './i18n';
import { SESSION_QUERY_KEY } from './query-client';
import { clearClientSessionState } from './client-session';

/**
 * The signed-in staff member, or null when nobody is signed in. GET /auth/me is the single
 * source of truth for who is signed in: route guards, the header and the theme all read it.
 */
function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      try {
        const { user } = await api.call(authContract.me, { signal });
        return user;
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The tenant's theme once signed in; the product's own look before. */
function themeQueryOptions(user: SessionUser | null | undefined) {
  return queryOptions({
    queryKey: ['theme', user?.tenantId ?? 'platform'] as const,
    queryFn: ({ signal }) => api.call(catalogContract.theme, { signal }),
    enabled: !!user,
    staleTime: 10 * 60_000,
  });
}

export interface TenantTheme {
  theme: Theme;
  /** True while a signed-in user's theme is still loading (first load only). */
  isPending: boolean;
}

export function useTenantTheme(): TenantTheme {
  const { data: user } = useSession();
  const query = useQuery(themeQueryOptions(user));
  return { theme: query.data ?? DEFAULT_THEME, isPending: !!user && query.isPending };
}

/** Where a staff member lands after signing in (the supervisor's monitor is addressed by their id). */
export function homeHref(user: SessionUser): string {
  const path = homePathFor(user.role);
  return user.role === 'supervisor' ? `${path}/${encodeURIComponent(user.id)}` : path;
}

function updateLanguage(language: Language) {
  return api.call(authContract.updatePreferences, { body: { language } });
}

/**
 * Reconciles the interface language with the account's preference at sign-in: a language
 * chosen on this device (for example on the sign-in page) wins and is saved to the account;
 * on a device with no choice yet, the account's preference is adopted.
 */
async function reconcileLanguage(user: SessionUser): Promise<SessionUser> {
  if (rememberedLanguage() === undefined) {
    if (user.language !== currentLanguage()) await changeLanguage(user.language);
    return user;
  }
  const shown = currentLanguage();
  if (shown === user.language) return user;
  try {
    return (await updateLanguage(shown)).user;
  } catch {
    return user; // Not worth failing a sign-in over; the device keeps its language.
  }
}

/**
 * Staff sign-in. Extension point: when visitor sign-in (WhatsApp number + password) is built,
 * /login decides from the identifier which endpoint to call; staff sign-in stays this hook.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const { user } = await api.call(authContract.login, { body });
      return reconcileLanguage(user);
    },
    onSuccess: (user) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      clearClientSessionState();
      queryClient.setQueryData(sessionQueryOptions().queryKey, user);
    },
  });
}

/**
 * Signs out. With a `target`, the sign-in page is then loaded afresh: counters and dashboards
 * run on shared machines, and a full page load guarantees that nothing of the previous user
 * stays in memory (query cache, screen state, open live connections). Without one, only the
 * cached session is dropped (used where the page itself stays, e.g. a refused caller sign-in).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target?: string) => {
      try {
        await api.call(authContract.logout);
      } catch (error) {
        // An expired session is already signed out.
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
      return target;
    },
    onSuccess: (target) => {
      clearClientSessionState();
      if (target) {
        window.location.assign(target);
        return;
      }
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
    },
  });
}

/** Saves the interface language to the signed-in account. */
export function useSaveLanguagePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryOptions().queryKey, user),
  });
}
