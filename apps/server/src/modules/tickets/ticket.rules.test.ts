/**
 * Engine rules on top of the state machine:
 * - walk-in availability on issue (decision 29): kiosk and web walk-ins follow the service's
 *   schedule, holidays and hourly limit; operator and api issues are exempt;
 * - the skip limit (decision 25): the skip that takes skip_count past the tenant's skip_limit
 *   ends the ticket as no_show;
 * - the acting counter (decision 29a): a caller works only the tickets of their own counter.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/app';
import { describeWithDb } from '../../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  errorOf,
  eventsOf,
  issueOk,
  localInstant,
  nextIp,
  ticketApi,
  ticketOf,
  ticketRow,
  type EngineApp,
  type QueueScenario,
} from '../../test/engine-helpers';

// TEST_NOW is Monday 2026-01-05 09:00 WIB (UTC+7).
const WIB = 7;
const at = (date: string, time: string) => localInstant(date, time, WIB);

describeWithDb('ticket engine rules', () => {
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

  const count = async (
    table: 'tickets' | 'ticket_sequences' | 'ticket_events' | 'idempotency_keys',
    tenantId: string,
  ) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sequences = (tenantId: string) =>
    t.database.db
      .selectFrom('ticket_sequences')
      .select(['service_id', 'service_day', 'last_seq'])
      .where('tenant_id', '=', tenantId)
      .orderBy('service_id')
      .execute();

  describe('walk-in availability on issue', () => {
    /** A branch shown on the web whose service A has the given schedule (service B none). */
    async function scenario(schedule?: {
      days?: number[];
      start?: string;
      end?: string;
      hourlyLimit?: number;
    }): Promise<QueueScenario> {
      const s = await buildQueueScenario(t);
      await t.database.db
        .updateTable('branches')
        .set({ show_on_web: 1 })
        .where('id', '=', s.branch.id)
        .execute();
      await t.database.db
        .updateTable('services')
        .set({ show_on_web: 1, show_on_kiosk: 1 })
        .where(
          'id',
          'in',
          s.services.map((x) => x.id),
        )
        .execute();
      const a = s.services[0];
      if (!a) throw new Error('service');
      if (schedule) await t.f.buildSchedule({ branchId: s.branch.id, serviceId: a.id, ...schedule });
      return s;
    }

    const serviceA = (s: QueueScenario) => s.services[0]?.id ?? '';
    const byKiosk = (s: QueueScenario, serviceId = serviceA(s), headers: Record<string, string> = {}) =>
      api.issue(
        s.branch.id,
        { serviceId, channel: 'kiosk' },
        { headers: { 'x-kiosk-code': s.kiosk.code, ...headers } },
      );
    const byWebKey = (s: QueueScenario, serviceId = serviceA(s)) =>
      api.issue(s.branch.id, { serviceId, channel: 'web' }, { headers: { 'x-api-key': s.apiKey.key } });
    const byApi = (s: QueueScenario, serviceId = serviceA(s)) =>
      api.issue(s.branch.id, { serviceId, channel: 'api' }, { headers: { 'x-api-key': s.apiKey.key } });
    const byOperator = (s: QueueScenario, serviceId = serviceA(s)) =>
      api.issue(s.branch.id, { serviceId, channel: 'operator' }, { cookie: s.cookies.operator });
    const onSite = (s: QueueScenario, serviceId = serviceA(s)) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/public/branches/${s.branch.id}/tickets`,
        payload: { serviceId },
        remoteAddress: nextIp(),
      });

    /** 409 SERVICE_NOT_AVAILABLE with the reason and next opening; no ticket, event, sequence or key written. */
    async function expectClosed(
      s: QueueScenario,
      send: () => ReturnType<typeof byKiosk>,
      reason: string,
      nextOpenAt: number | null,
    ) {
      const before = {
        tickets: await count('tickets', s.tenantId),
        events: await count('ticket_events', s.tenantId),
        keys: await count('idempotency_keys', s.tenantId),
        sequences: await sequences(s.tenantId),
      };
      const response = await send();
      expect(response.statusCode, response.body).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'SERVICE_NOT_AVAILABLE',
        details: { reason, nextOpenAt },
      });
      expect({
        tickets: await count('tickets', s.tenantId),
        events: await count('ticket_events', s.tenantId),
        keys: await count('idempotency_keys', s.tenantId),
        sequences: await sequences(s.tenantId),
      }).toEqual(before);
    }

    it('closed (no window today): kiosk, web (API key) and the on-site phone issue are refused with the next opening; operator and api issue', async () => {
      const s = await scenario({ days: [2], start: '08:00', end: '15:00' }); // Tuesdays only
      const tuesday = at('2026-01-06', '08:00');
      await expectClosed(s, () => byKiosk(s), 'closed', tuesday);
      await expectClosed(s, () => byWebKey(s), 'closed', tuesday);
      await expectClosed(s, () => onSite(s), 'closed', tuesday);
      // Staff walk-in and integrations are not restricted; the number starts at A001 (nothing was used).
      const staff = await byOperator(s);
      expect(staff.statusCode, staff.body).toBe(201);
      expect(staff.json()).toMatchObject({ number: 'A001' });
      expect((await byApi(s)).json()).toMatchObject({ number: 'A002' });
      // A service without schedule rows is not time-restricted.
      expect((await byKiosk(s, s.services[1]?.id)).statusCode).toBe(201);
      // Inside the window the kiosk issues.
      t.clock.set(tuesday + 60_000);
      const open = await byKiosk(s);
      expect(open.statusCode, open.body).toBe(201);
      expect(open.json()).toMatchObject({ number: 'A001' }); // a new day, a new sequence
      // After the window closes: refused until next Tuesday.
      t.clock.set(at('2026-01-06', '15:00'));
      await expectClosed(s, () => byKiosk(s), 'closed', at('2026-01-13', '08:00'));
    });

    it('a holiday (branch or tenant-wide): refused with reason holiday and the next working window', async () => {
      const s = await scenario({ start: '08:00', end: '15:00' }); // every day
      await t.f.buildHoliday({ tenantId: s.tenantId, branchId: s.branch.id, date: '2026-01-05' });
      await t.f.buildHoliday({ tenantId: s.tenantId, date: '2026-01-06' }); // all branches
      const wednesday = at('2026-01-07', '08:00');
      await expectClosed(s, () => byKiosk(s), 'holiday', wednesday);
      await expectClosed(s, () => onSite(s), 'holiday', wednesday);
      expect((await byOperator(s)).statusCode).toBe(201);
      expect((await byApi(s)).statusCode).toBe(201);
      t.clock.set(at('2026-01-06', '10:00'));
      await expectClosed(s, () => byWebKey(s), 'holiday', wednesday);
      t.clock.set(wednesday);
      expect((await byKiosk(s)).statusCode).toBe(201);
    });

    it('full: the hourly limit counts this hour’s tickets of every channel; the next hour opens again', async () => {
      const s = await scenario({ start: '08:00', end: '15:00', hourlyLimit: 3 });
      expect((await byOperator(s)).statusCode).toBe(201); // counts against the hour too
      expect((await byKiosk(s)).statusCode).toBe(201);
      t.clock.advance(60_000);
      expect((await onSite(s)).statusCode).toBe(201);
      const ten = at('2026-01-05', '10:00');
      await expectClosed(s, () => byKiosk(s), 'full', ten);
      await expectClosed(s, () => byWebKey(s), 'full', ten);
      // Staff and integrations may still issue past the limit.
      expect((await byOperator(s)).statusCode).toBe(201);
      expect((await byApi(s)).statusCode).toBe(201);
      // A cancelled ticket gives its place back.
      const issued = await issueOk(t.app, s, 0);
      await api.act(issued.id, 'cancel', s.cookies.operator);
      t.clock.set(ten - 1);
      await expectClosed(s, () => byKiosk(s), 'full', ten);
      t.clock.set(ten);
      const next = await byKiosk(s);
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json()).toMatchObject({ number: 'A007' });
    });

    it('Idempotency-Key: a retry gets its first answer even once the service closed; a refused key is not kept', async () => {
      const s = await scenario({ start: '08:00', end: '15:00', hourlyLimit: 1 });
      const first = await byKiosk(s, serviceA(s), { 'idempotency-key': 'kiosk-key-0001' });
      expect(first.statusCode).toBe(201);
      // The hour is now full: the retry still answers the stored ticket, a new key is refused.
      const retry = await byKiosk(s, serviceA(s), { 'idempotency-key': 'kiosk-key-0001' });
      expect(retry.statusCode).toBe(201);
      expect(retry.body).toBe(first.body);
      await expectClosed(
        s,
        () => byKiosk(s, serviceA(s), { 'idempotency-key': 'kiosk-key-0002' }),
        'full',
        at('2026-01-05', '10:00'),
      );
      // The refused key was rolled back with the rest: in the next hour it issues a ticket.
      t.clock.set(at('2026-01-05', '10:00'));
      const later = await byKiosk(s, serviceA(s), { 'idempotency-key': 'kiosk-key-0002' });
      expect(later.statusCode, later.body).toBe(201);
      expect(later.json()).toMatchObject({ number: 'A002' });
    });
  });

  describe('skip limit', () => {
    it('the skip that takes skip_count past the limit (default 3) ends the ticket: skipped, then no_show by the system', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A'] });
      const counter = s.counters[0]?.id ?? '';
      const ticket = await issueOk(t.app, s);
      expect((await api.callNext(counter, s.cookies.caller)).statusCode).toBe(200);
      for (let i = 1; i <= 3; i++) {
        t.clock.advance(1000);
        const skipped = await api.act(ticket.id, 'skip', s.cookies.caller);
        expect(skipped.json(), skipped.body).toMatchObject({ status: 'skipped' });
        expect((await ticketRow(t.database, ticket.id)).skip_count).toBe(i);
        t.clock.advance(1000);
        expect((await api.act(ticket.id, 'recall', s.cookies.caller)).json()).toMatchObject({
          status: 'calling',
        });
      }
      t.clock.advance(1000);
      const out = await api.act(ticket.id, 'skip', s.cookies.caller);
      expect(out.statusCode, out.body).toBe(200);
      expect(ticketOf(out)).toMatchObject({ status: 'no_show', counterId: counter });
      expect(await ticketRow(t.database, ticket.id)).toMatchObject({
        status: 'no_show',
        skip_count: 4,
        closed_at: t.clock.now(),
      });
      const events = await eventsOf(t.database, ticket.id);
      expect(events.slice(-2)).toMatchObject([
        {
          type: 'ticket.skipped',
          from_status: 'calling',
          to_status: 'skipped',
          actor_kind: 'staff',
          actor_id: s.users.caller.id,
          at: t.clock.now(),
        },
        {
          type: 'ticket.no_show',
          from_status: 'skipped',
          to_status: 'no_show',
          actor_kind: 'system',
          actor_id: null,
          counter_id: counter,
          at: t.clock.now(),
        },
      ]);
      // Final: no recall, no requeue; the counter is free.
      expect(errorOf(await api.act(ticket.id, 'recall', s.cookies.caller)).code).toBe(
        'TICKET_INVALID_TRANSITION',
      );
      expect(errorOf(await api.act(ticket.id, 'requeue', s.cookies.operator)).code).toBe(
        'TICKET_INVALID_TRANSITION',
      );
      expect(errorOf(await api.callNext(counter, s.cookies.caller)).code).toBe('QUEUE_EMPTY');
    });

    it('follows the tenant’s skip_limit; a requeue does not reset the count', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A'] });
      await t.database.db
        .updateTable('tenant_settings')
        .set({ skip_limit: 1 })
        .where('tenant_id', '=', s.tenantId)
        .execute();
      const counter = s.counters[0]?.id ?? '';
      const ticket = await issueOk(t.app, s);
      await api.callNext(counter, s.cookies.caller);
      expect((await api.act(ticket.id, 'skip', s.cookies.caller)).json()).toMatchObject({
        status: 'skipped',
      });
      expect((await api.act(ticket.id, 'requeue', s.cookies.operator)).json()).toMatchObject({
        status: 'waiting',
      });
      await api.callNext(counter, s.cookies.caller);
      expect((await api.act(ticket.id, 'skip', s.cookies.caller)).json()).toMatchObject({
        status: 'no_show',
      });
      // limit 0: the first skip is already a no-show.
      await t.database.db
        .updateTable('tenant_settings')
        .set({ skip_limit: 0 })
        .where('tenant_id', '=', s.tenantId)
        .execute();
      const other = await issueOk(t.app, s);
      await api.callNext(counter, s.cookies.caller);
      expect((await api.act(other.id, 'skip', s.cookies.caller)).json()).toMatchObject({ status: 'no_show' });
    });
  });

  describe('acting counter', () => {
    const station = (counterId: string, cookie: string, serviceIds: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/counters/${counterId}/station`,
        headers: { cookie },
        payload: { serviceIds },
      });

    it('a caller may not work a ticket of another counter (409 TICKET_OTHER_COUNTER, nothing changed); operators and admins act branch-wide', async () => {
      // Two counters serving the same service.
      const s = await buildQueueScenario(t, { serviceCodes: ['A'], counterServices: [[0], [0]] });
      const a = s.services[0]?.id ?? '';
      const [c1, c2] = s.counters.map((c) => c.id);
      if (!c1 || !c2) throw new Error('counters');
      expect((await station(c1, s.cookies.caller, [a])).statusCode).toBe(200);
      expect((await station(c2, s.cookies.caller2, [a])).statusCode).toBe(200);
      const mine = await issueOk(t.app, s);
      const theirs = await issueOk(t.app, s);
      expect(ticketOf(await api.callNext(c1, s.cookies.caller)).id).toBe(mine.id);
      expect(ticketOf(await api.callNext(c2, s.cookies.caller2)).id).toBe(theirs.id);

      for (const action of ['recall', 'serve', 'hold', 'skip', 'finish', 'transfer', 'requeue']) {
        const before = {
          row: await ticketRow(t.database, theirs.id),
          events: await eventsOf(t.database, theirs.id),
        };
        const refused = await api.act(
          theirs.id,
          action,
          s.cookies.caller,
          action === 'transfer' ? { serviceId: a } : undefined,
        );
        // requeue/finish are not allowed from calling at all: the state machine answers first.
        const expected =
          action === 'requeue' || action === 'finish' ? 'TICKET_INVALID_TRANSITION' : 'TICKET_OTHER_COUNTER';
        expect(refused.statusCode, `${action}: ${refused.body}`).toBe(409);
        expect(errorOf(refused).code, action).toBe(expected);
        expect({
          row: await ticketRow(t.database, theirs.id),
          events: await eventsOf(t.database, theirs.id),
        }).toEqual(before);
      }
      // Postponed at c2: still c2's ticket (recall, requeue refused to the caller of c1).
      expect((await api.act(theirs.id, 'hold', s.cookies.caller2)).json()).toMatchObject({ status: 'held' });
      expect(errorOf(await api.act(theirs.id, 'recall', s.cookies.caller)).code).toBe('TICKET_OTHER_COUNTER');
      expect(errorOf(await api.act(theirs.id, 'requeue', s.cookies.caller)).code).toBe(
        'TICKET_OTHER_COUNTER',
      );
      // Its own caller works it; so do an operator (requeue) and an admin (anything).
      expect((await api.act(theirs.id, 'recall', s.cookies.caller2)).json()).toMatchObject({
        status: 'calling',
        counterId: c2,
      });
      expect((await api.act(theirs.id, 'serve', s.cookies.admin)).json()).toMatchObject({
        status: 'serving',
      });
      expect((await api.act(theirs.id, 'hold', s.cookies.caller2)).json()).toMatchObject({ status: 'held' });
      expect((await api.act(theirs.id, 'requeue', s.cookies.operator)).json()).toMatchObject({
        status: 'waiting',
      });
      // The caller of c1 works their own ticket.
      expect((await api.act(mine.id, 'serve', s.cookies.caller)).json()).toMatchObject({ status: 'serving' });
      expect((await api.act(mine.id, 'finish', s.cookies.caller)).json()).toMatchObject({
        status: 'finished',
      });
    });

    it('a caller without an open counter session works only the tickets they called; after moving to another counter, not the old one’s', async () => {
      const s = await buildQueueScenario(t, { serviceCodes: ['A'], counterServices: [[0], [0]] });
      const a = s.services[0]?.id ?? '';
      const [c1, c2] = s.counters.map((c) => c.id);
      if (!c1 || !c2) throw new Error('counters');
      const first = await issueOk(t.app, s);
      const second = await issueOk(t.app, s);
      // No stations: each caller calls at a counter and works what they called.
      expect(ticketOf(await api.callNext(c1, s.cookies.caller)).id).toBe(first.id);
      expect(ticketOf(await api.callNext(c2, s.cookies.caller2)).id).toBe(second.id);
      expect(errorOf(await api.act(second.id, 'serve', s.cookies.caller)).code).toBe('TICKET_OTHER_COUNTER');
      expect((await api.act(first.id, 'serve', s.cookies.caller)).json()).toMatchObject({
        status: 'serving',
      });
      // caller takes counter 2: now counter 2's tickets are theirs, counter 1's are not.
      expect((await station(c2, s.cookies.caller, [a])).statusCode).toBe(200);
      expect(errorOf(await api.act(first.id, 'finish', s.cookies.caller)).code).toBe('TICKET_OTHER_COUNTER');
      expect((await api.act(second.id, 'serve', s.cookies.caller)).json()).toMatchObject({
        status: 'serving',
      });
      expect((await api.act(first.id, 'finish', s.cookies.admin)).json()).toMatchObject({
        status: 'finished',
      });
      expect((await api.act(second.id, 'finish', s.cookies.caller)).json()).toMatchObject({
        status: 'finished',
      });
    });
  });
});
