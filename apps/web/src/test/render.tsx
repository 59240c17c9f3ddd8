import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi, type Mock } from 'vitest';
import { AppProviders } from '@/app/providers';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders a component with the app's providers inside a memory router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createTestQueryClient() }: { route?: string; queryClient?: QueryClient } = {},
): RenderResult & { queryClient: QueryClient } {
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

export interface MockRoute {
  method?: string;
  /** Matched against the request path (without the query string). */
  path: string | RegExp;
  status?: number;
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export function errorBody(code: string, message = code, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/**
 * Replaces `fetch` with a router over canned answers. Unmatched requests answer
 * 401 AUTH_REQUIRED, like the real API for a visitor without a session.
 */
export function mockApi(routes: MockRoute[]): { fetch: Mock; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    requests.push({
      method,
      url,
      headers,
      // A multipart upload is kept as the FormData it was (tests read its parts).
      body:
        init?.body instanceof FormData
          ? init.body
          : rawBody === undefined
            ? undefined
            : (JSON.parse(rawBody) as unknown),
      credentials: init?.credentials,
    });
    const path = url.split('?')[0] ?? url;
    const route = routes.find(
      (r) =>
        (r.method ?? 'GET').toUpperCase() === method &&
        (typeof r.path === 'string' ? r.path === path : r.path.test(path)),
    );
    const status = route ? (route.status ?? 200) : 401;
    const body = route ? route.body : errorBody('AUTH_REQUIRED', 'Silakan masuk terlebih dahulu.');
    return Promise.resolve(
      new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetch: fetchMock, requests };
}
