import type { Kysely } from 'kysely';
import { localDate } from '@antrean/shared/common/time';
import type { DB } from '../../db/schema';
import { toPublicEvent, type PublicTicketEvent } from '../tickets/ticket.mapper';

export interface DisplaySnapshot {
  branch: { id: string; code: string; name: string; timeZone: string };
  serviceDay: string;
  counters: { id: string; name: string; number: number; serviceIds: string[]; current: PublicTicketEvent | null }[];
  services: { id: string; code: string; name: string; waiting: number }[];
  recentCalls: PublicTicketEvent[];
}

/** The live state every display layout renders from (issue/call events are applied on top). */
export async function buildDisplaySnapshot(db: Kysely<DB>, tenantId: string, branchId: string, now: number): Promise<DisplaySnapshot | undefined> {
  const branch = await db.selectFrom('branches').selectAll().where('tenant_id', '=', tenantId).where('id', '=', branchId).executeTakeFirst();
  if (!branch) return undefined;
  const day = localDate(now, branch.time_zone);
  const [counters, mapping, services, active, recent, waiting] = await Promise.all([
    db.selectFrom('counters').selectAll().where('tenant_id', '=', tenantId).where('branch_id', '=', branchId).where('is_active', '=', 1).orderBy('number').execute(),
    db.selectFrom('counter_services').select(['counter_id', 'service_id']).where('tenant_id', '=', tenantId).where('branch_id', '=', branchId).execute(),
    db
      .selectFrom('services')
      .innerJoin('branch_services', 'branch_services.service_id', 'services.id')
      .select(['services.id', 'services.code', 'services.name'])
      .where('branch_services.tenant_id', '=', tenantId)
      .where('branch_services.branch_id', '=', branchId)
      .orderBy('services.sort_order')
      .execute(),
    db
      .selectFrom('tickets')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .where('service_day', '=', day)
      .where('status', 'in', ['calling', 'called', 'serving'])
      .execute(),
    db
      .selectFrom('tickets')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .where('service_day', '=', day)
      .where('called_at', 'is not', null)
      .orderBy('called_at', 'desc')
      .limit(10)
      .execute(),
    db
      .selectFrom('tickets')
      .select(['service_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .where('service_day', '=', day)
      .where('status', '=', 'waiting')
      .groupBy('service_id')
      .execute(),
  ]);
  return {
    branch: { id: branch.id, code: branch.code, name: branch.name, timeZone: branch.time_zone },
    serviceDay: day,
    counters: counters.map((c) => {
      const current = active.find((t) => t.counter_id === c.id);
      return {
        id: c.id,
        name: c.name,
        number: c.number,
        serviceIds: mapping.filter((m) => m.counter_id === c.id).map((m) => m.service_id),
        current: current ? toPublicEvent(current) : null,
      };
    }),
    services: services.map((s) => ({ id: s.id, code: s.code, name: s.name, waiting: Number(waiting.find((w) => w.service_id === s.id)?.n ?? 0) })),
    recentCalls: recent.map(toPublicEvent),
  };
}
