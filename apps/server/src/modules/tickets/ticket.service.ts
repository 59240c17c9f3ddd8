import type { ServiceDeps } from '../../lib/deps';
import type { LiveBus } from '../../live/bus';
import { createQueueReset } from './queue-reset.service';
import { createTicketRecorder } from './ticket-engine';
import { createTicketIssueService } from './ticket-issue.service';
import { createTicketQueries } from './ticket-queries.service';
import { createTicketTransitions } from './ticket-transitions.service';

/**
 * The queue engine, one object for the routes, the live socket and the timers. Its parts, one job
 * each: issuing (ticket-issue.service), transitions (ticket-transitions.service), reads
 * (ticket-queries.service), the queue reset (queue-reset.service), and what they share: recording
 * and saving a transition with its live event (ticket-engine).
 */
export function createTicketService(deps: ServiceDeps, bus: LiveBus) {
  const recorder = createTicketRecorder(bus);
  return {
    ...createTicketIssueService(deps, recorder),
    ...createTicketTransitions(deps, recorder),
    ...createTicketQueries(deps),
    ...createQueueReset(deps, recorder, bus),
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
