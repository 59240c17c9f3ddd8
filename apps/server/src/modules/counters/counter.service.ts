import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type {
  CounterList,
  CounterListQuery,
  CreateCounterBody,
  UpdateCounterBody,
} from '@antrean/shared/contracts/counters.contract';
import type { Counter } from '@antrean/shared/domain/counter';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../lib/uow';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Audit } from '../audit/audit.service';
import { toCounter } from '../catalog/catalog.mapper';
import * as repo from './counter.repository';

const ENTITY = 'counter';

/**
 * Counter administration, the pattern every admin page follows: the actor first (an admin of
 * the tenant, or a superadmin acting in it), the tenant from the actor (another tenant's id is
 * NOT_FOUND), one transaction per change with its audit entry, field-level errors for clashes.
 */
export function createCounterService(deps: ServiceDeps, audit: Audit) {
  const { uow, clock } = deps;

  /** The policy: who may administer counters, and in which tenant. */
  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function list(actor: Actor, query: CounterListQuery): Promise<CounterList> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => {
      const max = await repo.findBranchLimit(db, tenantId, query.branchId);
      if (max === undefined) throw new AppError('NOT_FOUND');
      const [page, active] = await Promise.all([
        repo.listCounterPage(db, tenantId, query),
        repo.countActive(db, tenantId, query.branchId),
      ]);
      const services = await repo.servicesOf(
        db,
        tenantId,
        page.rows.map((r) => r.id),
      );
      return {
        items: page.rows.map((row) => toCounter(row, services.get(row.id) ?? [])),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        limit: { active, max },
      };
    });
  }

  async function loadCounter(db: Db, tenantId: string, id: string): Promise<Counter> {
    const row = await repo.findCounter(db, tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    const services = await repo.servicesOf(db, tenantId, [id]);
    return toCounter(row, services.get(id) ?? []);
  }

  async function get(actor: Actor, counterId: string): Promise<Counter> {
    const tenantId = adminTenant(actor);
    return uow.read((db) => loadCounter(db, tenantId, counterId));
  }

  /** Every service must be one the branch offers; unknown or foreign ids are a field error. */
  async function checkServices(
    trx: Transaction<DB>,
    tenantId: string,
    branchId: string,
    serviceIds: readonly string[],
  ): Promise<string[]> {
    const unique = [...new Set(serviceIds)];
    const offered = await repo.offeredServiceIds(trx, tenantId, branchId, unique);
    if (offered.length !== unique.length) {
      throw new AppError('VALIDATION_FAILED', { fields: { serviceIds: 'v.enum' } });
    }
    return unique;
  }

  async function checkClash(
    trx: Transaction<DB>,
    tenantId: string,
    branchId: string,
    values: { name?: string; number?: number },
    exceptId: string | null,
  ): Promise<void> {
    const clash = await repo.findClash(trx, tenantId, branchId, values, exceptId);
    if (clash.name) throw new AppError('COUNTER_NAME_TAKEN', { fields: { name: 'COUNTER_NAME_TAKEN' } });
    if (clash.number) {
      throw new AppError('COUNTER_NUMBER_TAKEN', { fields: { number: 'COUNTER_NUMBER_TAKEN' } });
    }
  }

  /** The branch may have one more active counter (its row is locked on PostgreSQL meanwhile). */
  async function checkLimit(trx: Transaction<DB>, tenantId: string, branchId: string): Promise<void> {
    const branch = await repo.lockBranch(trx, uow.kind, tenantId, branchId);
    if (!branch) throw new AppError('NOT_FOUND');
    const active = await repo.countActive(trx, tenantId, branchId);
    if (active >= branch.counter_limit) {
      throw new AppError('COUNTER_LIMIT_REACHED', { limit: branch.counter_limit, active });
    }
  }

  async function create(actor: Actor, body: CreateCounterBody): Promise<Counter> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const now = clock.now();
      if (!(await repo.lockBranch(trx, uow.kind, tenantId, body.branchId))) throw new AppError('NOT_FOUND');
      const serviceIds = await checkServices(trx, tenantId, body.branchId, body.serviceIds);
      await checkClash(trx, tenantId, body.branchId, { name: body.name, number: body.number }, null);
      if (body.isActive) await checkLimit(trx, tenantId, body.branchId);
      const row: repo.CounterRow = {
        id: newId(now),
        tenant_id: tenantId,
        branch_id: body.branchId,
        name: body.name,
        number: body.number,
        is_active: body.isActive ? 1 : 0,
        created_at: now,
        updated_at: now,
      };
      await repo.insertCounter(trx, row);
      const scope = { tenantId, branchId: body.branchId, counterId: row.id };
      await repo.replaceServices(trx, scope, serviceIds, () => newId(now), now);
      const created = toCounter(row, serviceIds);
      await audit.record(trx, actor, {
        action: 'counter.create',
        entityType: ENTITY,
        entityId: row.id,
        tenantId,
        branchId: row.branch_id,
        before: null,
        after: created,
      });
      return created;
    });
  }

  async function update(actor: Actor, counterId: string, body: UpdateCounterBody): Promise<Counter> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const now = clock.now();
      const before = await loadCounter(trx, tenantId, counterId);
      const { branchId } = before;
      const serviceIds = body.serviceIds
        ? await checkServices(trx, tenantId, branchId, body.serviceIds)
        : before.serviceIds;
      await checkClash(trx, tenantId, branchId, { name: body.name, number: body.number }, counterId);
      const isActive = body.isActive ?? before.isActive;
      if (isActive && !before.isActive) await checkLimit(trx, tenantId, branchId);
      const after: Counter = {
        ...before,
        name: body.name ?? before.name,
        number: body.number ?? before.number,
        isActive,
        serviceIds,
      };
      if (JSON.stringify(after) === JSON.stringify(before)) return before;
      await repo.updateCounter(trx, tenantId, counterId, {
        name: after.name,
        number: after.number,
        is_active: isActive ? 1 : 0,
        updated_at: now,
      });
      if (body.serviceIds) {
        await repo.replaceServices(trx, { tenantId, branchId, counterId }, serviceIds, () => newId(now), now);
      }
      const action =
        isActive === before.isActive
          ? 'counter.update'
          : isActive
            ? 'counter.activate'
            : 'counter.deactivate';
      await audit.record(trx, actor, {
        action,
        entityType: ENTITY,
        entityId: counterId,
        tenantId,
        branchId,
        before,
        after,
      });
      return after;
    });
  }

  /**
   * Deletes a counter nobody has worked at. A counter with queue history (tickets, their
   * events, caller sessions) is kept for the reports: COUNTER_HAS_HISTORY, deactivate it instead.
   */
  async function remove(actor: Actor, counterId: string): Promise<void> {
    const tenantId = adminTenant(actor);
    await uow.transaction(async (trx) => {
      const before = await loadCounter(trx, tenantId, counterId);
      if (await repo.hasHistory(trx, tenantId, counterId)) throw new AppError('COUNTER_HAS_HISTORY');
      await repo.deleteCounter(trx, tenantId, counterId);
      await audit.record(trx, actor, {
        action: 'counter.delete',
        entityType: ENTITY,
        entityId: counterId,
        tenantId,
        branchId: before.branchId,
        before,
        after: null,
      });
    });
  }

  return { list, get, create, update, remove };
}

export type CounterService = ReturnType<typeof createCounterService>;
