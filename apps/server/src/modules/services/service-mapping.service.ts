import { can } from '@antrean/shared/auth/permissions';
import { newId } from '@antrean/shared/common/ids';
import type { ServiceMapping, ServiceMappingInput } from '@antrean/shared/domain/service-mapping';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { fromFlag } from '../../lib/flags';
import { assertBranchAccess, requireTenantStaff } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import type { Audit } from '../audit/audit.service';
import { findBranch } from '../branches/branch.repository';
import { lockBranch } from '../counters/counter.repository';
import { announceCatalogChange } from './catalog-events';
import * as repo from './service-mapping.repository';

/**
 * The branch-service-counter mapping (admin): the matrix of a branch, saved whole in one
 * transaction with one audit entry (the mapping before and after), then announced to the
 * branch's kiosks and screens.
 */
export function createServiceMappingService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor, branchId: string): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    assertBranchAccess(actor, branchId);
    return staff.tenantId;
  }

  async function read(db: Db, tenantId: string, branchId: string): Promise<ServiceMapping> {
    const [services, counters, pairs] = await Promise.all([
      repo.servicesForBranch(db, tenantId, branchId),
      repo.countersOfBranch(db, tenantId, branchId),
      repo.mappingOfBranch(db, tenantId, branchId),
    ]);
    return {
      branchId,
      services: services.map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name,
        isActive: fromFlag(s.is_active),
        offered: fromFlag(s.offered),
      })),
      counters: counters.map((c) => ({
        id: c.id,
        name: c.name,
        number: c.number,
        isActive: fromFlag(c.is_active),
        serviceIds: pairs.filter((p) => p.counter_id === c.id).map((p) => p.service_id),
      })),
    };
  }

  async function get(actor: Actor, branchId: string): Promise<ServiceMapping> {
    const tenantId = adminTenant(actor, branchId);
    return uow.read(async (db) => {
      if (!(await findBranch(db, tenantId, branchId))) throw new AppError('NOT_FOUND');
      return read(db, tenantId, branchId);
    });
  }

  /**
   * Saves the matrix: the services offered (one of another tenant is a field error), and each
   * listed counter's services (a counter of another branch is a field error); counters not listed
   * keep what they serve among the services still offered.
   */
  async function save(actor: Actor, branchId: string, body: ServiceMappingInput): Promise<ServiceMapping> {
    const tenantId = adminTenant(actor, branchId);
    return uow.transaction(async (trx, tx) => {
      const now = clock.now();
      if (!(await lockBranch(trx, uow.kind, tenantId, branchId))) throw new AppError('NOT_FOUND');
      const before = await read(trx, tenantId, branchId);
      const serviceIds = new Set(before.services.map((s) => s.id));
      const offered = [...new Set(body.offeredServiceIds)];
      if (offered.some((id) => !serviceIds.has(id))) {
        throw new AppError('VALIDATION_FAILED', { fields: { offeredServiceIds: 'v.enum' } });
      }
      const counterIds = new Set(before.counters.map((c) => c.id));
      const listed = new Map<string, string[]>();
      for (const [index, counter] of body.counters.entries()) {
        if (!counterIds.has(counter.counterId) || listed.has(counter.counterId)) {
          throw new AppError('VALIDATION_FAILED', { fields: { [`counters.${index}.counterId`]: 'v.enum' } });
        }
        listed.set(counter.counterId, [...new Set(counter.serviceIds)]);
      }
      const stillOffered = new Set(offered);
      const pairs = before.counters.flatMap((c) =>
        (listed.get(c.id) ?? c.serviceIds.filter((id) => stillOffered.has(id))).map((serviceId) => ({
          counterId: c.id,
          serviceId,
        })),
      );
      const ids = () => newId(now);
      await repo.setOffered(trx, { tenantId, branchId }, offered, ids, now);
      await repo.replaceMapping(trx, { tenantId, branchId }, pairs, ids, now);
      const after = await read(trx, tenantId, branchId);
      if (JSON.stringify(after) === JSON.stringify(before)) return before;
      await audit.record(trx, actor, {
        action: 'branch.serviceMapping.update',
        entityType: 'branch',
        entityId: branchId,
        tenantId,
        branchId,
        before: mappingOf(before),
        after: mappingOf(after),
      });
      await announceCatalogChange(trx, tx, bus, { tenantId, branchIds: [branchId], serviceId: null });
      return after;
    });
  }

  return { get, save };
}

/** What the audit keeps of a mapping: the ids offered and served, not the names shown. */
function mappingOf(mapping: ServiceMapping) {
  return {
    offeredServiceIds: mapping.services.filter((s) => s.offered).map((s) => s.id),
    counters: mapping.counters.map((c) => ({ counterId: c.id, serviceIds: c.serviceIds })),
  };
}

export type ServiceMappingService = ReturnType<typeof createServiceMappingService>;
