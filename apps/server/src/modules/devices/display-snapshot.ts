import { localDate } from '@antrean/shared/common/time';
import type { DisplaySnapshot } from '@antrean/shared/live/events';
import { AppError } from '../../lib/errors';
import type { Db } from '../../lib/uow';
import { findBranch } from '../branches/branch.repository';
import { countWaitingByService, readBranchBoard } from '../branches/branch-board.repository';
import { listRecentCalls } from '../tickets/ticket-queue.repository';
import { toPublicEvent } from '../tickets/ticket.mapper';
import { readDisplayFx, readDisplayRates, readDisplayVoice } from '../boards/display-boards';

/** The live state every display layout renders from (issue/call events are applied on top), and how it speaks. */
export async function buildDisplaySnapshot(
  db: Db,
  tenantId: string,
  branchId: string,
  displayId: string,
  now: number,
): Promise<DisplaySnapshot> {
  const branch = await findBranch(db, tenantId, branchId);
  if (!branch) throw new AppError('NOT_FOUND');
  const day = localDate(now, branch.time_zone);
  const [board, recent, waiting, fx, rates, voice] = await Promise.all([
    readBranchBoard(db, tenantId, branchId, day, { activeCountersOnly: true }),
    listRecentCalls(db, tenantId, branchId, day, 10),
    countWaitingByService(db, tenantId, branchId, day),
    readDisplayFx(db, tenantId),
    readDisplayRates(db, tenantId),
    readDisplayVoice(db, tenantId, branchId, displayId),
  ]);
  return {
    branch: { id: branch.id, code: branch.code, name: branch.name, timeZone: branch.time_zone },
    serviceDay: day,
    counters: board.counters.map((c) => {
      const current = board.atCounters.find((t) => t.counter_id === c.id);
      return {
        id: c.id,
        name: c.name,
        number: c.number,
        serviceIds: board.counterServices.filter((m) => m.counter_id === c.id).map((m) => m.service_id),
        current: current ? toPublicEvent(current) : null,
      };
    }),
    services: board.services.map((s) => ({
      id: s.id,
      code: s.code,
      name: s.name,
      waiting: waiting.get(s.id) ?? 0,
    })),
    recentCalls: recent.map(toPublicEvent),
    fx,
    rates,
    voice,
  };
}
