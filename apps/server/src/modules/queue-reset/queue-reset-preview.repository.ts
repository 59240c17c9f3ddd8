import type { Db } from '../../lib/uow';

/** Today's tickets of a branch (optionally one service): what a reset looks at. */
export async function listDayTicketStates(
  db: Db,
  tenantId: string,
  branchId: string,
  day: string,
  serviceId: string | undefined,
): Promise<{ service_id: string; status: string; slot_start_at: number | null }[]> {
  let query = db
    .selectFrom('tickets')
    .select(['service_id', 'status', 'slot_start_at'])
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', branchId)
    .where('service_day', '=', day);
  if (serviceId) query = query.where('service_id', '=', serviceId);
  return query.execute();
}
