/**
 * Every route of the web app, with `path` for the router and `href()` for links.
 * Dashboard pages are listed in `app/layouts/dashboard-nav.ts`, which builds on these.
 */

/** Only same-site absolute paths may be used as a return-to target (no `//evil.example`). */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

function withReturnTo(path: string, returnTo?: string): string {
  const target = safeReturnTo(returnTo);
  return target ? `${path}?${new URLSearchParams({ returnTo: target }).toString()}` : path;
}

export const paths = {
  root: { path: '/', href: () => '/' },
  login: { path: '/login', href: (returnTo?: string) => withReturnTo('/login', returnTo) },
  loginCaller: { path: '/login-caller', href: () => '/login-caller' },
  caller: { path: '/caller', href: () => '/caller' },
  operator: { path: '/operator', href: () => '/operator' },
  supervisor: {
    path: '/spv/monitoring',
    href: (spvId: string) => `/spv/monitoring/${encodeURIComponent(spvId)}`,
  },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
} as const;
