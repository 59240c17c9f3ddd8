import { localDate } from '@antrean/shared/common/time';
import { newId } from '@antrean/shared/common/ids';
import { canSeeBranch } from '@antrean/shared/auth/permissions';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import type { Monitor, Station } from '@antrean/shared/contracts/monitor.contract';
import type { Actor } from '../../lib/actor';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, requireTenantStaff, tenantOf } from '../../lib/policy';
import { unitOfWork } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import { toBranchSummary } from '../branches/branch.mapper';
import { toTicket } from '../tickets/ticket.mapper';

/** A device counts as online when it sent a heartbeat within this window. */
export const ONLINE_WINDOW_MS = 90_000;

export function createMonitorService(deps: Deps, bus: LiveBus) {
  const { db } = deps.database;

  async function branchByCode(actor: Actor, code: string): Promise<BranchSummary> {
    const staff = requireTenantStaff(actor);
    const row = await db
      .selectFrom('branches')
      .selectAll()
      .where('tenant_id', '=', staff.tenantId)
      .where('code', '=', code.trim().toUpperCase())
      .executeTakeFirst();
    if (!row || !canSeeBranch(staff, row.id)) throw new AppError('NOT_FOUND');
    return toBranchSummary(row);
  }

  /** The supervisor's live table of a branch (recomputed on every branch event by the screen). */
  async function monitor(actor: Actor, branchId: string): Promise<Monitor> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    const branch = await db.selectFrom('branches').selectAll().where('tenant_id', '=', tenantId).where('id', '=', branchId).executeTakeFirst();
    if (!branch) throw new AppError('NOT_FOUND');
    const now = deps.clock.now();
    const day = localDate(now, branch.time_zone);
    const [counters, mapping, services, active, counts, sessions, displays, kiosks] = await Promise.all([
      db.selectFrom('counters').selectAll().where('tenant_id', '=', tenantId).where('branch_id', '=', branchId).orderBy('number').execute(),
      db.selectFrom('counter_services').select(['counter_id', 'service_id']).where('tenant_id', '=', tenantId).where('branch_id', '=', branchId).execute(),
      db
        .selectFrom('services')
        .innerJoin('branch_services', 'branch_services.service_id', 'services.id')
        .select(['services.id', 'services.code', 'services.name', 'services.sla_seconds'])
        .where('branch_services.tenant_id', '=', tenantId)
        .where('branch_services.branch_id', '=', branchId)
        .orderBy('services.sort_order')
        .execute(),
      db
        .selectFrom('tickets')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('branch_id', '=', branchId)
        .where('service_day', '=', day)
        .where('status', 'in', ['calling', 'called', 'serving'])
        .execute(),
      db
        .selectFrom('tickets')
        .select(['service_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', tenantId)
        .where('branch_id', '=', branchId)
        .where('service_day', '=', day)
        .groupBy(['service_id', 'status'])
        .execute(),
      db
        .selectFrom('counter_sessions')
        .innerJoin('users', 'users.id', 'counter_sessions.user_id')
        .select(['counter_sessions.counter_id', 'counter_sessions.started_at', 'users.id as user_id', 'users.full_name'])
        .where('counter_sessions.tenant_id', '=', tenantId)
        .where('counter_sessions.branch_id', '=', branchId)
        .where('counter_sessions.ended_at', 'is', null)
        .execute(),
      db.selectFrom('displays').select(['id', 'name', 'code', 'last_seen_at']).where('tenant_id', '=', tenantId).where('branch_id', '=', branchId).execute(),
      db.selectFrom('kiosks').select(['id', 'name', 'code', 'last_seen_at']).where('tenant_id', '=', tenantId).where('branch_id', '=', branchId).execute(),
    ]);
    const count = (serviceId: string, status: string) => Number(counts.find((c) => c.service_id === serviceId && c.status === status)?.n ?? 0);
    const device = (kind: 'display' | 'kiosk') => (d: { id: string; name: string; code: string; last_seen_at: number | null }) => ({
      kind,
      id: d.id,
      name: d.name,
      code: d.code,
      lastSeenAt: d.last_seen_at,
      online: d.last_seen_at !== null && now - d.last_seen_at <= ONLINE_WINDOW_MS,
    });
    return {
      branch: toBranchSummary(branch),
      serviceDay: day,
      now,
      counters: counters.map((c) => {
        const ticket = active.find((t) => t.counter_id === c.id);
        const session = sessions.find((s) => s.counter_id === c.id);
        const sla = ticket ? (services.find((s) => s.id === ticket.service_id)?.sla_seconds ?? null) : null;
        const since = ticket ? (ticket.serving_started_at ?? ticket.called_at) : null;
        const elapsed = since === null ? null : Math.max(0, Math.round((now - since) / 1000));
        return {
          id: c.id,
          name: c.name,
          number: c.number,
          serviceIds: mapping.filter((m) => m.counter_id === c.id).map((m) => m.service_id),
          caller: session ? { id: session.user_id, fullName: session.full_name, since: session.started_at } : null,
          current: ticket ? toTicket(ticket) : null,
          elapsedSeconds: elapsed,
          slaSeconds: sla,
          slaBreached: ticket?.status === 'serving' && elapsed !== null && sla !== null && elapsed > sla,
        };
      }),
      services: services.map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name,
        slaSeconds: s.sla_seconds,
        waiting: count(s.id, 'waiting'),
        held: count(s.id, 'held'),
        skipped: count(s.id, 'skipped'),
        finished: count(s.id, 'finished'),
      })),
      devices: [...displays.map(device('display')), ...kiosks.map(device('kiosk'))],
    };
  }

  /** A caller takes a counter for some of its services (ends their other stations and a previous caller's). */
  async function openStation(actor: Actor, counterId: string, serviceIds: string[]): Promise<Station> {
    const staff = requireTenantStaff(actor);
    const now = deps.clock.now();
    const station = await unitOfWork(deps.database).transaction(async (trx, tx) => {
      const counter = await trx.selectFrom('counters').selectAll().where('tenant_id', '=', staff.tenantId).where('id', '=', counterId).executeTakeFirst();
      if (!counter) throw new AppError('NOT_FOUND');
      assertBranchAccess(staff, counter.branch_id);
      if (counter.is_active !== 1) throw new AppError('COUNTER_INACTIVE');
      const served = (
        await trx.selectFrom('counter_services').select('service_id').where('tenant_id', '=', staff.tenantId).where('counter_id', '=', counterId).execute()
      ).map((r) => r.service_id);
      const unique = [...new Set(serviceIds)];
      if (unique.some((id) => !served.includes(id))) throw new AppError('VALIDATION_FAILED', { fields: { serviceIds: 'v.enum' } });
      await trx
        .updateTable('counter_sessions')
        .set({ ended_at: now })
        .where('tenant_id', '=', staff.tenantId)
        .where('ended_at', 'is', null)
        .where((eb) => eb.or([eb('counter_id', '=', counterId), eb('user_id', '=', staff.userId)]))
        .execute();
      await trx
        .insertInto('counter_sessions')
        .values({
          id: newId(now),
          tenant_id: staff.tenantId,
          branch_id: counter.branch_id,
          counter_id: counterId,
          user_id: staff.userId,
          service_ids_json: JSON.stringify(unique),
          started_at: now,
          last_seen_at: now,
          ended_at: null,
        })
        .execute();
      const result: Station = { counterId, userId: staff.userId, serviceIds: unique, startedAt: now };
      tx.afterCommit(() =>
        bus.publish({ kind: 'branch', branchId: counter.branch_id, type: 'counter.updated', staff: { station: result }, public: { counterId }, counterId }),
      );
      return result;
    });
    return station;
  }

  async function closeStation(actor: Actor, counterId: string): Promise<void> {
    const staff = requireTenantStaff(actor);
    const now = deps.clock.now();
    await unitOfWork(deps.database).transaction(async (trx, tx) => {
      const counter = await trx.selectFrom('counters').select(['id', 'branch_id']).where('tenant_id', '=', staff.tenantId).where('id', '=', counterId).executeTakeFirst();
      if (!counter) throw new AppError('NOT_FOUND');
      assertBranchAccess(staff, counter.branch_id);
      await trx
        .updateTable('counter_sessions')
        .set({ ended_at: now })
        .where('tenant_id', '=', staff.tenantId)
        .where('counter_id', '=', counterId)
        .where('user_id', '=', staff.userId)
        .where('ended_at', 'is', null)
        .execute();
      tx.afterCommit(() =>
        bus.publish({ kind: 'branch', branchId: counter.branch_id, type: 'counter.updated', staff: { station: null, counterId }, public: { counterId }, counterId }),
      );
    });
  }

  return { branchByCode, monitor, openStation, closeStation };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
