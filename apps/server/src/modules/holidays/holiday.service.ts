import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type {
  HolidayList,
  HolidayListQuery,
  NationalHolidaysBody,
  NationalHolidaysResult,
  UpdateHolidayBody,
} from '@antrean/shared/contracts/holidays.contract';
import type { Holiday } from '@antrean/shared/domain/holiday';
import { NATIONAL_HOLIDAYS } from '@antrean/shared/domain/national-holidays';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import type { Audit } from '../audit/audit.service';
import { findBranch } from '../branches/branch.repository';
import * as repo from './holiday.repository';

const ENTITY = 'holiday';

const toHoliday = (row: repo.HolidayRow): Holiday => ({
  id: row.id,
  branchId: row.branch_id,
  date: row.date,
  name: row.name,
});

/**
 * Holidays of the tenant or of one branch. The kiosk and web channels read them
 * (`devices/availability.ts`): on a holiday a branch's services take no ticket.
 */
export function createHolidayService(deps: ServiceDeps, audit: Audit) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  /** A branch named by the request must be the tenant's (another tenant's is NOT_FOUND). */
  async function checkBranch(db: Db, tenantId: string, branchId: string | null | undefined): Promise<void> {
    if (branchId && !(await findBranch(db, tenantId, branchId))) throw new AppError('NOT_FOUND');
  }

  async function checkFree(
    db: Db,
    tenantId: string,
    scope: string | null,
    date: string,
    exceptId: string | null,
  ) {
    if ((await repo.takenDates(db, tenantId, scope, [date], exceptId)).size > 0) {
      throw new AppError('HOLIDAY_DATE_TAKEN', { fields: { date: 'HOLIDAY_DATE_TAKEN' } });
    }
  }

  async function list(actor: Actor, query: HolidayListQuery): Promise<HolidayList> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => {
      await checkBranch(db, tenantId, query.branchId);
      const page = await repo.listHolidayPage(db, tenantId, query);
      return {
        items: page.rows.map(toHoliday),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  async function create(
    actor: Actor,
    body: { date: string; name: string; branchId: string | null },
  ): Promise<Holiday> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      await checkBranch(trx, tenantId, body.branchId);
      await checkFree(trx, tenantId, body.branchId, body.date, null);
      const now = clock.now();
      const row: repo.HolidayRow = {
        id: newId(now),
        tenant_id: tenantId,
        branch_id: body.branchId,
        date: body.date,
        name: body.name,
        created_at: now,
        updated_at: now,
      };
      await repo.insertHolidays(trx, [row]);
      const created = toHoliday(row);
      await audit.record(trx, actor, {
        action: 'holiday.create',
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

  async function update(actor: Actor, holidayId: string, body: UpdateHolidayBody): Promise<Holiday> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      const row = await repo.findHoliday(trx, tenantId, holidayId);
      if (!row) throw new AppError('NOT_FOUND');
      const before = toHoliday(row);
      const after: Holiday = {
        ...before,
        date: body.date ?? before.date,
        name: body.name ?? before.name,
        branchId: body.branchId === undefined ? before.branchId : body.branchId,
      };
      await checkBranch(trx, tenantId, after.branchId);
      if (JSON.stringify(after) === JSON.stringify(before)) return before;
      await checkFree(trx, tenantId, after.branchId, after.date, holidayId);
      await repo.updateHoliday(trx, tenantId, holidayId, {
        date: after.date,
        name: after.name,
        branch_id: after.branchId,
        updated_at: clock.now(),
      });
      await audit.record(trx, actor, {
        action: 'holiday.update',
        entityType: ENTITY,
        entityId: holidayId,
        tenantId,
        branchId: after.branchId,
        before,
        after,
      });
      return after;
    });
  }

  async function remove(actor: Actor, holidayId: string): Promise<void> {
    const tenantId = adminTenant(actor);
    await uow.transaction(async (trx) => {
      const row = await repo.findHoliday(trx, tenantId, holidayId);
      if (!row) throw new AppError('NOT_FOUND');
      await repo.deleteHoliday(trx, tenantId, holidayId);
      await audit.record(trx, actor, {
        action: 'holiday.delete',
        entityType: ENTITY,
        entityId: holidayId,
        tenantId,
        branchId: row.branch_id,
        before: toHoliday(row),
        after: null,
      });
    });
  }

  /** Adds the year's national holidays to the scope, skipping dates already holidays there. */
  async function loadNational(actor: Actor, body: NationalHolidaysBody): Promise<NationalHolidaysResult> {
    const tenantId = adminTenant(actor);
    const year = NATIONAL_HOLIDAYS.find((y) => y.year === body.year);
    if (!year) throw new AppError('NOT_FOUND');
    return uow.transaction(async (trx) => {
      await checkBranch(trx, tenantId, body.branchId);
      const taken = await repo.takenDates(
        trx,
        tenantId,
        body.branchId,
        year.days.map((d) => d.date),
      );
      const now = clock.now();
      const seen = new Set(taken);
      const rows: repo.HolidayRow[] = [];
      for (const day of year.days) {
        if (seen.has(day.date)) continue;
        seen.add(day.date);
        rows.push({
          id: newId(now),
          tenant_id: tenantId,
          branch_id: body.branchId,
          date: day.date,
          name: day.name,
          created_at: now,
          updated_at: now,
        });
      }
      await repo.insertHolidays(trx, rows);
      if (rows.length > 0) {
        await audit.record(trx, actor, {
          action: 'holiday.load-national',
          entityType: ENTITY,
          entityId: `national-${body.year}`,
          tenantId,
          branchId: body.branchId,
          before: null,
          after: { year: body.year, estimate: year.estimate, added: rows.map(toHoliday) },
        });
      }
      return { added: rows.length, skipped: year.days.length - rows.length, estimate: year.estimate };
    });
  }

  return { list, create, update, remove, loadNational };
}

export type HolidayService = ReturnType<typeof createHolidayService>;
