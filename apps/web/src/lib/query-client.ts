import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** Session-expired answers drop the cached session so route guards send the user to sign in. */
export const SESSION_QUERY_KEY = ['session'] as const;

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        onAuthLost(client, error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        onAuthLost(client, error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return client;
}

function onAuthLost(client: QueryClient, error: unknown): void {
  if (isApiError(error) && error.status === 401 && error.code === 'AUTH_REQUIRED') {
    client.setQueryData(SESSION_QUERY_KEY, null);
  }
}
