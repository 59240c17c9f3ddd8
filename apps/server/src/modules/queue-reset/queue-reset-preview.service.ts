import { localDate } from '@antrean/shared/common/time';
import { can } from '@antrean/shared/auth/permissions';
import type { QueueResetPreview } from '@antrean/shared/contracts/queue-reset.contract';
import { nextStatus } from '@antrean/shared/domain/ticket/transitions';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import { listBoardServices } from '../branches/branch-board.repository';
import { findBranch } from '../branches/branch.repository';
import { toStatus } from '../tickets/ticket.mapper';
import { listDayTicketStates } from './queue-reset-preview.repository';

/**
 * What `POST …/reset-queue` would do now, counted with the same rule it applies (the ticket
 * transition table: `reset` for a booking, `void` for a walk-in), so the confirmation is exact.
 */
export function createQueueResetPreview(deps: ServiceDeps) {
  const { uow, clock } = deps;

  async function preview(
    actor: Actor,
    branchId: string,
    serviceId: string | undefined,
  ): Promise<QueueResetPreview> {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.reset-queue')) throw new AppError('FORBIDDEN');
    const tenantId = staff.tenantId;
    return uow.read(async (db) => {
      const branch = await findBranch(db, tenantId, branchId);
      if (!branch) throw new AppError('NOT_FOUND');
      const offered = await listBoardServices(db, tenantId, branchId);
      if (serviceId && !offered.some((s) => s.id === serviceId)) throw new AppError('NOT_FOUND');
      const day = localDate(clock.now(), branch.time_zone);
      const tickets = await listDayTicketStates(db, tenantId, branchId, day, serviceId);
      const services = offered
        .filter((s) => !serviceId || s.id === serviceId)
        .map((s) => ({
          serviceId: s.id,
          code: s.code,
          name: s.name,
          waiting: 0,
          walkInsToCancel: 0,
          bookingsToReset: 0,
        }));
      const byId = new Map(services.map((s) => [s.serviceId, s]));
      for (const ticket of tickets) {
        const row = byId.get(ticket.service_id);
        if (!row) continue;
        const status = toStatus(ticket.status);
        if (status === 'waiting') row.waiting += 1;
        const isBooking = ticket.slot_start_at !== null;
        if (!nextStatus(status, isBooking ? 'reset' : 'void')) continue;
        if (isBooking) row.bookingsToReset += 1;
        else row.walkInsToCancel += 1;
      }
      const sum = (key: 'waiting' | 'walkInsToCancel' | 'bookingsToReset') =>
        services.reduce((n, s) => n + s[key], 0);
      return {
        day,
        services,
        totals: {
          waiting: sum('waiting'),
          walkInsToCancel: sum('walkInsToCancel'),
          bookingsToReset: sum('bookingsToReset'),
        },
      };
    });
  }

  return { preview };
}

export type QueueResetPreviewService = ReturnType<typeof createQueueResetPreview>;
