import { localDate } from '@antrean/shared/common/time';
import type { Deps } from '../lib/deps';
import type { TicketService } from '../modules/tickets/ticket.service';

/** Seconds a call stays `calling` before it counts as announced when no display acknowledged it. */
export const ANNOUNCE_SECONDS = 10;

/**
 * One pass of the time-driven transitions. Everything is derived from stored times, so a restart
 * loses nothing: calling → called after the announcement time, auto-serve after the branch's
 * delay, and at each branch's local midnight leftover booked/held/skipped tickets → no_show.
 *
 * Announce and auto-serve are stored at the time they were DUE (called time + 10 s, called time +
 * delay), not at the time of the pass, so a serving start (and so the service duration) is exact
 * even when the process was down. When a pass finds both due, they happen in the order they were
 * due: a ticket whose auto-serve came before its announcement goes calling → serving directly,
 * as an on-time pass would have done.
 */
export async function runQueueTimers(deps: Deps, tickets: TicketService): Promise<{ announced: number; served: number; expired: number }> {
  const { db } = deps.database;
  const now = deps.clock.now();
  let announced = 0;
  let served = 0;
  let expired = 0;

  const calling = await db
    .selectFrom('tickets')
    .innerJoin('branches', (join) => join.onRef('branches.id', '=', 'tickets.branch_id').onRef('branches.tenant_id', '=', 'tickets.tenant_id'))
    .selectAll('tickets')
    .select(['branches.auto_serve as autoServe', 'branches.auto_serve_delay_seconds as delay'])
    .where('tickets.status', '=', 'calling')
    .where('tickets.called_at', '<=', now - ANNOUNCE_SECONDS * 1000)
    .limit(500)
    .execute();
  for (const { autoServe, delay, ...ticket } of calling) {
    if (ticket.called_at === null) continue;
    // Auto-serve was due before the announcement: leave it to the auto-serve pass below.
    if (autoServe === 1 && delay < ANNOUNCE_SECONDS) continue;
    if (await tickets.systemTransition(ticket, 'announce', ticket.called_at + ANNOUNCE_SECONDS * 1000)) announced += 1;
  }

  const autoServe = await db
    .selectFrom('tickets')
    .innerJoin('branches', (join) => join.onRef('branches.id', '=', 'tickets.branch_id').onRef('branches.tenant_id', '=', 'tickets.tenant_id'))
    .selectAll('tickets')
    .select('branches.auto_serve_delay_seconds as delay')
    .where('branches.auto_serve', '=', 1)
    .where('tickets.status', 'in', ['calling', 'called'])
    .limit(500)
    .execute();
  for (const { delay, ...ticket } of autoServe) {
    if (ticket.called_at !== null && ticket.called_at + delay * 1000 <= now) {
      if (await tickets.systemTransition(ticket, 'serve', ticket.called_at + delay * 1000)) served += 1;
    }
  }

  const branches = await db.selectFrom('branches').select(['id', 'tenant_id', 'time_zone']).execute();
  for (const branch of branches) {
    const today = localDate(now, branch.time_zone);
    const leftovers = await db
      .selectFrom('tickets')
      .selectAll()
      .where('tenant_id', '=', branch.tenant_id)
      .where('branch_id', '=', branch.id)
      .where('service_day', '<', today)
      .where('status', 'in', ['booked', 'held', 'skipped'])
      .limit(500)
      .execute();
    for (const ticket of leftovers) if (await tickets.systemTransition(ticket, 'expire')) expired += 1;
  }
  return { announced, served, expired };
}

export function startQueueTimers(deps: Deps, tickets: TicketService, onError: (error: unknown) => void): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runQueueTimers(deps, tickets)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
