import { localDate } from '@antrean/shared/common/time';
import { type Action, can } from '@antrean/shared/auth/permissions';
import { nextStatus, type UserTicketAction } from '@antrean/shared/domain/ticket/transitions';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import type { Db, TxContext } from '../../lib/uow';
import * as repo from './ticket.repository';
import * as lookup from './ticket-lookup.repository';
import { toStatus, toTicket } from './ticket.mapper';
import * as rules from './ticket-rules.repository';
import { branchOrNotFound, type TicketRecorder } from './ticket-engine';

/** Who may trigger which action (the permission matrix): callers work tickets, operators manage the queue. */
const ACTION_PERMISSIONS: Record<UserTicketAction, readonly Action[]> = {
  call: ['queue.call'],
  recall: ['queue.call'],
  serve: ['queue.call'],
  hold: ['queue.call'],
  skip: ['queue.call'],
  finish: ['queue.call'],
  transfer: ['queue.call', 'queue.operate'],
  requeue: ['queue.call', 'queue.operate'],
  cancel: ['queue.operate'],
  'check-in': ['queue.operate'],
  validate: ['queue.operate'],
};

/**
 * Actions on a ticket that belongs to a counter: a caller may take them only at that counter
 * (`TICKET_OTHER_COUNTER` otherwise). Staff with `queue.operate` (operators, admins) act
 * branch-wide; `call` picks a waiting ticket (no counter yet); `cancel`/`check-in`/`validate`
 * are operator actions.
 */
const COUNTER_BOUND_ACTIONS: ReadonlySet<UserTicketAction> = new Set([
  'recall',
  'serve',
  'hold',
  'skip',
  'finish',
  'transfer',
  'requeue',
]);

export interface ActionOptions {
  counterId?: string;
  serviceId?: string;
}

function assertMay(actor: Actor, action: UserTicketAction): void {
  // A kiosk may check in bookings of its own branch (branch access is checked by the caller).
  if (actor.kind === 'kiosk' && action === 'check-in') return;
  if (actor.kind !== 'staff') throw new AppError('FORBIDDEN');
  if (!ACTION_PERMISSIONS[action].some((p) => can(actor.role, p))) throw new AppError('FORBIDDEN');
}

/** The queue engine's transitions: calls, user actions through the shared transition table, system transitions. */
export function createTicketTransitions(deps: ServiceDeps, recorder: TicketRecorder) {
  const { uow } = deps;
  const kind = uow.kind;
  const { record, save } = recorder;

  /**
   * Calls the next waiting ticket for a counter. The counter row is locked (PostgreSQL) so one
   * counter never gets two active tickets; the ticket is picked with SKIP LOCKED so two
   * counters never get the same one.
   */
  async function callNext(actor: Actor, counterId: string): Promise<Ticket> {
    const tenantId = tenantOf(actor);
    assertMay(actor, 'call');
    const now = deps.clock.now();
    return uow.transaction(async (trx, tx) => {
      const counter = await lookup.findCounter(trx, kind, tenantId, counterId, true);
      if (!counter) throw new AppError('NOT_FOUND');
      assertBranchAccess(actor, counter.branch_id);
      if (counter.is_active !== 1) throw new AppError('SERVICE_NOT_AVAILABLE');
      if (await repo.findActiveForCounter(trx, tenantId, counterId)) throw new AppError('COUNTER_BUSY');
      const branch = await branchOrNotFound(trx, tenantId, counter.branch_id);
      let serviceIds = await lookup.counterServiceIds(trx, tenantId, counterId);
      // A caller who took this counter for some of its services calls only those.
      if (actor.kind === 'staff') {
        const chosen = await lookup.stationServiceIds(trx, tenantId, counterId, actor.userId);
        if (chosen) serviceIds = serviceIds.filter((id) => chosen.includes(id));
        else await assertHoldsCounter(trx, actor, tenantId, counterId);
      }
      const day = localDate(now, branch.time_zone);
      const next = await repo.pickNext(trx, kind, tenantId, counter.branch_id, serviceIds, day, now);
      if (!next) throw new AppError('QUEUE_EMPTY');
      return applyCall(trx, tx, actor, next, counterId, now, 'call');
    });
  }

  async function applyCall(
    trx: Db,
    tx: TxContext,
    actor: Actor,
    ticket: repo.TicketRow,
    counterId: string,
    now: number,
    action: 'call' | 'recall',
  ): Promise<Ticket> {
    const to = nextStatus(toStatus(ticket.status), action);
    if (!to) throw new AppError('TICKET_INVALID_TRANSITION', { from: ticket.status, action });
    const first = ticket.first_called_at === null;
    const after: repo.TicketRow = {
      ...ticket,
      status: to,
      counter_id: counterId,
      caller_user_id: actor.kind === 'staff' ? actor.userId : ticket.caller_user_id,
      called_at: now,
      first_called_at: ticket.first_called_at ?? now,
      wait_seconds:
        first && ticket.queued_at !== null
          ? Math.max(0, Math.round((now - ticket.queued_at) / 1000))
          : ticket.wait_seconds,
      recall_count: action === 'recall' ? ticket.recall_count + 1 : ticket.recall_count,
      postponed_at: null,
      updated_at: now,
      version: ticket.version + 1,
    };
    await save(trx, ticket, after);
    await record(trx, tx, ticket, after, action, actor, now);
    return toTicket(after);
  }

  /** Applies one user action (`POST /tickets/:id/<action>`) through the shared transition table. */
  async function act(
    actor: Actor,
    ticketId: string,
    action: UserTicketAction,
    options: ActionOptions = {},
  ): Promise<Ticket> {
    const tenantId = tenantOf(actor);
    const now = deps.clock.now();
    return uow.transaction(async (trx, tx) => {
      const ticket = await repo.findTicket(trx, kind, tenantId, ticketId, true);
      if (!ticket) throw new AppError('NOT_FOUND');
      assertBranchAccess(actor, ticket.branch_id);
      assertMay(actor, action);
      const from = toStatus(ticket.status);
      const to = nextStatus(from, action);
      if (!to) throw new AppError('TICKET_INVALID_TRANSITION', { from, action });
      if (COUNTER_BOUND_ACTIONS.has(action)) await assertActingCounter(trx, actor, ticket);

      if (action === 'call' || action === 'recall') {
        const counterId = action === 'call' ? options.counterId : ticket.counter_id;
        if (!counterId) {
          throw new AppError('TICKET_INVALID_TRANSITION', { from, action, reason: 'no_counter' });
        }
        const counter = await lookup.findCounter(trx, kind, tenantId, counterId, true);
        if (counter?.branch_id !== ticket.branch_id) throw new AppError('NOT_FOUND');
        if (action === 'call') {
          await assertHoldsCounter(trx, actor, tenantId, counterId);
          const serviceIds = await lookup.counterServiceIds(trx, tenantId, counterId);
          if (!serviceIds.includes(ticket.service_id)) {
            throw new AppError('TICKET_INVALID_TRANSITION', { from, action, reason: 'service_not_served' });
          }
          const service = await lookup.findOfferedService(trx, tenantId, ticket.branch_id, ticket.service_id);
          if (service?.random_caller !== 1) throw new AppError('RANDOM_CALL_NOT_ALLOWED');
        }
        const active = await repo.findActiveForCounter(trx, tenantId, counterId);
        if (active && active.id !== ticket.id) throw new AppError('COUNTER_BUSY');
        return applyCall(trx, tx, actor, ticket, counterId, now, action);
      }

      const after: repo.TicketRow = { ...ticket, status: to, updated_at: now, version: ticket.version + 1 };
      switch (action) {
        case 'serve':
          after.serving_started_at = now;
          break;
        case 'hold':
        case 'skip':
          after.postponed_at = now;
          if (action === 'skip') after.skip_count = ticket.skip_count + 1;
          if (ticket.serving_started_at !== null && action === 'hold') {
            after.service_seconds =
              (ticket.service_seconds ?? 0) + Math.round((now - ticket.serving_started_at) / 1000);
            after.serving_started_at = null;
          }
          break;
        case 'finish': {
          const service = await lookup.findOfferedService(trx, tenantId, ticket.branch_id, ticket.service_id);
          const served =
            (ticket.service_seconds ?? 0) +
            Math.max(0, Math.round((now - (ticket.serving_started_at ?? now)) / 1000));
          after.finished_at = now;
          after.closed_at = now;
          after.service_seconds = served;
          after.sla_breached = service ? (served > service.sla_seconds ? 1 : 0) : null;
          break;
        }
        case 'cancel':
          after.closed_at = now;
          break;
        case 'check-in': {
          const service = await lookup.findOfferedService(trx, tenantId, ticket.branch_id, ticket.service_id);
          // Outside the tenant's check-in window the booking needs an operator's validation.
          const window = await rules.checkInWindowOf(trx, tenantId);
          const slot = ticket.slot_start_at;
          const outside =
            slot !== null &&
            (now < slot - window.beforeMinutes * 60_000 || now > slot + window.afterMinutes * 60_000);
          after.status = service?.requires_validation === 1 || outside ? 'unvalidated' : 'waiting';
          after.checked_in_at = now;
          after.queued_at = now;
          break;
        }
        case 'validate':
          after.queued_at = ticket.queued_at ?? ticket.checked_in_at ?? now;
          break;
        case 'requeue':
          // Back to the END of the line: only a transfer keeps the original place (docs/decisions.md §25);
          // a customer who missed the call rejoins behind the people who were there.
          after.counter_id = null;
          after.postponed_at = null;
          after.queued_at = now;
          break;
        case 'transfer': {
          const target = options.serviceId;
          if (!target) throw new AppError('VALIDATION_FAILED', { fields: { serviceId: 'v.required' } });
          if (target === ticket.service_id) {
            throw new AppError('TICKET_INVALID_TRANSITION', { from, action, reason: 'same_service' });
          }
          const service = await lookup.findOfferedService(trx, tenantId, ticket.branch_id, target);
          if (!service) throw new AppError('NOT_FOUND');
          if (service.is_active !== 1 || service.offered !== 1) throw new AppError('SERVICE_NOT_AVAILABLE');
          // Keeps its number and its original queue time: the customer does not lose their place.
          after.service_id = target;
          after.counter_id = null;
          after.postponed_at = null;
          after.serving_started_at = null;
          after.transfer_count = ticket.transfer_count + 1;
          break;
        }
      }
      await save(trx, ticket, after);
      await record(trx, tx, ticket, after, action, actor, now);
      if (action === 'skip' && after.skip_count > (await rules.skipLimitOf(trx, tenantId))) {
        // Past the skip limit (decision 25): the skip is followed at once by the system's
        // skipped → no_show, both stored as events; the counter stays on the ticket as history.
        const out = nextStatus(toStatus(after.status), 'expire');
        if (out) {
          const expired: repo.TicketRow = {
            ...after,
            status: out,
            closed_at: now,
            updated_at: now,
            version: after.version + 1,
          };
          await save(trx, after, expired);
          await record(trx, tx, after, expired, 'expire', 'system', now);
          return toTicket(expired);
        }
      }
      return toTicket(after);
    });
  }

  /**
   * A caller (staff without `queue.operate`) acts on a ticket that belongs to a counter only at
   * that counter: the counter of their open counter session; without a session, only on a
   * ticket they called themselves (the API used without a station). Operators and admins act
   * branch-wide. Refused with 409 `TICKET_OTHER_COUNTER` (decision 29a).
   */
  async function assertActingCounter(trx: Db, actor: Actor, ticket: repo.TicketRow): Promise<void> {
    if (actor.kind !== 'staff' || can(actor.role, 'queue.operate') || ticket.counter_id === null) return;
    const mine = await rules.openSessionCounterId(trx, ticket.tenant_id, actor.userId);
    const allowed = mine === undefined ? ticket.caller_user_id === actor.userId : mine === ticket.counter_id;
    if (!allowed) throw new AppError('TICKET_OTHER_COUNTER', { counterId: ticket.counter_id });
  }

  /**
   * A caller calls only at the counter they hold: with an open counter session at another counter
   * (taken in another tab or on another device), 409 `COUNTER_NOT_TAKEN` (decision 29b). Without
   * any session the API use of decision 29a stays allowed; `queue.operate` staff call anywhere.
   */
  async function assertHoldsCounter(
    trx: Db,
    actor: Actor,
    tenantId: string,
    counterId: string,
  ): Promise<void> {
    if (actor.kind !== 'staff' || can(actor.role, 'queue.operate')) return;
    const held = await rules.openSessionCounterId(trx, tenantId, actor.userId);
    if (held !== undefined && held !== counterId) {
      throw new AppError('COUNTER_NOT_TAKEN', { counterId: held });
    }
  }

  /** Check-in of a booking by the code on its e-ticket (kiosk of the branch, operator). */
  async function checkInByCode(actor: Actor, branchId: string, bookingCode: string): Promise<Ticket> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    if (actor.kind === 'staff' && !can(actor.role, 'queue.operate')) throw new AppError('FORBIDDEN');
    if (actor.kind !== 'staff' && actor.kind !== 'kiosk') throw new AppError('FORBIDDEN');
    const ticketId = await uow.read((db) =>
      repo.findTicketIdByBookingCode(db, tenantId, branchId, bookingCode.trim().toUpperCase()),
    );
    if (!ticketId) throw new AppError('NOT_FOUND');
    return act(actor, ticketId, 'check-in');
  }

  /**
   * System transitions driven by stored times (announcement done, auto-serve, end of day).
   * Conditional on the status the sweep saw, so several processes may run it safely.
   *
   * `dueAt` is when the transition was due (called time + 10 s, called time + the auto-serve
   * delay): it is stored as the transition's time (event, serving start) so durations stay exact
   * when the sweep runs late (a restart, a busy process). It is kept between the ticket's last
   * change (its call) and now.
   */
  async function systemTransition(
    ticket: repo.TicketRow,
    action: 'announce' | 'serve' | 'expire',
    dueAt?: number,
  ): Promise<boolean> {
    const clockNow = deps.clock.now();
    const now =
      dueAt === undefined
        ? clockNow
        : Math.min(clockNow, Math.max(dueAt, ticket.updated_at, ticket.called_at ?? 0));
    const to = nextStatus(toStatus(ticket.status), action);
    if (!to) return false;
    return uow.transaction(async (trx, tx) => {
      const after: repo.TicketRow = { ...ticket, status: to, updated_at: now, version: ticket.version + 1 };
      if (action === 'serve') after.serving_started_at = now;
      if (action === 'expire') after.closed_at = now;
      const ok = await repo.updateTicket(
        trx,
        ticket.tenant_id,
        ticket.id,
        { status: ticket.status, version: ticket.version },
        {
          status: after.status,
          updated_at: now,
          serving_started_at: after.serving_started_at,
          closed_at: after.closed_at,
        },
      );
      if (!ok) return false;
      await record(trx, tx, ticket, after, action, 'system', now);
      return true;
    });
  }

  /** A display confirms it finished announcing a call: calling → called. */
  async function acknowledgeAnnouncement(
    branchId: string,
    tenantId: string,
    ticketId: string,
  ): Promise<void> {
    const ticket = await uow.read((db) => repo.findTicket(db, kind, tenantId, ticketId));
    if (ticket?.branch_id !== branchId || ticket.status !== 'calling') return;
    await systemTransition(ticket, 'announce');
  }

  return { callNext, act, checkInByCode, systemTransition, acknowledgeAnnouncement };
}
