import { Navigate, createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { NotFoundPage } from '@/components/not-found-page';
import { RouteErrorBoundary } from '@/components/route-error-boundary';
import { allDashboardPages, type DashboardRouteHandle, type NavLabelKey } from '@/config/dashboard-pages';
import { paths } from '@/config/paths';
import { lazyScreen } from '@/lib/lazy-route';
import { useSession } from '@/lib/session';
import { access } from './access';
import { HomeRedirect, RequireStaff } from './guards';
import { RootLayout } from './layouts/root-layout';

const loginPage = lazyScreen(
  () => import('@/features/auth/pages/login-page'),
  (m) => m.LoginPage,
);
const callerLoginPage = lazyScreen(
  () => import('@/features/auth/pages/caller-login-page'),
  (m) => m.CallerLoginPage,
);
const callerScreen = lazyScreen(
  () => import('@/screens/caller/caller-screen'),
  (m) => m.CallerScreen,
);
const operatorScreen = lazyScreen(
  () => import('@/screens/operator/operator-screen'),
  (m) => m.OperatorScreen,
);
const supervisorScreen = lazyScreen(
  () => import('@/screens/supervisor/supervisor-screen'),
  (m) => m.SupervisorScreen,
);
const dashboardLayout = lazyScreen(
  () => import('./layouts/dashboard-layout'),
  (m) => m.DashboardLayout,
);
const dashboardHome = lazyScreen(
  () => import('@/features/dashboard/pages/dashboard-home-page'),
  (m) => m.DashboardHomePage,
);
const devicesPage = lazyScreen(
  () => import('@/features/devices/pages/devices-page'),
  (m) => m.DevicesPage,
);
const currenciesPage = lazyScreen(
  () => import('@/features/currencies/pages/currencies-page'),
  (m) => m.CurrenciesPage,
);
const productsPage = lazyScreen(
  () => import('@/features/products/pages/products-page'),
  (m) => m.ProductsRoute,
);
const voicePage = lazyScreen(
  () => import('@/features/voice/pages/voice-page'),
  (m) => m.VoicePage,
);
const countersPage = lazyScreen(
  () => import('@/features/counters/pages/counters-page'),
  (m) => m.CountersPage,
);
const usersPage = lazyScreen(
  () => import('@/features/users/pages/users-page'),
  (m) => m.UsersPage,
);
const serviceUsersPage = lazyScreen(
  () => import('@/features/users/pages/users-page'),
  (m) => m.ServiceUsersPage,
);
const branchesPage = lazyScreen(
  () => import('@/features/branches/pages/branches-page'),
  (m) => m.BranchesRoute,
);
const outboxPage = lazyScreen(
  () => import('@/features/outbox/pages/outbox-page'),
  (m) => m.OutboxPage,
);
const settingsPage = lazyScreen(
  () => import('@/features/settings/pages/settings-page'),
  (m) => m.SettingsPage,
);
const themesPage = lazyScreen(
  () => import('@/features/themes/pages/themes-page'),
  (m) => m.ThemesPage,
);
const servicesPage = lazyScreen(
  () => import('@/features/services/pages/services-page'),
  (m) => m.ServicesPage,
);
const categoriesPage = lazyScreen(
  () => import('@/features/platform/pages/categories-page'),
  (m) => m.CategoriesPage,
);
const tenantsPage = lazyScreen(
  () => import('@/features/platform/pages/tenants-page'),
  (m) => m.TenantsPage,
);
const applicationsPage = lazyScreen(
  () => import('@/features/platform/pages/applications-page'),
  (m) => m.ApplicationsPage,
);
const inactiveServicesPage = lazyScreen(
  () => import('@/features/services/pages/inactive-services-page'),
  (m) => m.InactiveServicesPage,
);
const serviceMappingPage = lazyScreen(
  () => import('@/features/service-mapping/pages/service-mapping-page'),
  (m) => m.ServiceMappingPage,
);
const holidaysPage = lazyScreen(
  () => import('@/features/holidays/pages/holidays-page'),
  (m) => m.HolidaysPage,
);
const resetQueuePage = lazyScreen(
  () => import('@/features/reset-queue/pages/reset-queue-page'),
  (m) => m.ResetQueuePage,
);
const eformPage = lazyScreen(
  () => import('@/features/eform/pages/eform-page'),
  (m) => m.EformPage,
);
const runningTextsPage = lazyScreen(
  () => import('@/features/signage/pages/running-texts-page'),
  (m) => m.RunningTextsPage,
);
const bannersPage = lazyScreen(
  () => import('@/features/signage/pages/banners-page'),
  (m) => m.BannersPage,
);
const videosPage = lazyScreen(
  () => import('@/features/signage/pages/videos-page'),
  (m) => m.VideosPage,
);
/** PLACEHOLDERS — replaced by the real screens in later issues. */
const pageBeingPrepared = lazyScreen(
  () => import('@/components/page-being-prepared'),
  (m) => m.PageBeingPrepared,
);

/** `/spv/monitoring` without an id opens the signed-in user's own monitor (with the query, e.g. `?code=`). */
function OwnMonitorRedirect() {
  const { data: user } = useSession();
  // Keeps `?code=` so a branch's monitoring address opens the monitor on that branch.
  const { search } = useLocation();
  return user ? <Navigate replace to={`${paths.supervisor.href(user.id)}${search}`} /> : null;
}

/** The dashboard pages that are built, by page id; the others show the placeholder. */
const BUILT_DASHBOARD_PAGES: Partial<Record<NavLabelKey, RouteObject['lazy']>> = {
  displays: devicesPage,
  counters: countersPage,
  currency: currenciesPage,
  products: productsPage,
  voiceMode: voicePage,
  users: usersPage,
  serviceUsers: serviceUsersPage,
  branches: branchesPage,
  configuration: settingsPage,
  messages: outboxPage,
  themes: themesPage,
  services: servicesPage,
  categories: categoriesPage,
  tenant: tenantsPage,
  applications: applicationsPage,
  inactiveServices: inactiveServicesPage,
  branchServiceCounters: serviceMappingPage,
  holidays: holidaysPage,
  resetQueue: resetQueuePage,
  eform: eformPage,
  runningText: runningTextsPage,
  banner: bannersPage,
  video: videosPage,
};

/**
 * The dashboard's pages: the home, and every other page of the sidebar on the "being prepared"
 * placeholder until its issue lands. Each route carries its page (label, permission) as `handle`.
 */
function dashboardChildren(): RouteObject[] {
  return allDashboardPages().flatMap(({ page, group }): RouteObject[] => {
    const handle: DashboardRouteHandle = group ? { dashboardPage: page, group } : { dashboardPage: page };
    if (page.path === '') return [{ index: true, handle, lazy: dashboardHome }];
    const lazy = BUILT_DASHBOARD_PAGES[page.id] ?? pageBeingPrepared;
    return [page.path, ...(page.extraPaths ?? [])].map((path) => ({ path, handle, lazy }));
  });
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: FullPageLoader,
    children: [
      { index: true, Component: HomeRedirect },
      { path: 'login', lazy: loginPage },
      { path: 'login-caller', lazy: callerLoginPage },
      {
        element: <RequireStaff allow={access.caller} signIn="login-caller" />,
        children: [{ path: 'caller', lazy: callerScreen }],
      },
      {
        element: <RequireStaff allow={access.operator} />,
        children: [{ path: 'operator', lazy: operatorScreen }],
      },
      {
        element: <RequireStaff allow={access.supervisor} />,
        children: [
          { path: 'spv/monitoring', Component: OwnMonitorRedirect },
          { path: 'spv/monitoring/:spvId', lazy: supervisorScreen },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireStaff allow={access.dashboard} />,
        children: [
          {
            lazy: dashboardLayout,
            children: [{ ErrorBoundary: RouteErrorBoundary, children: dashboardChildren() }],
          },
        ],
      },
      // Not lazy: the root error boundary (in the main chunk) renders it for 404s anyway.
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
