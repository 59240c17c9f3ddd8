import { newId } from '@antrean/shared/common/ids';
import type { TicketAction } from '@antrean/shared/domain/ticket/transitions';
import type { LiveEventType } from '@antrean/shared/live/topics';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { Db, TxContext } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import { findBranch } from '../branches/branch.repository';
import * as repo from './ticket.repository';
import { toPublicEvent, toStatus, toTicket } from './ticket.mapper';

/** The live events of a ticket's own transitions (a queue reset is told once for the branch). */
type TicketEventType = Extract<LiveEventType, `ticket.${string}`>;

const EVENT_TYPE: Record<Exclude<TicketAction, 'reset'>, TicketEventType> = {
  'check-in': 'ticket.checked_in',
  validate: 'ticket.validated',
  call: 'ticket.called',
  recall: 'ticket.recalled',
  announce: 'ticket.announced',
  serve: 'ticket.serving',
  hold: 'ticket.held',
  skip: 'ticket.skipped',
  requeue: 'ticket.requeued',
  transfer: 'ticket.transferred',
  finish: 'ticket.finished',
  cancel: 'ticket.cancelled',
  expire: 'ticket.no_show',
  void: 'ticket.cancelled',
};

interface ActorRef {
  kind: string;
  id: string | null;
}

function actorRef(actor: Actor | 'system'): ActorRef {
  if (actor === 'system') return { kind: 'system', id: null };
  switch (actor.kind) {
    case 'staff':
      return { kind: 'staff', id: actor.userId };
    case 'kiosk':
    case 'display':
      return { kind: actor.kind, id: actor.deviceId };
    case 'apiKey':
      return { kind: 'api', id: actor.branchId };
    case 'public':
      return { kind: 'public', id: null };
  }
}

/**
 * Ticket event ids: UUIDv7 whose 12-bit `rand_a` field is a per-process counter, so the events
 * of one ticket written in the same millisecond (issue + call, announce + auto-serve in one timer
 * pass) still sort in the order they happened: events are listed by (at, id), and plain UUIDv7
 * ids of one millisecond sort randomly. (Up to 4096 events per millisecond keep their order.)
 */
let eventIdMs = -1;
let eventIdCounter = 0;
function newEventId(now: number): string {
  if (now > eventIdMs) {
    eventIdMs = now;
    eventIdCounter = 0;
  } else {
    eventIdCounter = (eventIdCounter + 1) & 0xfff;
  }
  const id = newId(now);
  return `${id.slice(0, 15)}${eventIdCounter.toString(16).padStart(3, '0')}${id.slice(18)}`;
}

export async function branchOrNotFound(trx: Db, tenantId: string, branchId: string) {
  const branch = await findBranch(trx, tenantId, branchId);
  if (!branch) throw new AppError('NOT_FOUND');
  return branch;
}

/** Recording a transition (its event, its live publication after commit) and saving it: shared by every use case of the engine. */
export function createTicketRecorder(bus: LiveBus) {
  /** Records the transition and queues its live publication for after the commit. */
  async function record(
    trx: Db,
    tx: TxContext,
    before: repo.TicketRow | null,
    after: repo.TicketRow,
    action: TicketAction | 'issue',
    actor: Actor | 'system',
    now: number,
  ): Promise<void> {
    const who = actorRef(actor);
    // A booking put back by a queue reset is stored as `queue.reset`; screens hear of it through the
    // branch's one `queue.reset` event (resetQueue), not per ticket.
    const type: TicketEventType | 'queue.reset' =
      action === 'issue' ? 'ticket.issued' : action === 'reset' ? 'queue.reset' : EVENT_TYPE[action];
    await repo.insertEvent(trx, {
      id: newEventId(now),
      tenant_id: after.tenant_id,
      ticket_id: after.id,
      branch_id: after.branch_id,
      service_id: after.service_id,
      type,
      from_status: before?.status ?? null,
      to_status: after.status,
      actor_kind: who.kind,
      actor_id: who.id,
      counter_id: after.counter_id ?? before?.counter_id ?? null,
      data_json:
        before && before.service_id !== after.service_id
          ? JSON.stringify({ fromServiceId: before.service_id })
          : null,
      at: now,
    });
    if (type === 'queue.reset') return;
    const ticket = toTicket(after);
    const publicData = toPublicEvent(after);
    const fromStatus = before ? toStatus(before.status) : null;
    tx.afterCommit(() =>
      bus.publish({
        kind: 'branch',
        branchId: after.branch_id,
        type,
        staff: { ticket, fromStatus },
        public: { ticket: publicData },
        ticketCode: after.unique_code,
        counterId: after.counter_id ?? before?.counter_id ?? null,
      }),
    );
  }

  async function save(trx: Db, before: repo.TicketRow, after: repo.TicketRow): Promise<void> {
    const { id: _id, tenant_id: _tenant, version: _version, ...patch } = after;
    const ok = await repo.updateTicket(
      trx,
      before.tenant_id,
      before.id,
      { status: before.status, version: before.version },
      patch,
    );
    if (!ok) {
      throw new AppError('TICKET_INVALID_TRANSITION', { from: before.status, reason: 'concurrent_change' });
    }
  }

  return { record, save };
}

export type TicketRecorder = ReturnType<typeof createTicketRecorder>;
