import type { Kysely, Transaction } from 'kysely';
import { estimateWait, rollingStats, type WaitEstimate } from '@antrean/shared/domain/ticket/estimate';
import type { DB } from '../../db/schema';
import type { TicketRow } from './ticket.repository';
import { countServingCounters, recentServiceSeconds } from './ticket-queue.repository';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Estimated wait range for a waiting ticket (shared `estimateWait`): people ahead × rolling
 * average service time of the service at this branch ÷ counters serving it, as an honest range.
 */
export async function estimateFor(
  db: Db,
  ticket: Pick<TicketRow, 'tenant_id' | 'branch_id' | 'service_id'>,
  peopleAhead: number,
  slaSeconds: number,
): Promise<WaitEstimate> {
  const [newestFirst, counters] = await Promise.all([
    recentServiceSeconds(db, ticket.tenant_id, ticket.branch_id, ticket.service_id),
    countServingCounters(db, ticket.tenant_id, ticket.branch_id, ticket.service_id),
  ]);
  const stats = rollingStats([...newestFirst].reverse());
  return estimateWait({
    peopleAhead,
    averageServiceSeconds: stats.average,
    samples: stats.samples,
    openCounters: counters,
    slaSeconds,
  });
}
