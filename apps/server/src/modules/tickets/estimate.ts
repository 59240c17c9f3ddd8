import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './ticket.repository';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Estimated wait range for a waiting ticket: people ahead × rolling average service time ÷
 * counters serving the service, widened into an honest range (see shared estimate).
 */
export async function estimateFor(
  db: Db,
  ticket: Pick<repo.TicketRow, 'tenant_id' | 'branch_id' | 'service_id'>,
  peopleAhead: number,
  slaSeconds: number,
): Promise<{ minSeconds: number; maxSeconds: number }> {
  const [durations, counters] = await Promise.all([
    repo.recentServiceSeconds(db, ticket.tenant_id, ticket.branch_id, ticket.service_id),
    repo.countServingCounters(db, ticket.tenant_id, ticket.branch_id, ticket.service_id),
  ]);
  const average = durations.length > 0 ? durations.reduce((a, b) => a + b, 0) / durations.length : slaSeconds;
  const point = (peopleAhead * average) / Math.max(1, counters);
  const spread = durations.length >= 10 ? 0.25 : 0.5;
  return { minSeconds: Math.max(0, Math.round(point * (1 - spread))), maxSeconds: Math.round(point * (1 + spread)) };
}
