import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The open counter sessions that taking `counterId` as `userId` ends (decision 29b): the user's
 * own session at another counter (a caller holds one counter) and another user's at this one.
 */
export function sessionsReleasedBy(
  db: Db,
  tenantId: string,
  counterId: string,
  userId: string,
): Promise<{ counter_id: string; branch_id: string; user_id: string }[]> {
  return db
    .selectFrom('counter_sessions')
    .select(['counter_id', 'branch_id', 'user_id'])
    .where('tenant_id', '=', tenantId)
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('counter_id', '=', counterId), eb('user_id', '=', userId)]))
    .execute();
}
