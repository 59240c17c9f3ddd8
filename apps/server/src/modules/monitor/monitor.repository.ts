import { newId } from '@antrean/shared/common/ids';
import type { Db } from '../../lib/uow';

export async function findBranchByCode(db: Db, tenantId: string, code: string) {
  return db
    .selectFrom('branches')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** The open counter sessions of a branch with their caller's name. */
export async function listOpenStations(db: Db, tenantId: string, branchId: string) {
  return db
    .selectFrom('counter_sessions')
    .innerJoin('users', 'users.id', 'counter_sessions.user_id')
    .select([
      'counter_sessions.counter_id',
      'counter_sessions.started_at',
      'users.id as user_id',
      'users.full_name',
    ])
    .where('counter_sessions.tenant_id', '=', tenantId)
    .where('counter_sessions.branch_id', '=', branchId)
    .where('counter_sessions.ended_at', 'is', null)
    .execute();
}

/** The displays and kiosks of a branch with their last heartbeat. */
export async function listBranchDevices(db: Db, tenantId: string, branchId: string) {
  const [displays, kiosks] = await Promise.all([
    db
      .selectFrom('displays')
      .select(['id', 'name', 'code', 'last_seen_at'])
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .execute(),
    db
      .selectFrom('kiosks')
      .select(['id', 'name', 'code', 'last_seen_at'])
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .execute(),
  ]);
  return { displays, kiosks };
}

/** Ends a tenant's open counter sessions at `now`: the base the callers narrow down. */
function endOpenStations(db: Db, tenantId: string, now: number) {
  return db
    .updateTable('counter_sessions')
    .set({ ended_at: now })
    .where('tenant_id', '=', tenantId)
    .where('ended_at', 'is', null);
}

/** Ends the open sessions of a counter and of a caller (one caller, one counter; one counter, one caller). */
export async function endStationsOf(
  db: Db,
  tenantId: string,
  counterId: string,
  userId: string,
  now: number,
): Promise<void> {
  await endOpenStations(db, tenantId, now)
    .where((eb) => eb.or([eb('counter_id', '=', counterId), eb('user_id', '=', userId)]))
    .execute();
}

export async function insertStation(
  db: Db,
  tenantId: string,
  station: { branchId: string; counterId: string; userId: string; serviceIds: string[]; now: number },
): Promise<void> {
  await db
    .insertInto('counter_sessions')
    .values({
      id: newId(station.now),
      tenant_id: tenantId,
      branch_id: station.branchId,
      counter_id: station.counterId,
      user_id: station.userId,
      service_ids_json: JSON.stringify(station.serviceIds),
      started_at: station.now,
      last_seen_at: station.now,
      ended_at: null,
    })
    .execute();
}

/** Ends a caller's own session at a counter. */
export async function endOwnStation(
  db: Db,
  tenantId: string,
  counterId: string,
  userId: string,
  now: number,
): Promise<void> {
  await endOpenStations(db, tenantId, now)
    .where('counter_id', '=', counterId)
    .where('user_id', '=', userId)
    .execute();
}

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
