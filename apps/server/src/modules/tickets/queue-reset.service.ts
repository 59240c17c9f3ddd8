import { localDate } from '@antrean/shared/common/time';
import { can } from '@antrean/shared/auth/permissions';
import { nextStatus } from '@antrean/shared/domain/ticket/transitions';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import type { LiveBus } from '../../live/bus';
import { createAudit } from '../audit/audit.service';
import * as repo from './ticket.repository';
import * as lookup from './ticket-lookup.repository';
import { toStatus } from './ticket.mapper';
import { branchOrNotFound, type TicketRecorder } from './ticket-engine';

/** Resetting a branch's queue (all services or one). */
export function createQueueReset(deps: ServiceDeps, recorder: TicketRecorder, bus: LiveBus) {
  const audit = createAudit(deps.clock);
  const { uow } = deps;
  const { record, save } = recorder;

  /**
   * Reset queue: today's bookings go back to `booked` with check-in and call
   * data cleared, today's unfinished walk-ins are cancelled; audited; screens are told.
   */
  async function resetQueue(
    actor: Actor,
    branchId: string,
    serviceId: string | undefined,
  ): Promise<{ reset: number; cancelled: number }> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    if (actor.kind !== 'staff' || !can(actor.role, 'tenant.reset-queue')) throw new AppError('FORBIDDEN');
    const now = deps.clock.now();
    return uow.transaction(async (trx, tx) => {
      const branch = await branchOrNotFound(trx, tenantId, branchId);
      if (serviceId && !(await lookup.findOfferedService(trx, tenantId, branchId, serviceId))) {
        throw new AppError('NOT_FOUND');
      }
      const day = localDate(now, branch.time_zone);
      const tickets = await repo.listTodayTicketsForReset(trx, tenantId, branchId, day, serviceId);
      let reset = 0;
      let cancelled = 0;
      for (const ticket of tickets) {
        const isBooking = ticket.slot_start_at !== null;
        const action = isBooking ? 'reset' : 'void';
        const to = nextStatus(toStatus(ticket.status), action);
        if (!to) continue;
        const after: repo.TicketRow = isBooking
          ? {
              ...ticket,
              status: to,
              service_id: ticket.sequence_service_id,
              checked_in_at: null,
              queued_at: null,
              ...repo.NOT_STARTED,
              updated_at: now,
              version: ticket.version + 1,
            }
          : { ...ticket, status: to, closed_at: now, updated_at: now, version: ticket.version + 1 };
        await save(trx, ticket, after);
        await record(trx, tx, ticket, after, action, actor, now);
        if (isBooking) reset += 1;
        else cancelled += 1;
      }
      await audit.record(trx, actor, {
        tenantId,
        branchId,
        action: 'queue.reset',
        entityType: 'branch',
        entityId: branchId,
        before: null,
        after: { serviceId: serviceId ?? null, reset, cancelled, day },
      });
      tx.afterCommit(() =>
        bus.publish({
          kind: 'branch',
          branchId,
          type: 'queue.reset',
          staff: { serviceId: serviceId ?? null, day },
          public: { serviceId: serviceId ?? null, day },
        }),
      );
      return { reset, cancelled };
    });
  }

  return { resetQueue };
}
