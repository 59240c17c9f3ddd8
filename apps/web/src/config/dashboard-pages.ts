import { can, type Action } from '@antrean/shared/auth/permissions';
import type { StaffRole } from '@antrean/shared/auth/roles';
import type idCommon from '@/locales/id/common.json';

/** A label under `nav.*` in the common catalogue. */
export type NavLabelKey = Exclude<keyof typeof idCommon.nav, 'label'>;

export interface DashboardPage {
  /** Label key (`nav.<id>`), also the page's id. */
  id: NavLabelKey;
  /** Path below /dashboard ('' is the dashboard home). */
  path: string;
  /** The permission the page needs (`can(role, action)`); the server enforces the same. */
  action: Action;
  /** Extra routes that show the same page (e.g. a detail `:id`). */
  extraPaths?: readonly string[];
}

export interface DashboardGroup {
  id: NavLabelKey;
  pages: readonly DashboardPage[];
}

export type DashboardNavEntry =
  { kind: 'page'; page: DashboardPage } | { kind: 'group'; group: DashboardGroup };

const page = (
  id: NavLabelKey,
  path: string,
  action: Action,
  extraPaths?: readonly string[],
): DashboardPage => (extraPaths ? { id, path, action, extraPaths } : { id, path, action });

/**
 * The admin dashboard, in sidebar order, with the product's page paths (the ones users and
 * links know, such as /dashboard/master/loket; tests pin them). Platform pages
 * (categories, tenants, applications) need `platform.manage` (superadmin only); a supervisor
 * has `dashboard.read` and `reports.read`, so sees the home and the reports.
 */
const DASHBOARD_NAV: readonly DashboardNavEntry[] = [
  { kind: 'page', page: page('home', '', 'dashboard.read') },
  { kind: 'page', page: page('users', 'pengguna', 'tenant.users') },
  { kind: 'page', page: page('categories', 'kategori', 'platform.manage') },
  {
    kind: 'group',
    group: {
      id: 'master',
      pages: [
        page('tenant', 'master/tenant', 'platform.manage'),
        page('serviceUsers', 'master/user-layanan', 'tenant.users'),
        page('products', 'master/produk-dan-suku-bunga', 'tenant.configure', [
          'master/produk-dan-suku-bunga/:id',
        ]),
        page('branchServiceCounters', 'master/loket-layanan-cabang', 'tenant.configure'),
        page('counters', 'master/loket', 'tenant.configure'),
        page('branches', 'master/cabang', 'tenant.configure', ['master/cabang/:id']),
        page('services', 'master/layanan', 'tenant.configure'),
        page('inactiveServices', 'master/layanan-non-aktif', 'tenant.configure'),
        page('eform', 'master/eform', 'tenant.configure'),
        page('displays', 'master/display', 'tenant.configure'),
        page('currency', 'master/valas', 'tenant.configure'),
      ],
    },
  },
  {
    kind: 'group',
    group: {
      id: 'parameters',
      pages: [
        page('runningText', 'parameter/rt', 'tenant.configure'),
        page('banner', 'parameter/banner', 'tenant.configure'),
        page('video', 'parameter/video', 'tenant.configure'),
        page('feedback', 'parameter/kepuasan', 'tenant.configure'),
        page('applications', 'parameter/aplikasi', 'platform.manage'),
        page('voiceMode', 'parameter/mode-suara', 'tenant.configure'),
        page('messages', 'parameter/pesan', 'tenant.configure'),
        page('parameterGuide', 'parameter/panduan', 'tenant.configure'),
      ],
    },
  },
  { kind: 'page', page: page('configuration', 'konfigurasi', 'tenant.configure') },
  { kind: 'page', page: page('holidays', 'hari-libur', 'tenant.configure') },
  { kind: 'page', page: page('themes', 'tema', 'tenant.configure') },
  { kind: 'page', page: page('resetQueue', 'reset-antrian', 'tenant.reset-queue') },
  {
    kind: 'group',
    group: {
      id: 'reports',
      pages: [
        page('servedReport', 'laporan/laporan-dilayani', 'reports.read'),
        page('waitingReport', 'laporan/laporan-menunggu', 'reports.read'),
        page('eformFilesReport', 'laporan/laporan-file-eform', 'reports.read'),
        page('noShowReport', 'laporan/laporan-no-show', 'reports.read'),
        page('surveyReport', 'laporan/laporan-survey', 'reports.read'),
        page('auditTrail', 'laporan/audit-trail', 'audit.read'),
      ],
    },
  },
  { kind: 'page', page: page('backupRestore', 'backup-restore', 'tenant.backup') },
  { kind: 'page', page: page('guide', 'panduan', 'tenant.configure') },
];

export function dashboardHref(page: DashboardPage): string {
  return page.path ? `/dashboard/${page.path}` : '/dashboard';
}

/** Every dashboard page with the group it sits in. */
export function allDashboardPages(): { page: DashboardPage; group?: DashboardGroup }[] {
  return DASHBOARD_NAV.flatMap((entry) =>
    entry.kind === 'page'
      ? [{ page: entry.page }]
      : entry.group.pages.map((p) => ({ page: p, group: entry.group })),
  );
}

/** The sidebar a role sees: pages it may open, and groups with at least one such page. */
export function visibleNav(role: StaffRole): DashboardNavEntry[] {
  const out: DashboardNavEntry[] = [];
  for (const entry of DASHBOARD_NAV) {
    if (entry.kind === 'page') {
      if (can(role, entry.page.action)) out.push(entry);
      continue;
    }
    const pages = entry.group.pages.filter((p) => can(role, p.action));
    if (pages.length > 0) out.push({ kind: 'group', group: { ...entry.group, pages } });
  }
  return out;
}

/** What a dashboard route carries in its `handle`, read by the layout (permission) and pages (title). */
export interface DashboardRouteHandle {
  dashboardPage: DashboardPage;
  group?: DashboardGroup;
}

export function isDashboardRouteHandle(handle: unknown): handle is DashboardRouteHandle {
  return typeof handle === 'object' && handle !== null && 'dashboardPage' in handle;
}
