import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { DashboardNav } from './dashboard-nav';

const link = (name: string) => screen.queryByRole('link', { name });
const findLink = (name: string) => screen.findByRole('link', { name });
const group = (name: string) => screen.queryByRole('button', { name });

describe('dashboard sidebar', () => {
  it('shows an admin the tenant pages, not the platform pages', async () => {
    mockApi([]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DashboardNav staffRole="admin" />, { route: '/dashboard' });

    for (const name of [
      'Beranda',
      'Pengguna',
      'Konfigurasi',
      'Hari Libur',
      'Tema',
      'Reset Antrian',
      'Backup & Restore',
      'Panduan',
    ]) {
      expect(link(name), name).toBeInTheDocument();
    }
    expect(link('Beranda')).toHaveAttribute('aria-current', 'page');
    expect(link('Kategori')).not.toBeInTheDocument();

    const master = group('Master');
    expect(master).toHaveAttribute('aria-expanded', 'false');
    if (master) await user.click(master);
    expect(master).toHaveAttribute('aria-expanded', 'true');
    expect(await findLink('Cabang')).toHaveAttribute('href', '/dashboard/master/cabang');
    expect(link('Loket-Layanan-Cabang')).toHaveAttribute('href', '/dashboard/master/loket-layanan-cabang');
    expect(link('Perangkat & layar')).toHaveAttribute('href', '/dashboard/master/display');
    expect(link('Tenant')).not.toBeInTheDocument();

    const parameters = group('Parameter');
    if (parameters) await user.click(parameters);
    expect(await findLink('Running Text')).toHaveAttribute('href', '/dashboard/parameter/rt');
    expect(link('Aplikasi')).not.toBeInTheDocument();

    const reports = group('Laporan');
    if (reports) await user.click(reports);
    expect(await findLink('Dilayani')).toHaveAttribute('href', '/dashboard/laporan/laporan-dilayani');
    expect(await findLink('Audit Trail')).toBeInTheDocument();
  });

  it('shows the superadmin the platform pages too', async () => {
    mockApi([]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DashboardNav staffRole="superadmin" />, { route: '/dashboard/master/tenant' });

    expect(link('Kategori')).toHaveAttribute('href', '/dashboard/kategori');
    // The group holding the current page starts open.
    expect(group('Master')).toHaveAttribute('aria-expanded', 'true');
    expect(link('Tenant')).toHaveAttribute('aria-current', 'page');
    const parameters = group('Parameter');
    if (parameters) await user.click(parameters);
    expect(await findLink('Aplikasi')).toHaveAttribute('href', '/dashboard/parameter/aplikasi');
  });

  it('shows a supervisor only the home and the reports', async () => {
    mockApi([]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DashboardNav staffRole="supervisor" />, { route: '/dashboard' });

    expect(link('Beranda')).toBeInTheDocument();
    for (const name of [
      'Pengguna',
      'Kategori',
      'Konfigurasi',
      'Tema',
      'Reset Antrian',
      'Backup & Restore',
      'Panduan',
    ]) {
      expect(link(name), name).not.toBeInTheDocument();
    }
    expect(group('Master')).not.toBeInTheDocument();
    expect(group('Parameter')).not.toBeInTheDocument();

    const reports = group('Laporan');
    if (reports) await user.click(reports);
    for (const name of ['Dilayani', 'Menunggu', 'File E-Form', 'No-Show', 'Survey']) {
      expect(await findLink(name), name).toBeInTheDocument();
    }
    expect(link('Audit Trail')).not.toBeInTheDocument();
    expect(link('Perangkat & layar')).not.toBeInTheDocument();
  });

  it('lists the devices page only for roles that configure the tenant', () => {
    mockApi([]);
    renderWithProviders(<DashboardNav staffRole="admin" />, { route: '/dashboard/master/display' });
    // The group holding the current page starts open.
    expect(link('Perangkat & layar')).toHaveAttribute('aria-current', 'page');
  });

  it.each(['operator', 'caller', 'supervisor'] as const)(
    'does not list the devices page for a %s',
    (role) => {
      mockApi([]);
      renderWithProviders(<DashboardNav staffRole={role} />, { route: '/dashboard/master/display' });
      expect(link('Perangkat & layar')).not.toBeInTheDocument();
      expect(group('Master')).not.toBeInTheDocument();
    },
  );
});
