import { z } from 'zod';
import { can } from '@antrean/shared/auth/permissions';
import { localDate } from '@antrean/shared/common/time';
import {
  defaultTicketListOrder,
  TICKET_LIST_ORDERS,
  type TicketList,
  type TicketListOrder,
  type TicketListQuery,
} from '@antrean/shared/contracts/ticket-list.contract';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError, RequestValidationError } from '../../lib/errors';
import { assertBranchAccess, requireTenantStaff } from '../../lib/policy';
import { findBranch } from '../branches/branch.repository';
import { toTicket } from './ticket.mapper';
import * as repo from './ticket-list.repository';

/** A 400 on one query field, rendered (localized) like the validator's own field errors. */
function fieldError(field: string, message: string, input: unknown): RequestValidationError {
  return new RequestValidationError([{ code: 'custom', path: [field], message }], input, 'querystring');
}

const CursorSchema = z.object({
  o: z.enum(TICKET_LIST_ORDERS),
  k: z.number().int(),
  s: z.number().int(),
  i: z.string().min(1).max(64),
});

function encodeCursor(order: TicketListOrder, position: repo.TicketListPosition): string {
  return Buffer.from(JSON.stringify({ o: order, k: position.key, s: position.seq, i: position.id })).toString(
    'base64url',
  );
}

/** The position a cursor stands for; a cursor that is not ours, or of another order, is a 400 on `cursor`. */
function decodeCursor(cursor: string, order: TicketListOrder): repo.TicketListPosition {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = CursorSchema.safeParse(value);
  if (!parsed.success || parsed.data.o !== order) {
    throw fieldError('cursor', 'v.format', cursor);
  }
  return { key: parsed.data.k, seq: parsed.data.s, id: parsed.data.i };
}

export function createTicketListService(deps: ServiceDeps) {
  const { uow } = deps;

  /**
   * Today's tickets of a branch (the branch-local day), for staff who may read its queue. Another
   * tenant's branch, or a branch the staff member is not assigned to, is NOT_FOUND.
   */
  async function list(actor: Actor, branchId: string, query: TicketListQuery): Promise<TicketList> {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'queue.read')) throw new AppError('FORBIDDEN');
    assertBranchAccess(staff, branchId);
    const branch = await uow.read((db) => findBranch(db, staff.tenantId, branchId));
    if (!branch) throw new AppError('NOT_FOUND');
    if (query.mine === true && query.callerUserId !== undefined) {
      throw fieldError('mine', 'v.invalid', query);
    }
    const order = query.order ?? defaultTicketListOrder(query.status);
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, order);
    const callerUserId = query.mine === true ? staff.userId : query.callerUserId;
    const day = localDate(deps.clock.now(), branch.time_zone);
    const rows = await uow.read((db) =>
      repo.listTickets(
        db,
        staff.tenantId,
        branchId,
        {
          day,
          ...(query.status ? { statuses: query.status } : {}),
          ...(query.counterId !== undefined ? { counterId: query.counterId } : {}),
          ...(query.serviceId !== undefined ? { serviceId: query.serviceId } : {}),
          ...(callerUserId !== undefined ? { callerUserId } : {}),
        },
        order,
        query.limit,
        after,
      ),
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last ? encodeCursor(order, repo.positionOf(order, last)) : null;
    const eformTicketIds = await uow.read((db) =>
      repo.ticketsWithEform(
        db,
        staff.tenantId,
        page.map((row) => row.id),
      ),
    );
    return { serviceDay: day, order, items: page.map(toTicket), eformTicketIds, nextCursor };
  }

  return { list };
}

export type TicketListService = ReturnType<typeof createTicketListService>;
