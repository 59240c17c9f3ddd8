import { localDate } from '@antrean/shared/common/time';
import { canSeeBranch } from '@antrean/shared/auth/permissions';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import type { Monitor, Station } from '@antrean/shared/contracts/monitor.contract';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, requireTenantStaff, tenantOf } from '../../lib/policy';
import type { LiveBus } from '../../live/bus';
import { toBranchSummary } from '../branches/branch.mapper';
import { toTicket } from '../tickets/ticket.mapper';
import { counterServiceIds, findCounter } from '../tickets/ticket-lookup.repository';
import { countByStatus } from '../tickets/ticket-queue.repository';
import { findBranch } from '../branches/branch.repository';
import { readBranchBoard } from '../branches/branch-board.repository';
import * as repo from './monitor.repository';

/** A device counts as online when it sent a heartbeat within this window. */
export const ONLINE_WINDOW_MS = 90_000;

export function createMonitorService(deps: ServiceDeps, bus: LiveBus) {
  const { uow } = deps;

  async function branchByCode(actor: Actor, code: string): Promise<BranchSummary> {
    const staff = requireTenantStaff(actor);
    const row = await uow.read((db) => repo.findBranchByCode(db, staff.tenantId, code.trim().toUpperCase()));
    if (!row || !canSeeBranch(staff, row.id)) throw new AppError('NOT_FOUND');
    return toBranchSummary(row);
  }

  /** The supervisor's live table of a branch (recomputed on every branch event by the screen). */
  async function monitor(actor: Actor, branchId: string): Promise<Monitor> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    const now = deps.clock.now();
    const read = await uow.read(async (db) => {
      const branch = await findBranch(db, tenantId, branchId);
      if (!branch) return undefined;
      const day = localDate(now, branch.time_zone);
      const [board, counts, sessions, devices] = await Promise.all([
        readBranchBoard(db, tenantId, branchId, day),
        countByStatus(db, tenantId, branchId, day),
        repo.listOpenStations(db, tenantId, branchId),
        repo.listBranchDevices(db, tenantId, branchId),
      ]);
      return { branch, day, board, counts, sessions, devices };
    });
    if (!read) throw new AppError('NOT_FOUND');
    const { branch, day, board, counts, sessions, devices } = read;
    const { services } = board;
    const count = (serviceId: string, status: string) =>
      counts.find((c) => c.service_id === serviceId && c.status === status)?.n ?? 0;
    const device =
      (kind: 'display' | 'kiosk') =>
      (d: { id: string; name: string; code: string; last_seen_at: number | null }) => ({
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
      counters: board.counters.map((c) => {
        const ticket = board.atCounters.find((t) => t.counter_id === c.id);
        const session = sessions.find((s) => s.counter_id === c.id);
        const sla = ticket ? (services.find((s) => s.id === ticket.service_id)?.sla_seconds ?? null) : null;
        const since = ticket ? (ticket.serving_started_at ?? ticket.called_at) : null;
        const elapsed = since === null ? null : Math.max(0, Math.round((now - since) / 1000));
        return {
          id: c.id,
          name: c.name,
          number: c.number,
          serviceIds: board.counterServices.filter((m) => m.counter_id === c.id).map((m) => m.service_id),
          caller: session
            ? { id: session.user_id, fullName: session.full_name, since: session.started_at }
            : null,
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
      devices: [...devices.displays.map(device('display')), ...devices.kiosks.map(device('kiosk'))],
    };
  }

  /** A caller takes a counter for some of its services (ends their other stations and a previous caller's). */
  async function openStation(actor: Actor, counterId: string, serviceIds: string[]): Promise<Station> {
    const staff = requireTenantStaff(actor);
    const now = deps.clock.now();
    const station = await uow.transaction(async (trx, tx) => {
      const counter = await findCounter(trx, uow.kind, staff.tenantId, counterId);
      if (!counter) throw new AppError('NOT_FOUND');
      assertBranchAccess(staff, counter.branch_id);
      if (counter.is_active !== 1) throw new AppError('COUNTER_INACTIVE');
      const served = await counterServiceIds(trx, staff.tenantId, counterId);
      const unique = [...new Set(serviceIds)];
      if (unique.some((id) => !served.includes(id))) {
        throw new AppError('VALIDATION_FAILED', { fields: { serviceIds: 'v.enum' } });
      }
      // One counter per caller: their other counter is released, and its screens are told (decision 29b).
      const released = (await repo.sessionsReleasedBy(trx, staff.tenantId, counterId, staff.userId)).filter(
        (r) => r.counter_id !== counterId,
      );
      await repo.endStationsOf(trx, staff.tenantId, counterId, staff.userId, now);
      await repo.insertStation(trx, staff.tenantId, {
        branchId: counter.branch_id,
        counterId,
        userId: staff.userId,
        serviceIds: unique,
        now,
      });
      const result: Station = { counterId, userId: staff.userId, serviceIds: unique, startedAt: now };
      tx.afterCommit(() => {
        for (const old of released) {
          const freed = old.counter_id;
          bus.publish({
            kind: 'branch',
            branchId: old.branch_id,
            type: 'counter.updated',
            staff: { counterId: freed, station: null },
            public: { counterId: freed },
            counterId: freed,
          });
        }
        bus.publish({
          kind: 'branch',
          branchId: counter.branch_id,
          type: 'counter.updated',
          staff: { counterId, station: result },
          public: { counterId },
          counterId,
        });
      });
      return result;
    });
    return station;
  }

  async function closeStation(actor: Actor, counterId: string): Promise<void> {
    const staff = requireTenantStaff(actor);
    const now = deps.clock.now();
    await uow.transaction(async (trx, tx) => {
      const counter = await findCounter(trx, uow.kind, staff.tenantId, counterId);
      if (!counter) throw new AppError('NOT_FOUND');
      assertBranchAccess(staff, counter.branch_id);
      await repo.endOwnStation(trx, staff.tenantId, counterId, staff.userId, now);
      tx.afterCommit(() =>
        bus.publish({
          kind: 'branch',
          branchId: counter.branch_id,
          type: 'counter.updated',
          staff: { station: null, counterId },
          public: { counterId },
          counterId,
        }),
      );
    });
  }

  return { branchByCode, monitor, openStation, closeStation };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
