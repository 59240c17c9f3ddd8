import { localDate } from '@antrean/shared/common/time';
import { SETTINGS_LIMITS } from '@antrean/shared/domain/tenant-settings';
import type { ServiceDeps } from '../lib/deps';
import type { TicketService } from '../modules/tickets/ticket.service';
import * as repo from './queue-timers.repository';
import { runEvery } from './every';

/**
 * The shortest announcement time a tenant can set (its "review timeout", `tenant_settings.
 * call_announce_seconds`, default 10 s): calls older than this are candidates, each then checked
 * against its own tenant's time.
 */
const MIN_ANNOUNCE_SECONDS = SETTINGS_LIMITS.reviewTimeoutSeconds.min;

/**
 * One pass of the time-driven transitions. Everything is derived from stored times, so a restart
 * loses nothing: calling → called after the announcement time, auto-serve after the branch's
 * delay, and at each branch's local midnight leftover booked/held/skipped tickets → no_show.
 *
 * Announce and auto-serve are stored at the time they were DUE (called time + the tenant's
 * announcement time, 10 s by default; called time + delay), not at the time of the pass, so a serving start (and so the service duration) is exact
 * even when the process was down. When a pass finds both due, they happen in the order they were
 * due: a ticket whose auto-serve came before its announcement goes calling → serving directly,
 * as an on-time pass would have done.
 */
export async function runQueueTimers(
  deps: ServiceDeps,
  tickets: TicketService,
): Promise<{ announced: number; served: number; expired: number }> {
  const { uow } = deps;
  const now = deps.clock.now();
  let announced = 0;
  let served = 0;
  let expired = 0;

  const calling = await uow.read((db) => repo.listDueAnnouncements(db, now - MIN_ANNOUNCE_SECONDS * 1000));
  for (const { autoServe, delay, announceSeconds, ...ticket } of calling) {
    const announce = Number(announceSeconds ?? 10);
    if (ticket.called_at === null || ticket.called_at + announce * 1000 > now) continue;
    // Auto-serve was due before the announcement: leave it to the auto-serve pass below.
    if (autoServe === 1 && delay < announce) continue;
    if (await tickets.systemTransition(ticket, 'announce', ticket.called_at + announce * 1000)) {
      announced += 1;
    }
  }

  const autoServe = await uow.read((db) => repo.listAutoServeCandidates(db));
  for (const { delay, ...ticket } of autoServe) {
    if (ticket.called_at !== null && ticket.called_at + delay * 1000 <= now) {
      if (await tickets.systemTransition(ticket, 'serve', ticket.called_at + delay * 1000)) served += 1;
    }
  }

  const branches = await uow.read((db) => repo.listAllBranches(db));
  for (const branch of branches) {
    const today = localDate(now, branch.time_zone);
    const leftovers = await uow.read((db) => repo.listLeftovers(db, branch.tenant_id, branch.id, today));
    for (const ticket of leftovers) if (await tickets.systemTransition(ticket, 'expire')) expired += 1;
  }
  return { announced, served, expired };
}

export function startQueueTimers(
  deps: ServiceDeps,
  tickets: TicketService,
  onError: (error: unknown) => void,
): { stop(): void } {
  return runEvery(1000, () => runQueueTimers(deps, tickets), onError);
}
