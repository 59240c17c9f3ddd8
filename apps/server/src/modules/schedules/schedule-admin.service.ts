import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type { ScheduleList } from '@antrean/shared/contracts/schedules.contract';
import { overlappingRows, type Schedule, type ScheduleRow } from '@antrean/shared/domain/branch-schedule';
import { SCHEDULE_INTERVALS } from '@antrean/shared/domain/schedule';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Audit } from '../audit/audit.service';
import { findBranch } from '../branches/branch.repository';
import { lockBranchRow } from '../branches/branch-admin.repository';
import * as repo from './schedule-admin.repository';

const ENTITY = 'schedule';

function toSchedule(row: repo.ScheduleDbRow): Schedule {
  return {
    id: row.id,
    serviceId: row.service_id,
    dayOfWeek: row.day_of_week,
    shift: row.shift,
    startTime: row.start_time,
    endTime: row.end_time,
    hourlyLimit: row.hourly_limit,
    interval: SCHEDULE_INTERVALS.find((i) => i === row.interval) ?? 'hour',
  };
}

/**
 * Schedule administration of a branch's services. The kiosk and web channels read the same rows
 * (`devices/availability.ts`), so a save takes effect at the next ticket. A service's rows are
 * saved together, so a week is always consistent (no overlapping rows on one day).
 */
export function createScheduleAdminService(deps: ServiceDeps, audit: Audit) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function list(actor: Actor, branchId: string): Promise<ScheduleList> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => {
      if (!(await findBranch(db, tenantId, branchId))) throw new AppError('NOT_FOUND');
      return { items: (await repo.listBranchSchedules(db, tenantId, branchId)).map(toSchedule) };
    });
  }

  /** The branch (locked while its schedules change) and an offered service, or NOT_FOUND. */
  async function scope(trx: Transaction<DB>, tenantId: string, branchId: string, serviceId: string) {
    if (!(await lockBranchRow(trx, uow.kind, tenantId, branchId))) throw new AppError('NOT_FOUND');
    if (!(await repo.isOffered(trx, tenantId, branchId, serviceId))) throw new AppError('NOT_FOUND');
    return { tenantId, branchId, serviceId };
  }

  async function replace(
    actor: Actor,
    branchId: string,
    serviceId: string,
    rows: readonly ScheduleRow[],
  ): Promise<ScheduleList> {
    const tenantId = adminTenant(actor);
    const overlaps = overlappingRows(rows);
    if (overlaps.length > 0) {
      throw new AppError('SCHEDULE_OVERLAP', {
        fields: Object.fromEntries(overlaps.map((i) => [`rows.${i}.startTime`, 'SCHEDULE_OVERLAP'])),
      });
    }
    return uow.transaction(async (trx) => {
      const where = await scope(trx, tenantId, branchId, serviceId);
      const before = (await repo.listServiceSchedules(trx, tenantId, branchId, serviceId)).map(toSchedule);
      const now = clock.now();
      const next: repo.ScheduleDbRow[] = rows.map((row) => ({
        id: newId(now),
        tenant_id: tenantId,
        branch_id: branchId,
        service_id: serviceId,
        day_of_week: row.dayOfWeek,
        shift: row.shift,
        start_time: row.startTime,
        end_time: row.endTime,
        hourly_limit: row.hourlyLimit,
        interval: row.interval,
        created_at: now,
        updated_at: now,
      }));
      await repo.replaceServiceSchedules(trx, where, next);
      const after = (await repo.listServiceSchedules(trx, tenantId, branchId, serviceId)).map(toSchedule);
      await audit.record(trx, actor, {
        action: 'schedule.replace',
        entityType: ENTITY,
        entityId: serviceId,
        tenantId,
        branchId,
        before,
        after,
      });
      return { items: after };
    });
  }

  /** The interval and hourly limit of every row of the service ("Interval Limit Successfully Updated"). */
  async function setInterval(
    actor: Actor,
    branchId: string,
    serviceId: string,
    values: { interval: ScheduleRow['interval']; hourlyLimit: number },
  ): Promise<ScheduleList> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const where = await scope(trx, tenantId, branchId, serviceId);
      const before = (await repo.listServiceSchedules(trx, tenantId, branchId, serviceId)).map(toSchedule);
      await repo.setServiceInterval(trx, where, { ...values, now: clock.now() });
      const after = (await repo.listServiceSchedules(trx, tenantId, branchId, serviceId)).map(toSchedule);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        await audit.record(trx, actor, {
          action: 'schedule.interval',
          entityType: ENTITY,
          entityId: serviceId,
          tenantId,
          branchId,
          before,
          after,
        });
      }
      return { items: after };
    });
  }

  return { list, replace, setInterval };
}

export type ScheduleAdminService = ReturnType<typeof createScheduleAdminService>;
