import { describe, expect, it } from 'vitest';
import type { STAFF_ROLES } from '@antrean/shared/auth/roles';
import { allDashboardPages, dashboardHref, visibleNav } from './dashboard-pages';

const visibleIds = (role: (typeof STAFF_ROLES)[number]) =>
  visibleNav(role).flatMap((entry) =>
    entry.kind === 'page' ? [entry.page.id] : entry.group.pages.map((p) => p.id),
  );

describe('dashboard pages', () => {
  it('uses the product’s page paths', () => {
    const hrefs = allDashboardPages().map(({ page }) => dashboardHref(page));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/dashboard/pengguna',
        '/dashboard/kategori',
        '/dashboard/master/tenant',
        '/dashboard/master/produk-dan-suku-bunga',
        '/dashboard/master/loket-layanan-cabang',
        '/dashboard/master/cabang',
        '/dashboard/master/layanan-non-aktif',
        '/dashboard/master/valas',
        '/dashboard/parameter/rt',
        '/dashboard/parameter/mode-suara',
        '/dashboard/parameter/pesan',
        '/dashboard/konfigurasi',
        '/dashboard/hari-libur',
        '/dashboard/tema',
        '/dashboard/reset-antrian',
        '/dashboard/laporan/laporan-dilayani',
        '/dashboard/laporan/audit-trail',
        '/dashboard/backup-restore',
        '/dashboard/panduan',
      ]),
    );
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it('gives operators and callers no dashboard at all', () => {
    expect(visibleNav('operator')).toEqual([]);
    expect(visibleNav('caller')).toEqual([]);
  });

  it('shows platform pages to the superadmin only', () => {
    for (const id of ['categories', 'tenant', 'applications'] as const) {
      expect(visibleIds('superadmin')).toContain(id);
      expect(visibleIds('admin')).not.toContain(id);
    }
  });

  it('shows a supervisor the home and the reports only', () => {
    expect(visibleIds('supervisor')).toEqual([
      'home',
      'servedReport',
      'waitingReport',
      'eformFilesReport',
      'noShowReport',
      'surveyReport',
    ]);
  });
});
