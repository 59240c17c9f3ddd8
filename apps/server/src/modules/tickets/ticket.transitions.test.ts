/**
 * The ticket state machine over HTTP (TRANSITIONS in shared): every action endpoint with an allowed and a
 * refused transition, the event written per transition, call-next refusals, random calling,
 * transfer, reset queue, call order, and the derived figures (wait, service time, SLA, public view).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { estimateWait } from '@antrean/shared/domain/ticket/estimate';
import { TEST_NOW } from '../../test/app';
import { describeWithDb } from '../../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  eventsOf,
  insertTicket,
  issueOk,
  ticketApi,
  ticketRow,
  type EngineApp,
  type QueueScenario,
} from '../../test/engine-helpers';

describeWithDb('ticket state machine over HTTP', () => {
  let t: EngineApp;
  let api: ReturnType<typeof ticketApi>;
  beforeAll(async () => {
    t = await buildEngineApp();
    api = ticketApi(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    t.clock.set(TEST_NOW);
  });

  const state = async (id: string) => ({
    row: await ticketRow(t.database, id),
    events: await eventsOf(t.database, id),
  });

  /** A refused action: the given status and code, and the ticket row and its events exactly as before. */
  async function expectRefused(
    id: string,
    send: () => ReturnType<typeof api.act>,
    status = 409,
    code = 'TICKET_INVALID_TRANSITION',
  ): Promise<void> {
    const before = await state(id);
    t.clock.advance(1000);
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(await state(id)).toEqual(before);
  }

  /** An allowed action: 200 with the new status, and exactly one new event describing it. */
  async function expectMoved(
    id: string,
    send: () => ReturnType<typeof api.act>,
    expected: { from: string; to: string; type: string; actorId: string; counterId: string | null },
  ) {
    const before = await eventsOf(t.database, id);
    t.clock.advance(1000);
    const response = await send();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe(expected.to);
    const after = await eventsOf(t.database, id);
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((e) => !before.some((b) => b.id === e.id));
    expect(added).toMatchObject({
      type: expected.type,
      from_status: expected.from,
      to_status: expected.to,
      actor_kind: 'staff',
      actor_id: expected.actorId,
      counter_id: expected.counterId,
      at: t.clock.now(),
    });
    const row = await ticketRow(t.database, id);
    expect(row.status).toBe(expected.to);
    expect(row.updated_at).toBe(t.clock.now());
    return response.json();
  }

  describe('each action endpoint: one allowed and one refused transition', () => {
    let s: QueueScenario;
    let caller: string;
    let callerId: string;
    let operator: string;
    let operatorId: string;
    let c1: string;
    beforeAll(async () => {
      s = await buildQueueScenario(t, { serviceCodes: ['A', 'B'], counterServices: [[0, 1], [1]] });
      caller = s.cookies.caller;
      callerId = s.users.caller.id;
      operator = s.cookies.operator;
      operatorId = s.users.operator.id;
      c1 = s.counters[0]?.id ?? '';
    });

    const callNextOk = async (counterId: string) => {
      const response = await api.callNext(counterId, caller);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    it('call (random caller), recall, serve, finish', async () => {
      await t.database.db
        .updateTable('services')
        .set({ random_caller: 1 })
        .where('id', '=', s.services[0]?.id ?? '')
        .execute();
      try {
        const first = await issueOk(t.app, s, 0);
        const chosen = await issueOk(t.app, s, 0);
        // call: waiting → calling at the chosen counter, out of order (random caller).
        await expectMoved(chosen.id, () => api.act(chosen.id, 'call', caller, { counterId: c1 }), {
          from: 'waiting',
          to: 'calling',
          type: 'ticket.called',
          actorId: callerId,
          counterId: c1,
        });
        expect((await ticketRow(t.database, first.id)).status).toBe('waiting');
        // call refused on a ticket that is already calling.
        await expectRefused(chosen.id, () => api.act(chosen.id, 'call', caller, { counterId: c1 }));
        // recall: calling → calling, counted.
        await expectMoved(chosen.id, () => api.act(chosen.id, 'recall', caller), {
          from: 'calling',
          to: 'calling',
          type: 'ticket.recalled',
          actorId: callerId,
          counterId: c1,
        });
        expect((await ticketRow(t.database, chosen.id)).recall_count).toBe(1);
        // recall refused on a waiting ticket.
        await expectRefused(first.id, () => api.act(first.id, 'recall', caller));
        // serve refused on a waiting ticket; allowed from calling.
        await expectRefused(first.id, () => api.act(first.id, 'serve', caller));
        // finish refused from calling.
        await expectRefused(chosen.id, () => api.act(chosen.id, 'finish', caller));
        await expectMoved(chosen.id, () => api.act(chosen.id, 'serve', caller), {
          from: 'calling',
          to: 'serving',
          type: 'ticket.serving',
          actorId: callerId,
          counterId: c1,
        });
        await expectMoved(chosen.id, () => api.act(chosen.id, 'finish', caller), {
          from: 'serving',
          to: 'finished',
          type: 'ticket.finished',
          actorId: callerId,
          counterId: c1,
        });
        // Nothing leaves finished.
        for (const action of ['recall', 'serve', 'hold', 'skip', 'finish', 'requeue']) {
          await expectRefused(chosen.id, () => api.act(chosen.id, action, caller));
        }
        await expectRefused(chosen.id, () => api.act(chosen.id, 'cancel', operator));
        // Tidy: take the first ticket out of the way.
        await api.act(first.id, 'cancel', operator);
      } finally {
        await t.database.db
          .updateTable('services')
          .set({ random_caller: 0 })
          .where('id', '=', s.services[0]?.id ?? '')
          .execute();
      }
    });

    it('calling a chosen ticket on a service without random caller → 403 RANDOM_CALL_NOT_ALLOWED, nothing changed', async () => {
      const ticket = await issueOk(t.app, s, 0);
      await expectRefused(
        ticket.id,
        () => api.act(ticket.id, 'call', caller, { counterId: c1 }),
        403,
        'RANDOM_CALL_NOT_ALLOWED',
      );
      await api.act(ticket.id, 'cancel', operator);
    });

    it('hold (from serving), recall from held at the same counter, skip, requeue', async () => {
      const ticket = await issueOk(t.app, s, 0);
      // hold and skip refused on a waiting ticket.
      await expectRefused(ticket.id, () => api.act(ticket.id, 'hold', caller));
      await expectRefused(ticket.id, () => api.act(ticket.id, 'skip', caller));
      const called = await callNextOk(c1);
      expect(called.id).toBe(ticket.id);
      await api.act(ticket.id, 'serve', caller);
      // skip refused from serving; hold allowed.
      await expectRefused(ticket.id, () => api.act(ticket.id, 'skip', caller));
      await expectMoved(ticket.id, () => api.act(ticket.id, 'hold', caller), {
        from: 'serving',
        to: 'held',
        type: 'ticket.held',
        actorId: callerId,
        counterId: c1,
      });
      // requeue refused from... nothing yet: recall from held goes back to calling at the SAME counter.
      const recalled = await expectMoved(ticket.id, () => api.act(ticket.id, 'recall', caller), {
        from: 'held',
        to: 'calling',
        type: 'ticket.recalled',
        actorId: callerId,
        counterId: c1,
      });
      expect(recalled.counterId).toBe(c1);
      await expectMoved(ticket.id, () => api.act(ticket.id, 'skip', caller), {
        from: 'calling',
        to: 'skipped',
        type: 'ticket.skipped',
        actorId: callerId,
        counterId: c1,
      });
      expect((await ticketRow(t.database, ticket.id)).skip_count).toBe(1);
      // requeue: skipped → waiting, by an operator; then refused from waiting.
      await expectMoved(ticket.id, () => api.act(ticket.id, 'requeue', operator), {
        from: 'skipped',
        to: 'waiting',
        type: 'ticket.requeued',
        actorId: operatorId,
        counterId: c1,
      });
      expect((await ticketRow(t.database, ticket.id)).counter_id).toBeNull();
      await expectRefused(ticket.id, () => api.act(ticket.id, 'requeue', operator));
      await api.act(ticket.id, 'cancel', operator);
    });

    it('cancel (operator), and who may not', async () => {
      const ticket = await issueOk(t.app, s, 0);
      // A caller may not cancel (operator work): 403, nothing changed.
      await expectRefused(ticket.id, () => api.act(ticket.id, 'cancel', caller), 403, 'FORBIDDEN');
      await expectMoved(ticket.id, () => api.act(ticket.id, 'cancel', operator), {
        from: 'waiting',
        to: 'cancelled',
        type: 'ticket.cancelled',
        actorId: operatorId,
        counterId: null,
      });
      expect((await ticketRow(t.database, ticket.id)).closed_at).toBe(t.clock.now());
      // A serving ticket cannot be cancelled.
      const other = await issueOk(t.app, s, 0);
      await callNextOk(c1);
      await api.act(other.id, 'serve', caller);
      await expectRefused(other.id, () => api.act(other.id, 'cancel', operator));
      await api.act(other.id, 'finish', caller);
    });

    it('check-in (booked → waiting, or unvalidated when the service needs validation) and validate', async () => {
      const service = s.services[1];
      if (!service) throw new Error('service');
      // Inside the default check-in window (30 min before the slot to 15 min after).
      const slot = t.clock.now() + 10 * 60_000;
      const booking = await insertTicket(t, {
        branchId: s.branch.id,
        serviceId: service.id,
        status: 'booked',
        slotStartAt: slot,
        queuedAt: null,
      });
      // validate refused on a booked ticket; check-in allowed.
      await expectRefused(booking.id, () => api.act(booking.id, 'validate', operator));
      await expectMoved(booking.id, () => api.act(booking.id, 'check-in', operator), {
        from: 'booked',
        to: 'waiting',
        type: 'ticket.checked_in',
        actorId: operatorId,
        counterId: null,
      });
      const row = await ticketRow(t.database, booking.id);
      expect(row.checked_in_at).toBe(t.clock.now());
      expect(row.queued_at).toBe(t.clock.now());
      // check-in refused once waiting.
      await expectRefused(booking.id, () => api.act(booking.id, 'check-in', operator));
      await api.act(booking.id, 'cancel', operator);

      await t.database.db
        .updateTable('services')
        .set({ requires_validation: 1 })
        .where('id', '=', service.id)
        .execute();
      try {
        const needsReview = await insertTicket(t, {
          branchId: s.branch.id,
          serviceId: service.id,
          status: 'booked',
          slotStartAt: slot,
          queuedAt: null,
        });
        await expectMoved(needsReview.id, () => api.act(needsReview.id, 'check-in', operator), {
          from: 'booked',
          to: 'unvalidated',
          type: 'ticket.checked_in',
          actorId: operatorId,
          counterId: null,
        });
        // An unvalidated ticket is not called.
        const empty = await api.callNext(s.counters[1]?.id ?? '', caller);
        expect(empty.statusCode).toBe(409);
        expect(empty.json().error.code).toBe('QUEUE_EMPTY');
        await expectMoved(needsReview.id, () => api.act(needsReview.id, 'validate', operator), {
          from: 'unvalidated',
          to: 'waiting',
          type: 'ticket.validated',
          actorId: operatorId,
          counterId: null,
        });
        await expectRefused(needsReview.id, () => api.act(needsReview.id, 'validate', operator));
        await api.act(needsReview.id, 'cancel', operator);
      } finally {
        await t.database.db
          .updateTable('services')
          .set({ requires_validation: 0 })
          .where('id', '=', service.id)
          .execute();
      }
    });

    it('transfer keeps number and queue time, changes service, and is called before later tickets of the target service', async () => {
      const [a, b] = s.services;
      if (!a || !b) throw new Error('services');
      const moved = await issueOk(t.app, s, 0);
      const movedRow = await ticketRow(t.database, moved.id);
      // transfer refused while waiting.
      await expectRefused(moved.id, () => api.act(moved.id, 'transfer', caller, { serviceId: b.id }));
      t.clock.advance(60_000);
      const laterB1 = await issueOk(t.app, s, 1);
      t.clock.advance(60_000);
      const laterB2 = await issueOk(t.app, s, 1);
      // Counter 1 serves A and B; the A ticket is the oldest.
      expect((await callNextOk(c1)).id).toBe(moved.id);
      // Transfer to an unknown service → 404, to its own service → 400; nothing changed.
      await expectRefused(
        moved.id,
        () => api.act(moved.id, 'transfer', caller, { serviceId: '01900000-0000-7000-8000-000000000000' }),
        404,
        'NOT_FOUND',
      );
      await expectRefused(moved.id, () => api.act(moved.id, 'transfer', caller, { serviceId: a.id }));
      const transferred = await expectMoved(
        moved.id,
        () => api.act(moved.id, 'transfer', caller, { serviceId: b.id }),
        {
          from: 'calling',
          to: 'waiting',
          type: 'ticket.transferred',
          actorId: callerId,
          counterId: c1,
        },
      );
      expect(transferred).toMatchObject({
        serviceId: b.id,
        number: moved.number,
        counterId: null,
        transferCount: 1,
        queuedAt: movedRow.queued_at,
      });
      const row = await ticketRow(t.database, moved.id);
      expect(row).toMatchObject({
        service_id: b.id,
        number: movedRow.number,
        seq: movedRow.seq,
        queued_at: movedRow.queued_at,
        sequence_service_id: a.id,
      });
      const events = await eventsOf(t.database, moved.id);
      expect(JSON.parse(events.at(-1)?.data_json ?? '{}')).toEqual({ fromServiceId: a.id });
      // Counter 2 serves only B: the transferred ticket first (it kept its place), then the later B tickets.
      const c2 = s.counters[1]?.id ?? '';
      expect((await callNextOk(c2)).id).toBe(moved.id);
      await api.act(moved.id, 'serve', caller);
      await api.act(moved.id, 'finish', caller);
      expect((await callNextOk(c2)).id).toBe(laterB1.id);
      await api.act(laterB1.id, 'serve', caller);
      await api.act(laterB1.id, 'finish', caller);
      expect((await callNextOk(c2)).id).toBe(laterB2.id);
      await api.act(laterB2.id, 'serve', caller);
      await api.act(laterB2.id, 'finish', caller);
    });

    it('call-next while the counter has an active ticket → 409 COUNTER_BUSY; empty queue → 409 QUEUE_EMPTY', async () => {
      const ticket = await issueOk(t.app, s, 0);
      const other = await issueOk(t.app, s, 0);
      expect((await callNextOk(c1)).id).toBe(ticket.id);
      const before = await state(other.id);
      const busy = await api.callNext(c1, caller);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error.code).toBe('COUNTER_BUSY');
      expect(await state(other.id)).toEqual(before);
      // Also when the counter's ticket is being served; and a random call to a busy counter.
      await api.act(ticket.id, 'serve', caller);
      expect((await api.callNext(c1, caller)).json().error.code).toBe('COUNTER_BUSY');
      await api.act(ticket.id, 'finish', caller);
      expect((await callNextOk(c1)).id).toBe(other.id);
      await api.act(other.id, 'serve', caller);
      await api.act(other.id, 'finish', caller);
      const empty = await api.callNext(c1, caller);
      expect(empty.statusCode).toBe(409);
      expect(empty.json().error.code).toBe('QUEUE_EMPTY');
      // An operator may not call (caller work); another tenant's counter is not found.
      expect((await api.callNext(c1, operator)).statusCode).toBe(403);
      const foreign = await t.f.buildCounter();
      expect((await api.callNext(foreign.id, caller)).statusCode).toBe(404);
    });
  });

  describe('reset queue', () => {
    it('admin: walk-ins cancelled, bookings back to booked with check-in and call data cleared; operator → 403', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A', 'B'], counterServices: [[0, 1]] });
      const [a, b] = s.services;
      const counter = s.counters[0]?.id ?? '';
      if (!a || !b) throw new Error('services');
      const now = t.clock.now();
      const booking = await insertTicket(t, {
        branchId: s.branch.id,
        serviceId: a.id,
        status: 'waiting',
        slotStartAt: now - 600_000,
        queuedAt: now - 300_000,
      });
      const walkIn = await issueOk(t.app, s, 0);
      t.clock.advance(1000);
      const finishedWalkIn = await issueOk(t.app, s, 1);
      const yesterday = await insertTicket(t, {
        branchId: s.branch.id,
        serviceId: a.id,
        status: 'waiting',
        serviceDay: '2026-01-04',
      });
      // The booking is called (the slot has started, it goes first), the B walk-in finished.
      const first = await api.callNext(counter, s.cookies.caller);
      expect(first.json().id).toBe(booking.id);
      await api.act(booking.id, 'serve', s.cookies.caller);
      await api.act(booking.id, 'hold', s.cookies.caller);
      expect((await api.callNext(counter, s.cookies.caller)).json().id).toBe(walkIn.id);
      await api.act(walkIn.id, 'skip', s.cookies.caller);
      expect((await api.callNext(counter, s.cookies.caller)).json().id).toBe(finishedWalkIn.id);
      await api.act(finishedWalkIn.id, 'serve', s.cookies.caller);
      await api.act(finishedWalkIn.id, 'finish', s.cookies.caller);
      const stillWaiting = await issueOk(t.app, s, 1);

      const before = await Promise.all(
        [booking.id, walkIn.id, finishedWalkIn.id, yesterday.id, stillWaiting.id].map(state),
      );
      const refused = await api.resetQueue(s.branch.id, s.cookies.operator);
      expect(refused.statusCode).toBe(403);
      expect(
        await Promise.all(
          [booking.id, walkIn.id, finishedWalkIn.id, yesterday.id, stillWaiting.id].map(state),
        ),
      ).toEqual(before);

      t.clock.advance(5000);
      const reset = await api.resetQueue(s.branch.id, s.cookies.admin);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ reset: 1, cancelled: 2 });

      expect(await ticketRow(t.database, booking.id)).toMatchObject({
        status: 'booked',
        service_id: a.id,
        checked_in_at: null,
        queued_at: null,
        first_called_at: null,
        called_at: null,
        serving_started_at: null,
        postponed_at: null,
        counter_id: null,
        caller_user_id: null,
        wait_seconds: null,
        service_seconds: null,
        number: booking.number,
      });
      expect(await ticketRow(t.database, walkIn.id)).toMatchObject({
        status: 'cancelled',
        closed_at: t.clock.now(),
      });
      expect((await ticketRow(t.database, stillWaiting.id)).status).toBe('cancelled');
      expect((await ticketRow(t.database, finishedWalkIn.id)).status).toBe('finished');
      expect(await state(yesterday.id)).toEqual(before[3]);
      const lastOf = async (id: string) => (await eventsOf(t.database, id)).at(-1);
      expect(await lastOf(booking.id)).toMatchObject({
        type: 'queue.reset',
        from_status: 'held',
        to_status: 'booked',
        actor_id: s.users.admin.id,
      });
      expect(await lastOf(walkIn.id)).toMatchObject({
        type: 'ticket.cancelled',
        from_status: 'skipped',
        to_status: 'cancelled',
      });
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('tenant_id', '=', s.tenantId)
        .where('action', '=', 'queue.reset')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_id: s.users.admin.id, entity_id: s.branch.id });
      // The queue is empty afterwards, and numbering continues (numbers are never reused that day).
      expect((await api.callNext(counter, s.cookies.caller)).json().error.code).toBe('QUEUE_EMPTY');
      // (A001 booking, A002 walk-in, A003 taken by the row then moved to yesterday.)
      const next = await issueOk(t.app, s, 0);
      expect(next.number).toBe('A004');
    });

    it('per service: only that service’s tickets are reset', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A', 'B'] });
      const inA = await issueOk(t.app, s, 0);
      const inB = await issueOk(t.app, s, 1);
      const reset = await api.resetQueue(s.branch.id, s.cookies.admin, { serviceId: s.services[1]?.id });
      expect(reset.json()).toEqual({ reset: 0, cancelled: 1 });
      expect((await ticketRow(t.database, inA.id)).status).toBe('waiting');
      expect((await ticketRow(t.database, inB.id)).status).toBe('cancelled');
    });
  });

  describe('call order', () => {
    it('bookings whose slot has started come first (by slot), then everyone by queue time; only today, this branch, served services', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A', 'B'], counterServices: [[0]] });
      const [a, b] = s.services;
      if (!a || !b) throw new Error('services');
      const T = t.clock.now();
      const min = 60_000;
      const at = (offset: number, values: Partial<Parameters<typeof insertTicket>[1]> = {}) =>
        insertTicket(t, {
          branchId: s.branch.id,
          serviceId: a.id,
          status: 'waiting',
          queuedAt: T + offset,
          slotStartAt: null,
          ...values,
        });
      const w1 = await at(-30 * min);
      const bookingLater = await at(-15 * min, { slotStartAt: T + 30 * min });
      const w2 = await at(-20 * min);
      const bookingDue1 = await at(-1 * min, { slotStartAt: T - 5 * min });
      const bookingDue2 = await at(-2 * min, { slotStartAt: T - 10 * min });
      // Never called by this counter: another service, yesterday, another branch, not waiting.
      await at(-60 * min, { serviceId: b.id });
      await at(-60 * min, { serviceDay: '2026-01-04' });
      const otherBranch = await t.f.buildBranch({ tenantId: s.tenantId });
      await t.database.db
        .insertInto('branch_services')
        .values({
          id: '01900000-0000-7000-8000-0000000000aa',
          tenant_id: s.tenantId,
          branch_id: otherBranch.id,
          service_id: a.id,
          is_active: 1,
          created_at: T,
          updated_at: T,
        })
        .execute();
      await insertTicket(t, {
        branchId: otherBranch.id,
        serviceId: a.id,
        status: 'waiting',
        queuedAt: T - 90 * min,
      });
      await at(-70 * min, { status: 'held' });

      const counter = s.counters[0]?.id ?? '';
      const order: string[] = [];
      const next = async () => {
        const r = await api.callNext(counter, s.cookies.caller);
        expect(r.statusCode, r.body).toBe(200);
        const id = r.json().id as string;
        order.push(id);
        await api.act(id, 'skip', s.cookies.caller);
        return id;
      };
      await next();
      await next();
      // Half an hour later the later booking's slot has started: it jumps ahead of the walk-ins.
      t.clock.advance(31 * min);
      await next();
      await next();
      await next();
      const names = new Map([
        [bookingDue2.id, 'bookingDue2'],
        [bookingDue1.id, 'bookingDue1'],
        [bookingLater.id, 'bookingLater'],
        [w1.id, 'w1'],
        [w2.id, 'w2'],
      ]);
      expect(order.map((id) => names.get(id) ?? id)).toEqual([
        'bookingDue2',
        'bookingDue1',
        'bookingLater',
        'w1',
        'w2',
      ]);
      expect((await api.callNext(counter, s.cookies.caller)).json().error.code).toBe('QUEUE_EMPTY');
    });
  });

  describe('derived figures', () => {
    it('wait_seconds = first call − queue time (kept on recall); service_seconds and SLA breach at finish', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A'], slaSeconds: 300 });
      const counter = s.counters[0]?.id ?? '';
      const caller = s.cookies.caller;
      const ticket = await issueOk(t.app, s, 0);
      t.clock.advance(125_000);
      const called = (await api.callNext(counter, caller)).json();
      expect(called).toMatchObject({ id: ticket.id, waitSeconds: 125, firstCalledAt: t.clock.now() });
      t.clock.advance(10_000);
      await api.act(ticket.id, 'recall', caller);
      expect(await ticketRow(t.database, ticket.id)).toMatchObject({
        wait_seconds: 125,
        first_called_at: TEST_NOW + 125_000,
      });
      await api.act(ticket.id, 'serve', caller);
      t.clock.advance(301_000);
      const finished = (await api.act(ticket.id, 'finish', caller)).json();
      expect(finished).toMatchObject({ status: 'finished', serviceSeconds: 301, slaBreached: true });
      expect(await ticketRow(t.database, ticket.id)).toMatchObject({
        service_seconds: 301,
        sla_breached: 1,
        finished_at: t.clock.now(),
      });

      // Exactly the SLA is not a breach; time spent on hold is not service time.
      const second = await issueOk(t.app, s, 0);
      await api.callNext(counter, caller);
      await api.act(second.id, 'serve', caller);
      t.clock.advance(200_000);
      await api.act(second.id, 'hold', caller);
      t.clock.advance(1000_000);
      await api.act(second.id, 'recall', caller);
      await api.act(second.id, 'serve', caller);
      t.clock.advance(100_000);
      const done = (await api.act(second.id, 'finish', caller)).json();
      expect(done).toMatchObject({ serviceSeconds: 300, slaBreached: false });

      // The staff view has the events in order.
      const view = await api.get(second.id, caller);
      expect(view.statusCode).toBe(200);
      expect(view.json().events.map((e: { type: string }) => e.type)).toEqual([
        'ticket.issued',
        'ticket.called',
        'ticket.serving',
        'ticket.held',
        'ticket.recalled',
        'ticket.serving',
        'ticket.finished',
      ]);
    });

    it('the estimated wait uses the people ahead, the rolling average of finished service times and the open counters', async () => {
      const s = await buildQueueScenario(t, {
        serviceCodes: ['A'],
        counterServices: [[0], [0]],
        slaSeconds: 300,
      });
      const [c1, c2] = s.counters;
      if (!c1 || !c2) throw new Error('counters');
      // Two finished tickets: 100 s and 200 s of service.
      for (const [counter, seconds] of [
        [c1.id, 100],
        [c2.id, 200],
      ] as const) {
        const ticket = await issueOk(t.app, s);
        expect((await api.callNext(counter, s.cookies.caller)).json()).toMatchObject({ id: ticket.id });
        await api.act(ticket.id, 'serve', s.cookies.caller);
        t.clock.advance(seconds * 1000);
        await api.act(ticket.id, 'finish', s.cookies.caller);
      }
      await issueOk(t.app, s);
      await issueOk(t.app, s);
      const third = await issueOk(t.app, s);
      const history = { averageServiceSeconds: 150, samples: 2, slaSeconds: 300 };
      expect(third).toMatchObject({
        peopleAhead: 2,
        estimatedWait: estimateWait({ peopleAhead: 2, openCounters: 2, ...history }),
      });
      // One counter closed: the same queue takes longer.
      await t.database.db.updateTable('counters').set({ is_active: 0 }).where('id', '=', c2.id).execute();
      const publicView = await api.publicGet(third.uniqueCode);
      expect(publicView.json()).toMatchObject({
        peopleAhead: 2,
        estimatedWait: estimateWait({ peopleAhead: 2, openCounters: 1, ...history }),
      });
      expect(estimateWait({ peopleAhead: 2, openCounters: 1, ...history })).not.toEqual(
        estimateWait({ peopleAhead: 2, openCounters: 2, ...history }),
      );
    });

    it('GET /public/tickets/:uniqueCode: number, status, service, branch, people ahead, estimate, counter when called; no personal data', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A'] });
      const counter = s.counters[0];
      if (!counter) throw new Error('counter');
      const ahead = await issueOk(t.app, s, 0, { phone: '081311112222' });
      const mine = await issueOk(t.app, s, 0, { phone: '081399998888' });
      await t.database.db
        .updateTable('tickets')
        .set({ customer_name: 'Siti Rahayu' })
        .where('id', 'in', [ahead.id, mine.id])
        .execute();

      const waiting = await api.publicGet(mine.uniqueCode);
      expect(waiting.statusCode).toBe(200);
      expect(waiting.json()).toMatchObject({
        number: 'A002',
        status: 'waiting',
        service: { id: s.services[0]?.id, code: 'A', name: s.services[0]?.name },
        branch: { id: s.branch.id, name: s.branch.name, code: s.branch.code, timeZone: 'Asia/Jakarta' },
        peopleAhead: 1,
        estimatedWait: estimateWait({ peopleAhead: 1, openCounters: 1, slaSeconds: 300, samples: 0 }),
        counter: null,
      });
      for (const secret of [
        '081399998888',
        '081311112222',
        'Siti Rahayu',
        mine.id,
        'phone',
        'customerName',
      ]) {
        expect(waiting.body).not.toContain(secret);
      }

      const call = await api.callNext(counter.id, s.cookies.caller);
      expect(call.statusCode, call.body).toBe(200);
      const aheadCalled = await api.publicGet(ahead.uniqueCode);
      expect(aheadCalled.json()).toMatchObject({
        number: 'A001',
        status: 'calling',
        peopleAhead: 0,
        estimatedWait: null,
        counter: { id: counter.id, name: counter.name, number: counter.number },
      });
      expect(aheadCalled.body).not.toContain('081311112222');
      expect(aheadCalled.body).not.toContain('Siti Rahayu');
      expect((await api.publicGet(mine.uniqueCode)).json()).toMatchObject({
        status: 'waiting',
        peopleAhead: 0,
      });

      const unknown = await api.publicGet('ZZZZZZZZZZZZZZZZZZZZZZ');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('NOT_FOUND');
    });
  });
});
