import { newId, randomCode } from '@antrean/shared/common/ids';
import { localDate } from '@antrean/shared/common/time';
import { type Action, can } from '@antrean/shared/auth/permissions';
import { nextStatus, type TicketAction, type UserTicketAction } from '@antrean/shared/domain/ticket/transitions';
import { formatTicketNumber } from '@antrean/shared/domain/ticket/numbering';
import { IssuedTicketSchema, type BranchQueue, type IssuedTicket, type PublicTicket, type Ticket, type TicketEvent } from '@antrean/shared/domain/ticket/ticket';
import type { IssueTicketBody } from '@antrean/shared/contracts/tickets.contract';
import type { LiveEventType } from '@antrean/shared/live/topics';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import { sha256 } from '../../lib/crypto';
import { unitOfWork, type TxContext } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import { findBranch } from '../branches/branch.repository';
import * as repo from './ticket.repository';
import * as idem from './idempotency.repository';
import { toPublicEvent, toStatus, toTicket, toTicketEvent } from './ticket.mapper';
import { estimateFor } from './estimate';
import { enqueueMessage } from '../messaging/outbox.repository';
import { serviceAvailability } from '../devices/availability';
import * as rules from './ticket-rules.repository';

/** Who may trigger which action (PRODUCT.md §1): callers work tickets, operators manage the queue. */
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
const COUNTER_BOUND_ACTIONS: ReadonlySet<UserTicketAction> = new Set(['recall', 'serve', 'hold', 'skip', 'finish', 'transfer', 'requeue']);

/** Walk-in channels that follow the service's schedule, holidays and hourly limit (decision 29). */
const SCHEDULED_CHANNELS: ReadonlySet<IssueTicketBody['channel']> = new Set(['kiosk', 'web']);

const EVENT_TYPE: Record<TicketAction, LiveEventType> = {
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
  reset: 'queue.reset',
  void: 'ticket.cancelled',
};

export interface ActionOptions {
  counterId?: string;
  serviceId?: string;
}

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
export function newEventId(now: number): string {
  if (now > eventIdMs) {
    eventIdMs = now;
    eventIdCounter = 0;
  } else {
    eventIdCounter = (eventIdCounter + 1) & 0xfff;
  }
  const id = newId(now);
  return `${id.slice(0, 15)}${eventIdCounter.toString(16).padStart(3, '0')}${id.slice(18)}`;
}

function assertMay(actor: Actor, action: UserTicketAction): void {
  // A kiosk may check in bookings of its own branch (branch access is checked by the caller).
  if (actor.kind === 'kiosk' && action === 'check-in') return;
  if (actor.kind !== 'staff') throw new AppError('FORBIDDEN');
  if (!ACTION_PERMISSIONS[action].some((p) => can(actor.role, p))) throw new AppError('FORBIDDEN');
}

export function createTicketService(deps: Deps, bus: LiveBus) {
  const { db } = deps.database;
  const kind = deps.database.kind;

  async function branchOrNotFound(trx: Transaction<DB> | typeof db, tenantId: string, branchId: string) {
    const branch = await findBranch(trx, tenantId, branchId);
    if (!branch) throw new AppError('NOT_FOUND');
    return branch;
  }

  /** Records the transition and queues its live publication for after the commit. */
  async function record(
    trx: Transaction<DB>,
    tx: TxContext,
    before: repo.TicketRow | null,
    after: repo.TicketRow,
    action: TicketAction | 'issue',
    actor: Actor | 'system',
    now: number,
  ): Promise<void> {
    const who = actorRef(actor);
    const type: LiveEventType = action === 'issue' ? 'ticket.issued' : EVENT_TYPE[action];
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
      data_json: before && before.service_id !== after.service_id ? JSON.stringify({ fromServiceId: before.service_id }) : null,
      at: now,
    });
    const ticket = toTicket(after);
    const publicData = toPublicEvent(after);
    tx.afterCommit(() =>
      bus.publish({
        kind: 'branch',
        branchId: after.branch_id,
        type,
        staff: { ticket, fromStatus: before?.status ?? null },
        public: { ticket: publicData },
        ticketCode: after.unique_code,
        counterId: after.counter_id ?? before?.counter_id ?? null,
      }),
    );
  }

  /**
   * Issues a ticket: one transaction allocates the number from the branch-local day's sequence,
   * stores the ticket and its first event, and the Idempotency-Key's answer. The same key with
   * the same body returns the first answer for 24 h; with another body, 422.
   */
  async function issue(
    actor: Actor,
    branchId: string,
    body: IssueTicketBody,
    idempotencyKey: string | undefined,
  ): Promise<{ status: 201; body: IssuedTicket }> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    if (actor.kind === 'staff' && !can(actor.role, 'queue.operate')) throw new AppError('FORBIDDEN');
    if ((actor.kind === 'kiosk' && body.channel !== 'kiosk') || (actor.kind === 'apiKey' && body.channel !== 'api' && body.channel !== 'web')) {
      throw new AppError('VALIDATION_FAILED', { fields: { channel: 'v.enum' } });
    }
    return issueIn(tenantId, actor, branchId, body, idempotencyKey);
  }

  /**
   * A visitor takes a ticket on their phone from the QR poster at the branch entrance
   * (`/layanan-on-site/:cabangId`): no account, channel `web`, only branches and services shown
   * on the web.
   */
  async function issuePublic(
    branchId: string,
    body: Omit<IssueTicketBody, 'channel'>,
    idempotencyKey: string | undefined,
  ): Promise<{ status: 201; body: IssuedTicket }> {
    const branch = await db
      .selectFrom('branches')
      .innerJoin('tenants', 'tenants.id', 'branches.tenant_id')
      .select(['branches.tenant_id', 'branches.show_on_web', 'branches.is_active', 'tenants.is_active as tenant_active'])
      .where('branches.id', '=', branchId)
      .executeTakeFirst();
    if (branch?.show_on_web !== 1) throw new AppError('NOT_FOUND');
    if (branch.tenant_active !== 1) throw new AppError('TENANT_INACTIVE');
    return issueIn(branch.tenant_id, { kind: 'public' }, branchId, { ...body, channel: 'web' }, idempotencyKey);
  }

  async function issueIn(
    tenantId: string,
    actor: Actor,
    branchId: string,
    body: IssueTicketBody,
    idempotencyKey: string | undefined,
  ): Promise<{ status: 201; body: IssuedTicket }> {
    const now = deps.clock.now();
    const requestHash = sha256(JSON.stringify({ branchId, ...body }));
    const scope = 'ticket.issue';

    return unitOfWork(deps.database).transaction(async (trx, tx) => {
      if (idempotencyKey) {
        const claim = await idem.claimKey(trx, { tenantId, scope, key: idempotencyKey, requestHash, now });
        if (!claim.claimed) {
          if (claim.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
          if (claim.responseBody === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
          return { status: 201 as const, body: IssuedTicketSchema.parse(JSON.parse(claim.responseBody)) };
        }
      }
      const branch = await branchOrNotFound(trx, tenantId, branchId);
      if (branch.is_active !== 1) throw new AppError('SERVICE_NOT_AVAILABLE');
      const service = await repo.findOfferedService(trx, tenantId, branchId, body.serviceId);
      if (!service) throw new AppError('NOT_FOUND');
      if (service.is_active !== 1 || service.offered !== 1) throw new AppError('SERVICE_NOT_AVAILABLE');
      if ((body.channel === 'kiosk' && service.show_on_kiosk !== 1) || (body.channel === 'web' && service.show_on_web !== 1)) {
        throw new AppError('SERVICE_NOT_AVAILABLE', { reason: 'hidden' });
      }
      if (body.subServiceId) {
        const sub = await repo.findSubService(trx, tenantId, service.id, body.subServiceId);
        if (!sub) throw new AppError('NOT_FOUND');
        if (sub.is_active !== 1) throw new AppError('SERVICE_NOT_AVAILABLE');
      }
      const day = localDate(now, branch.time_zone);
      const seq = await repo.nextSeq(trx, tenantId, branchId, service.id, day);
      // Kiosk and web walk-ins only while the service is open (decision 29). Checked after the
      // idempotency claim (a retried key gets its first answer) and after the sequence upsert:
      // on PostgreSQL that row lock serialises the issues of this service and day, so the hourly
      // count below already sees the tickets committed before us. A refusal rolls all of it back.
      if (SCHEDULED_CHANNELS.has(body.channel)) {
        const open = await serviceAvailability(trx, { tenantId, branchId, serviceId: service.id, timeZone: branch.time_zone, now });
        if (!open.open) throw new AppError('SERVICE_NOT_AVAILABLE', { reason: open.reason, nextOpenAt: open.nextOpenAt });
      }
      const row: repo.TicketRow = {
        id: newId(now),
        tenant_id: tenantId,
        branch_id: branchId,
        service_id: service.id,
        sequence_service_id: service.id,
        sub_service_id: body.subServiceId ?? null,
        service_day: day,
        seq,
        number: formatTicketNumber(service.code, seq),
        unique_code: randomCode(22),
        booking_code: null,
        channel: body.channel,
        status: 'waiting',
        visitor_id: null,
        phone: body.phone ?? null,
        customer_name: null,
        photo_file_id: null,
        kiosk_id: actor.kind === 'kiosk' ? actor.deviceId : null,
        slot_start_at: null,
        slot_end_at: null,
        issued_at: now,
        checked_in_at: now,
        queued_at: now,
        first_called_at: null,
        called_at: null,
        serving_started_at: null,
        finished_at: null,
        postponed_at: null,
        closed_at: null,
        counter_id: null,
        caller_user_id: null,
        recall_count: 0,
        skip_count: 0,
        transfer_count: 0,
        wait_seconds: null,
        service_seconds: null,
        sla_breached: null,
        notes: null,
        version: 1,
        created_at: now,
        updated_at: now,
      };
      await repo.insertTicket(trx, row);
      await record(trx, tx, null, row, 'issue', actor, now);
      const peopleAhead = await repo.countAhead(trx, row);
      const estimatedWait = await estimateFor(trx, row, peopleAhead, service.sla_seconds);
      const issued: IssuedTicket = {
        id: row.id,
        number: row.number,
        status: 'waiting',
        serviceId: row.service_id,
        branchId,
        uniqueCode: row.unique_code,
        issuedAt: now,
        peopleAhead,
        estimatedWait,
      };
      if (row.phone && branch.whatsapp_virtual_ticket === 1) {
        // The virtual ticket by WhatsApp (kiosk / phone), through the outbox: sent only if this commits.
        const settings = await trx.selectFrom('tenant_settings').select(['whatsapp_provider', 'default_language']).where('tenant_id', '=', tenantId).executeTakeFirst();
        await enqueueMessage(trx, {
          tenantId,
          provider: settings?.whatsapp_provider ?? 'log',
          recipient: row.phone,
          template: 'virtual_ticket',
          language: settings?.default_language ?? 'id',
          payload: { number: row.number, serviceName: service.name, branchName: branch.name, uniqueCode: row.unique_code, peopleAhead },
          dedupeKey: `ticket:${row.id}:virtual`,
          now,
        });
      }
      if (idempotencyKey) {
        await idem.completeKey(trx, { tenantId, scope, key: idempotencyKey, status: 201, body: JSON.stringify(issued) });
      }
      return { status: 201 as const, body: issued };
    });
  }

  /**
   * Calls the next waiting ticket for a counter. The counter row is locked (PostgreSQL) so one
   * counter never gets two active tickets; the ticket is picked with SKIP LOCKED so two
   * counters never get the same one.
   */
  async function callNext(actor: Actor, counterId: string): Promise<Ticket> {
    const tenantId = tenantOf(actor);
    assertMay(actor, 'call');
    const now = deps.clock.now();
    return unitOfWork(deps.database).transaction(async (trx, tx) => {
      const counter = await repo.findCounter(trx, kind, tenantId, counterId, true);
      if (!counter) throw new AppError('NOT_FOUND');
      assertBranchAccess(actor, counter.branch_id);
      if (counter.is_active !== 1) throw new AppError('SERVICE_NOT_AVAILABLE');
      if (await repo.findActiveForCounter(trx, tenantId, counterId)) throw new AppError('COUNTER_BUSY');
      const branch = await branchOrNotFound(trx, tenantId, counter.branch_id);
      let serviceIds = await repo.counterServiceIds(trx, tenantId, counterId);
      // A caller who took this counter for some of its services calls only those.
      if (actor.kind === 'staff') {
        const chosen = await repo.stationServiceIds(trx, tenantId, counterId, actor.userId);
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
    trx: Transaction<DB>,
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
      wait_seconds: first && ticket.queued_at !== null ? Math.max(0, Math.round((now - ticket.queued_at) / 1000)) : ticket.wait_seconds,
      recall_count: action === 'recall' ? ticket.recall_count + 1 : ticket.recall_count,
      postponed_at: null,
      updated_at: now,
      version: ticket.version + 1,
    };
    await save(trx, ticket, after);
    await record(trx, tx, ticket, after, action, actor, now);
    return toTicket(after);
  }

  async function save(trx: Transaction<DB>, before: repo.TicketRow, after: repo.TicketRow): Promise<void> {
    const { id: _id, tenant_id: _tenant, version: _version, ...patch } = after;
    const ok = await repo.updateTicket(trx, before.tenant_id, before.id, { status: before.status, version: before.version }, patch);
    if (!ok) throw new AppError('TICKET_INVALID_TRANSITION', { from: before.status, reason: 'concurrent_change' });
  }

  /** Applies one user action (`POST /tickets/:id/<action>`) through the shared transition table. */
  async function act(actor: Actor, ticketId: string, action: UserTicketAction, options: ActionOptions = {}): Promise<Ticket> {
    const tenantId = tenantOf(actor);
    const now = deps.clock.now();
    return unitOfWork(deps.database).transaction(async (trx, tx) => {
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
        if (!counterId) throw new AppError('TICKET_INVALID_TRANSITION', { from, action, reason: 'no_counter' });
        const counter = await repo.findCounter(trx, kind, tenantId, counterId, true);
        if (counter?.branch_id !== ticket.branch_id) throw new AppError('NOT_FOUND');
        if (action === 'call') {
          await assertHoldsCounter(trx, actor, tenantId, counterId);
          const serviceIds = await repo.counterServiceIds(trx, tenantId, counterId);
          if (!serviceIds.includes(ticket.service_id)) throw new AppError('TICKET_INVALID_TRANSITION', { from, action, reason: 'service_not_served' });
          const service = await repo.findOfferedService(trx, tenantId, ticket.branch_id, ticket.service_id);
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
            after.service_seconds = (ticket.service_seconds ?? 0) + Math.round((now - ticket.serving_started_at) / 1000);
            after.serving_started_at = null;
          }
          break;
        case 'finish': {
          const service = await repo.findOfferedService(trx, tenantId, ticket.branch_id, ticket.service_id);
          const served = (ticket.service_seconds ?? 0) + Math.max(0, Math.round((now - (ticket.serving_started_at ?? now)) / 1000));
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
          const service = await repo.findOfferedService(trx, tenantId, ticket.branch_id, ticket.service_id);
          after.status = service?.requires_validation === 1 ? 'unvalidated' : 'waiting';
          after.checked_in_at = now;
          after.queued_at = now;
          break;
        }
        case 'validate':
          after.queued_at = ticket.queued_at ?? ticket.checked_in_at ?? now;
          break;
        case 'requeue':
          // Back to the END of the line: only a transfer keeps the original place (PRODUCT.md);
          // a customer who missed the call rejoins behind the people who were there.
          after.counter_id = null;
          after.postponed_at = null;
          after.queued_at = now;
          break;
        case 'transfer': {
          const target = options.serviceId;
          if (!target) throw new AppError('VALIDATION_FAILED', { fields: { serviceId: 'v.required' } });
          if (target === ticket.service_id) throw new AppError('TICKET_INVALID_TRANSITION', { from, action, reason: 'same_service' });
          const service = await repo.findOfferedService(trx, tenantId, ticket.branch_id, target);
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
          const expired: repo.TicketRow = { ...after, status: out, closed_at: now, updated_at: now, version: after.version + 1 };
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
  async function assertActingCounter(trx: Transaction<DB>, actor: Actor, ticket: repo.TicketRow): Promise<void> {
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
  async function assertHoldsCounter(trx: Transaction<DB>, actor: Actor, tenantId: string, counterId: string): Promise<void> {
    if (actor.kind !== 'staff' || can(actor.role, 'queue.operate')) return;
    const held = await rules.openSessionCounterId(trx, tenantId, actor.userId);
    if (held !== undefined && held !== counterId) throw new AppError('COUNTER_NOT_TAKEN', { counterId: held });
  }

  /** Check-in of a booking by the code on its e-ticket (kiosk of the branch, operator). */
  async function checkInByCode(actor: Actor, branchId: string, bookingCode: string): Promise<Ticket> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    if (actor.kind === 'staff' && !can(actor.role, 'queue.operate')) throw new AppError('FORBIDDEN');
    if (actor.kind !== 'staff' && actor.kind !== 'kiosk') throw new AppError('FORBIDDEN');
    const ticket = await db
      .selectFrom('tickets')
      .select(['id'])
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .where('booking_code', '=', bookingCode.trim().toUpperCase())
      .executeTakeFirst();
    if (!ticket) throw new AppError('NOT_FOUND');
    return act(actor, ticket.id, 'check-in');
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
  async function systemTransition(ticket: repo.TicketRow, action: 'announce' | 'serve' | 'expire', dueAt?: number): Promise<boolean> {
    const clockNow = deps.clock.now();
    const now = dueAt === undefined ? clockNow : Math.min(clockNow, Math.max(dueAt, ticket.updated_at, ticket.called_at ?? 0));
    const to = nextStatus(toStatus(ticket.status), action);
    if (!to) return false;
    return unitOfWork(deps.database).transaction(async (trx, tx) => {
      const after: repo.TicketRow = { ...ticket, status: to, updated_at: now, version: ticket.version + 1 };
      if (action === 'serve') after.serving_started_at = now;
      if (action === 'expire') after.closed_at = now;
      const ok = await repo.updateTicket(trx, ticket.tenant_id, ticket.id, { status: ticket.status, version: ticket.version }, {
        status: after.status,
        updated_at: now,
        serving_started_at: after.serving_started_at,
        closed_at: after.closed_at,
      });
      if (!ok) return false;
      await record(trx, tx, ticket, after, action, 'system', now);
      return true;
    });
  }

  /** A display confirms it finished announcing a call: calling → called. */
  async function acknowledgeAnnouncement(branchId: string, tenantId: string, ticketId: string): Promise<void> {
    const ticket = await repo.findTicket(db, kind, tenantId, ticketId);
    if (ticket?.branch_id !== branchId || ticket.status !== 'calling') return;
    await systemTransition(ticket, 'announce');
  }

  async function get(actor: Actor, ticketId: string): Promise<Ticket & { events: TicketEvent[] }> {
    const tenantId = tenantOf(actor);
    const ticket = await repo.findTicket(db, kind, tenantId, ticketId);
    if (!ticket) throw new AppError('NOT_FOUND');
    assertBranchAccess(actor, ticket.branch_id);
    const events = await repo.listEvents(db, tenantId, ticketId);
    return { ...toTicket(ticket), events: events.map(toTicketEvent) };
  }

  async function publicGet(uniqueCode: string): Promise<PublicTicket> {
    const ticket = await repo.findTicketByCode(db, uniqueCode);
    if (!ticket) throw new AppError('NOT_FOUND');
    const [branch, service] = await Promise.all([
      findBranch(db, ticket.tenant_id, ticket.branch_id),
      repo.findOfferedService(db, ticket.tenant_id, ticket.branch_id, ticket.service_id),
    ]);
    if (!branch || !service) throw new AppError('NOT_FOUND');
    const counter = ticket.counter_id ? await repo.findCounter(db, kind, ticket.tenant_id, ticket.counter_id) : undefined;
    const waiting = ticket.status === 'waiting';
    const peopleAhead = waiting ? await repo.countAhead(db, ticket) : 0;
    const showCounter = ticket.status === 'calling' || ticket.status === 'called' || ticket.status === 'serving';
    return {
      number: ticket.number,
      status: toStatus(ticket.status),
      serviceDay: ticket.service_day,
      service: { id: service.id, name: service.name, code: service.code },
      branch: { id: branch.id, name: branch.name, code: branch.code, timeZone: branch.time_zone },
      peopleAhead,
      estimatedWait: waiting && service.show_remaining_queue === 1 ? await estimateFor(db, ticket, peopleAhead, service.sla_seconds) : null,
      counter: showCounter && counter ? { id: counter.id, name: counter.name, number: counter.number } : null,
      issuedAt: ticket.issued_at,
      calledAt: ticket.called_at,
    };
  }

  /** Today's queue of a branch (branch-local day), per offered service. */
  async function queue(actor: Actor, branchId: string): Promise<BranchQueue> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    const branch = await branchOrNotFound(db, tenantId, branchId);
    return queueSnapshot(tenantId, branch.id, branch.time_zone);
  }

  async function queueSnapshot(tenantId: string, branchId: string, timeZone: string): Promise<BranchQueue> {
    const day = localDate(deps.clock.now(), timeZone);
    const [tickets, counts, services] = await Promise.all([
      repo.listOpenTickets(db, tenantId, branchId, day),
      repo.countByStatus(db, tenantId, branchId, day),
      db
        .selectFrom('services')
        .innerJoin('branch_services', 'branch_services.service_id', 'services.id')
        .select(['services.id', 'services.code', 'services.name'])
        .where('branch_services.tenant_id', '=', tenantId)
        .where('branch_services.branch_id', '=', branchId)
        .orderBy('services.sort_order')
        .orderBy('services.code')
        .execute(),
    ]);
    const countOf = (serviceId: string, statuses: string[]) =>
      counts.filter((c) => c.service_id === serviceId && statuses.includes(c.status)).reduce((sum, c) => sum + c.n, 0);
    return {
      branchId,
      serviceDay: day,
      services: services.map((s) => {
        const mine = tickets.filter((t) => t.service_id === s.id).map(toTicket);
        return {
          serviceId: s.id,
          code: s.code,
          name: s.name,
          counts: {
            waiting: countOf(s.id, ['waiting']),
            active: countOf(s.id, ['calling', 'called', 'serving']),
            held: countOf(s.id, ['held']),
            skipped: countOf(s.id, ['skipped']),
            finished: countOf(s.id, ['finished']),
            unvalidated: countOf(s.id, ['unvalidated']),
            booked: countOf(s.id, ['booked']),
          },
          waiting: mine.filter((t) => t.status === 'waiting'),
          active: mine.filter((t) => t.status === 'calling' || t.status === 'called' || t.status === 'serving'),
          held: mine.filter((t) => t.status === 'held'),
          skipped: mine.filter((t) => t.status === 'skipped'),
        };
      }),
    };
  }

  /**
   * Reset queue (PRODUCT.md §2): today's bookings go back to `booked` with check-in and call
   * data cleared, today's unfinished walk-ins are cancelled; audited; screens are told.
   */
  async function resetQueue(actor: Actor, branchId: string, serviceId: string | undefined): Promise<{ reset: number; cancelled: number }> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    if (actor.kind !== 'staff' || !can(actor.role, 'tenant.reset-queue')) throw new AppError('FORBIDDEN');
    const now = deps.clock.now();
    return unitOfWork(deps.database).transaction(async (trx, tx) => {
      const branch = await branchOrNotFound(trx, tenantId, branchId);
      if (serviceId && !(await repo.findOfferedService(trx, tenantId, branchId, serviceId))) throw new AppError('NOT_FOUND');
      const day = localDate(now, branch.time_zone);
      const tickets = await repo.listTodayTicketsForReset(trx, tenantId, branchId, day, serviceId);
      let reset = 0;
      let cancelled = 0;
      for (const ticket of tickets) {
        const isBooking = ticket.slot_start_at !== null;
        const action = isBooking ? 'reset' : 'void';
        const to = nextStatus(toStatus(ticket.status), action);
        if (!to) continue;
        const after: repo.TicketRow = isBooking
          ? {
              ...ticket,
              status: to,
              service_id: ticket.sequence_service_id,
              checked_in_at: null,
              queued_at: null,
              first_called_at: null,
              called_at: null,
              serving_started_at: null,
              finished_at: null,
              postponed_at: null,
              closed_at: null,
              counter_id: null,
              caller_user_id: null,
              recall_count: 0,
              skip_count: 0,
              wait_seconds: null,
              service_seconds: null,
              sla_breached: null,
              updated_at: now,
              version: ticket.version + 1,
            }
          : { ...ticket, status: to, closed_at: now, updated_at: now, version: ticket.version + 1 };
        await save(trx, ticket, after);
        await record(trx, tx, ticket, after, action, actor, now);
        if (isBooking) reset += 1;
        else cancelled += 1;
      }
      await trx
        .insertInto('audit_log')
        .values({
          id: newId(now),
          tenant_id: tenantId,
          branch_id: branchId,
          actor_kind: 'staff',
          actor_id: actor.userId,
          actor_name: actor.username,
          action: 'queue.reset',
          entity_type: 'branch',
          entity_id: branchId,
          before_json: null,
          after_json: JSON.stringify({ serviceId: serviceId ?? null, reset, cancelled, day }),
          ip: null,
          at: now,
        })
        .execute();
      tx.afterCommit(() =>
        bus.publish({ kind: 'branch', branchId, type: 'queue.reset', staff: { serviceId: serviceId ?? null, day }, public: { serviceId: serviceId ?? null, day } }),
      );
      return { reset, cancelled };
    });
  }

  /** The live `counter:<id>` snapshot: the counter's active ticket. */
  async function counterSnapshot(tenantId: string, counterId: string): Promise<{ counterId: string; activeTicket: Ticket | null }> {
    const active = await repo.findActiveForCounter(db, tenantId, counterId);
    return { counterId, activeTicket: active ? toTicket(active) : null };
  }

  return { counterSnapshot, issue, issuePublic, checkInByCode, callNext, act, systemTransition, acknowledgeAnnouncement, get, publicGet, queue, queueSnapshot, resetQueue };
}

export type TicketService = ReturnType<typeof createTicketService>;
