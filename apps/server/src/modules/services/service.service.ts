import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import { localDate } from '@antrean/shared/common/time';
import type {
  CreateServiceBody,
  ServiceList,
  ServiceListQuery,
  UpdateServiceBody,
} from '@antrean/shared/contracts/services.contract';
import type { Service, SubServiceInput } from '@antrean/shared/domain/service';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../lib/uow';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { LiveBus } from '../../live/bus';
import type { Audit } from '../audit/audit.service';
import { announceCatalogChange } from './catalog-events';
import { toService, toServiceValues } from './service.mapper';
import * as repo from './service.repository';

const ENTITY = 'service';

/**
 * Service administration (the tenant's catalogue), on the counters pattern: the actor first (an
 * admin of the tenant, or a superadmin acting in it), the tenant from the actor (another
 * tenant's id is NOT_FOUND), one transaction per change with its audit entry.
 */
export function createServiceAdminService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function list(actor: Actor, query: ServiceListQuery): Promise<ServiceList> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => {
      const page = await repo.listServicePage(db, tenantId, query);
      const subs = await repo.subServicesOf(
        db,
        tenantId,
        page.rows.map((r) => r.id),
      );
      return {
        items: page.rows.map((row) => toService(row, subs)),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  async function loadService(db: Db, tenantId: string, id: string): Promise<Service> {
    const row = await repo.findService(db, tenantId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toService(row, await repo.subServicesOf(db, tenantId, [id]));
  }

  async function get(actor: Actor, serviceId: string): Promise<Service> {
    const tenantId = adminTenant(actor);
    return uow.read((db) => loadService(db, tenantId, serviceId));
  }

  async function checkCode(trx: Transaction<DB>, tenantId: string, code: string, exceptId: string | null) {
    if (await repo.codeTaken(trx, tenantId, code, exceptId)) {
      throw new AppError('SERVICE_CODE_TAKEN', { fields: { code: 'SERVICE_CODE_TAKEN' } });
    }
  }

  /**
   * The service's sub services become exactly `wanted`, in that order: an entry with the id of
   * one of them edits it, one without an id is added; a sub service left out is deleted, or
   * deactivated when a ticket names it (the history keeps its name readable).
   */
  async function syncSubServices(
    trx: Transaction<DB>,
    tenantId: string,
    serviceId: string,
    current: Service['subServices'],
    wanted: readonly SubServiceInput[],
    now: number,
  ): Promise<void> {
    const currentIds = new Set(current.map((s) => s.id));
    for (const [index, sub] of wanted.entries()) {
      if (sub.id !== undefined && !currentIds.has(sub.id)) {
        throw new AppError('VALIDATION_FAILED', { fields: { [`subServices.${index}.id`]: 'v.enum' } });
      }
    }
    const keptIds = new Set(wanted.flatMap((s) => (s.id ? [s.id] : [])));
    const dropped = current.filter((s) => !keptIds.has(s.id)).map((s) => s.id);
    const withTickets = await repo.subServicesWithTickets(trx, tenantId, dropped);
    await repo.deleteSubServices(
      trx,
      tenantId,
      dropped.filter((id) => !withTickets.has(id)),
    );
    // Renames go through a temporary name first, so swapping two names never trips the unique key.
    const renamed = wanted.filter((s) => s.id !== undefined);
    for (const sub of renamed) {
      if (sub.id) await repo.updateSubService(trx, tenantId, sub.id, { name: `~${sub.id}`, updated_at: now });
    }
    // A dropped sub service with tickets stays (inactive, last): its name is still taken.
    let order = wanted.length;
    for (const old of current.filter((s) => withTickets.has(s.id))) {
      const index = wanted.findIndex((s) => s.name.toLowerCase() === old.name.toLowerCase());
      if (index >= 0) {
        throw new AppError('SUB_SERVICE_EXISTS', {
          fields: { [`subServices.${index}.name`]: 'SUB_SERVICE_EXISTS' },
        });
      }
      order += 1;
      await repo.updateSubService(trx, tenantId, old.id, {
        is_active: 0,
        sort_order: order,
        updated_at: now,
      });
    }
    for (const [index, sub] of wanted.entries()) {
      const values = {
        name: sub.name,
        is_active: sub.isActive ? 1 : 0,
        sort_order: index + 1,
        updated_at: now,
      };
      if (sub.id) {
        await repo.updateSubService(trx, tenantId, sub.id, values);
      } else {
        await repo.insertSubService(trx, {
          id: newId(now),
          tenant_id: tenantId,
          service_id: serviceId,
          created_at: now,
          ...values,
        });
      }
    }
  }

  async function create(actor: Actor, body: CreateServiceBody): Promise<Service> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const now = clock.now();
      await checkCode(trx, tenantId, body.code, null);
      const id = newId(now);
      await repo.insertService(trx, {
        id,
        tenant_id: tenantId,
        created_at: now,
        requires_validation: 0,
        ...toServiceValues(body, now),
      });
      await syncSubServices(trx, tenantId, id, [], body.subServices, now);
      const created = await loadService(trx, tenantId, id);
      await audit.record(trx, actor, {
        action: 'service.create',
        entityType: ENTITY,
        entityId: id,
        tenantId,
        before: null,
        after: created,
      });
      return created;
    });
  }

  async function update(actor: Actor, serviceId: string, body: UpdateServiceBody): Promise<Service> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx, tx) => {
      const now = clock.now();
      const before = await loadService(trx, tenantId, serviceId);
      if (body.code !== undefined && body.code !== before.code) {
        await checkCode(trx, tenantId, body.code, serviceId);
      }
      const { subServices, ...fields } = body;
      const merged = { ...before, ...fields };
      await repo.updateService(trx, tenantId, serviceId, toServiceValues(merged, now));
      if (subServices) {
        await syncSubServices(trx, tenantId, serviceId, before.subServices, subServices, now);
      }
      const after = await loadService(trx, tenantId, serviceId);
      if (JSON.stringify(after) === JSON.stringify(before)) return before;
      const action =
        after.isActive === before.isActive
          ? 'service.update'
          : after.isActive
            ? 'service.activate'
            : 'service.deactivate';
      await audit.record(trx, actor, {
        action,
        entityType: ENTITY,
        entityId: serviceId,
        tenantId,
        before,
        after,
      });
      // Kiosks, displays and staff screens of the branches offering it reload their services.
      const branchIds = await repo.branchesOffering(trx, tenantId, serviceId);
      await announceCatalogChange(trx, tx, bus, { tenantId, branchIds, serviceId });
      return after;
    });
  }

  /**
   * Deletes a service nobody has taken a ticket for. Tickets name their service (reports, the
   * audit trail): one with tickets today is refused with SERVICE_HAS_TICKETS_TODAY, one with older
   * tickets with SERVICE_HAS_HISTORY; the admin deactivates it instead.
   */
  async function remove(actor: Actor, serviceId: string): Promise<void> {
    const tenantId = adminTenant(actor);
    await uow.transaction(async (trx, tx) => {
      const before = await loadService(trx, tenantId, serviceId);
      const days = await repo.ticketDaysByBranch(trx, tenantId, serviceId);
      const now = clock.now();
      if (days.some((d) => d.last_day >= localDate(now, d.time_zone))) {
        throw new AppError('SERVICE_HAS_TICKETS_TODAY');
      }
      if (days.length > 0) throw new AppError('SERVICE_HAS_HISTORY');
      const branchIds = await repo.branchesOffering(trx, tenantId, serviceId);
      await announceCatalogChange(trx, tx, bus, { tenantId, branchIds, serviceId });
      await repo.deleteService(trx, tenantId, serviceId);
      await audit.record(trx, actor, {
        action: 'service.delete',
        entityType: ENTITY,
        entityId: serviceId,
        tenantId,
        before,
        after: null,
      });
    });
  }

  return { list, get, create, update, remove };
}

export type ServiceAdminService = ReturnType<typeof createServiceAdminService>;
