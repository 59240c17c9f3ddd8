import { can } from '@antrean/shared/auth/permissions';
import { localDate } from '@antrean/shared/common/time';
import type { BranchToday, Dashboard } from '@antrean/shared/contracts/dashboard.contract';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import { toBranchSummary } from '../branches/branch.mapper';
import * as repo from './dashboard.repository';

const num = (v: number | string | null | undefined): number => Number(v ?? 0);

/**
 * The dashboard home. Admins (and a superadmin acting in the tenant) see the whole tenant; a
 * supervisor sees the home of their own branches only (totals included). Today is each
 * branch's own calendar day, from the injected clock.
 */
export function createDashboardService(deps: ServiceDeps) {
  const { uow, clock } = deps;

  async function home(actor: Actor): Promise<Dashboard> {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'dashboard.read')) throw new AppError('FORBIDDEN');
    const { tenantId } = staff;
    const scope = staff.role === 'admin' || staff.role === 'superadmin' ? null : staff.branchIds;
    const now = clock.now();
    return uow.read(async (db) => {
      const branches = await repo.listBranches(db, tenantId, scope);
      const ids = branches.map((b) => b.id);
      const dayOf = new Map(branches.map((b) => [b.id, localDate(now, b.time_zone)]));
      const [totals, setup, days, displays] = await Promise.all([
        repo.readTotals(db, tenantId, scope),
        repo.readSetup(db, tenantId),
        repo.readBranchDays(db, tenantId, ids, [...new Set(dayOf.values())]),
        repo.listBranchDisplays(db, tenantId, ids),
      ]);
      const today = (branchId: string): BranchToday => {
        const serviceDay = dayOf.get(branchId) ?? '';
        const row = days.find((d) => d.branch_id === branchId && d.service_day === serviceDay);
        const waitCount = num(row?.wait_count);
        const slaCount = num(row?.sla_count);
        const branch = branches.find((b) => b.id === branchId);
        if (!branch) throw new Error(`dashboard: branch ${branchId} vanished`);
        return {
          branch: toBranchSummary(branch),
          serviceDay,
          waiting: num(row?.waiting),
          serving: num(row?.serving),
          served: num(row?.served),
          averageWaitSeconds: waitCount === 0 ? null : Math.round(num(row?.wait_sum) / waitCount),
          slaPercent: slaCount === 0 ? null : Math.round((100 * num(row?.sla_met)) / slaCount),
          displays: displays
            .filter((d) => d.branch_id === branchId)
            .map((d) => ({ id: d.id, name: d.name, code: d.code, layout: d.layout })),
        };
      };
      return {
        now,
        totals: {
          branches: branches.length,
          displays: totals.displays,
          counters: totals.counters,
          users: totals.users,
          services: totals.services.active,
          inactiveServices: totals.services.inactive,
        },
        setup,
        branches: ids.map(today),
      };
    });
  }

  return { home };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
