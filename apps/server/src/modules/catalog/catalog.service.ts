import type { BranchService } from '@antrean/shared/domain/service';
import type { Counter } from '@antrean/shared/domain/counter';
import { DEFAULT_THEME, type Theme } from '@antrean/shared/domain/theme';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import { findBranch } from '../branches/branch.repository';
import * as repo from './catalog.repository';
import { toBranchService, toCounter, toTheme } from './catalog.mapper';

export function createCatalogService(deps: ServiceDeps) {
  const { uow } = deps;

  async function requireBranch(actor: Actor, branchId: string): Promise<string> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    if (!(await uow.read((db) => findBranch(db, tenantId, branchId)))) throw new AppError('NOT_FOUND');
    return tenantId;
  }

  /** The services a branch offers with their sub services (kiosk, caller and operator screens). */
  async function branchServices(actor: Actor, branchId: string): Promise<BranchService[]> {
    const tenantId = await requireBranch(actor, branchId);
    return uow.read(async (db) => {
      // Devices and API keys face visitors: an inactive service is not offered to them. Staff still
      // see it (flagged inactive) to work off the tickets it already has.
      const services = (await repo.listBranchServices(db, tenantId, branchId)).filter(
        (s) => actor.kind === 'staff' || s.is_active === 1,
      );
      const subs = await repo.listSubServices(
        db,
        tenantId,
        services.map((s) => s.id),
      );
      return services.map((s) => toBranchService(s, subs));
    });
  }

  /** A branch's counters with the services each one serves. */
  async function branchCounters(actor: Actor, branchId: string): Promise<Counter[]> {
    const tenantId = await requireBranch(actor, branchId);
    const [counters, mapping] = await uow.read((db) =>
      Promise.all([
        repo.listCounters(db, tenantId, branchId),
        repo.listCounterServices(db, tenantId, branchId),
      ]),
    );
    return counters.map((c) =>
      toCounter(
        c,
        mapping.filter((m) => m.counter_id === c.id).map((m) => m.service_id),
      ),
    );
  }

  /** The tenant's active theme; the product's own when the actor has no tenant or no theme. */
  async function theme(actor: Actor): Promise<Theme> {
    if (actor.kind === 'staff' && actor.tenantId === null) return DEFAULT_THEME;
    const row = await uow.read((db) => repo.findActiveTheme(db, tenantOf(actor)));
    return row ? toTheme(row) : DEFAULT_THEME;
  }

  return { branchServices, branchCounters, theme };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
