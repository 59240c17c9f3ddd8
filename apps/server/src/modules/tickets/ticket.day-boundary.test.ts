/**
 * "Today" and "midnight" are the branch's (in its own time zone), with the clock injected: numbering
 * restarts after the branch-local midnight in WIB, WITA and WIT, the previous day's numbers stay
 * as they were, and the end-of-day sweep expires yesterday's leftovers per branch-local day.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/app';
import { describeWithDb } from '../../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  eventsOf,
  insertTicket,
  issueOk,
  localInstant,
  ticketApi,
  ticketRow,
  type EngineApp,
} from '../../test/engine-helpers';

const ZONES = [
  { timeZone: 'Asia/Jakarta', offset: 7 },
  { timeZone: 'Asia/Makassar', offset: 8 },
  { timeZone: 'Asia/Jayapura', offset: 9 },
] as const;

describeWithDb('branch-local day boundary', () => {
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

  describe.each(ZONES)('$timeZone (UTC+$offset)', ({ timeZone, offset }) => {
    it('numbers restart at 001 after the local midnight; service_day is the local date; the sweep expires only yesterday’s held/skipped/booked', async () => {
      // Stand just before the branch's midnight (the server itself runs in UTC).
      t.clock.set(localInstant('2026-01-05', '23:59:50', offset));
      const s = await buildQueueScenario(t, { timeZone, serviceCodes: ['A'] });
      const counter = s.counters[0]?.id ?? '';
      const caller = s.cookies.caller;

      // Day 1: five tickets; one ends held, one skipped, one finished, two stay waiting; and a booking never checked in.
      const day1 = [];
      for (let i = 0; i < 5; i++) day1.push(await issueOk(t.app, s));
      const held = day1[0];
      const skipped = day1[1];
      const finished = day1[2];
      const waiting = day1[3];
      if (!held || !skipped || !finished || !waiting) throw new Error('tickets');
      expect((await api.callNext(counter, caller)).json().id).toBe(held.id);
      await api.act(held.id, 'hold', caller);
      expect((await api.callNext(counter, caller)).json().id).toBe(skipped.id);
      await api.act(skipped.id, 'skip', caller);
      expect((await api.callNext(counter, caller)).json().id).toBe(finished.id);
      await api.act(finished.id, 'serve', caller);
      await api.act(finished.id, 'finish', caller);
      const booked = await insertTicket(t, {
        branchId: s.branch.id,
        serviceId: s.services[0]?.id ?? '',
        status: 'booked',
        slotStartAt: localInstant('2026-01-05', '15:00:00', offset),
        queuedAt: null,
      });

      t.clock.set(localInstant('2026-01-05', '23:59:59', offset));
      const last = await issueOk(t.app, s);
      expect(last.number).toBe('A007'); // A001–A005, the booking took A006.
      expect((await ticketRow(t.database, last.id)).service_day).toBe('2026-01-05');
      // Before midnight the sweep leaves everything alone.
      expect((await t.runTimers()).expired).toBe(0);

      const before = await t.database.db
        .selectFrom('tickets')
        .selectAll()
        .where('branch_id', '=', s.branch.id)
        .orderBy('seq')
        .execute();

      // Two seconds later it is the next local day.
      t.clock.set(localInstant('2026-01-06', '00:00:01', offset));
      const first = await issueOk(t.app, s);
      expect(first.number).toBe('A001');
      const second = await issueOk(t.app, s);
      expect(second.number).toBe('A002');
      expect(await ticketRow(t.database, first.id)).toMatchObject({ service_day: '2026-01-06', seq: 1 });
      // The new day's queue does not contain yesterday's waiting tickets.
      expect((await api.callNext(counter, caller)).json().id).toBe(first.id);
      await api.act(first.id, 'hold', caller);
      expect((await api.callNext(counter, caller)).json().id).toBe(second.id);
      await api.act(second.id, 'skip', caller);
      const bookedToday = await insertTicket(t, {
        branchId: s.branch.id,
        serviceId: s.services[0]?.id ?? '',
        status: 'booked',
        slotStartAt: localInstant('2026-01-06', '10:00:00', offset),
        queuedAt: null,
      });
      const sequences = await t.database.db
        .selectFrom('ticket_sequences')
        .select(['service_day', 'last_seq'])
        .where('branch_id', '=', s.branch.id)
        .orderBy('service_day')
        .execute();
      expect(sequences).toEqual([
        { service_day: '2026-01-05', last_seq: 7 },
        { service_day: '2026-01-06', last_seq: 3 },
      ]);

      // Yesterday's rows kept their numbers and days.
      const yesterday = await t.database.db
        .selectFrom('tickets')
        .select(['id', 'number', 'seq', 'service_day'])
        .where('branch_id', '=', s.branch.id)
        .where('service_day', '=', '2026-01-05')
        .orderBy('seq')
        .execute();
      expect(yesterday.map((r) => r.number)).toEqual([
        'A001',
        'A002',
        'A003',
        'A004',
        'A005',
        'A006',
        'A007',
      ]);
      expect(yesterday.map((r) => r.id)).toEqual(before.map((r) => r.id));

      // The midnight sweep: yesterday's held/skipped/booked → no_show; nothing else changes.
      const swept = await t.runTimers();
      expect(swept.expired).toBe(3);
      const sweptAt = t.clock.now();
      for (const id of [held.id, skipped.id, booked.id]) {
        expect(await ticketRow(t.database, id)).toMatchObject({ status: 'no_show', closed_at: sweptAt });
        expect((await eventsOf(t.database, id)).at(-1)).toMatchObject({
          type: 'ticket.no_show',
          to_status: 'no_show',
          actor_kind: 'system',
          at: sweptAt,
        });
      }
      expect((await ticketRow(t.database, finished.id)).status).toBe('finished');
      expect((await ticketRow(t.database, waiting.id)).status).toBe('waiting');
      expect((await ticketRow(t.database, first.id)).status).toBe('held');
      expect((await ticketRow(t.database, second.id)).status).toBe('skipped');
      expect((await ticketRow(t.database, bookedToday.id)).status).toBe('booked');
      // A second pass finds nothing more.
      expect((await t.runTimers()).expired).toBe(0);
    });
  });

  it('one instant, three zones: the sweep expires a branch’s leftovers only once ITS local day has ended', async () => {
    const tenant = await t.f.buildTenant();
    const branches: { timeZone: string; row: { id: string } }[] = [];
    for (const { timeZone } of ZONES) {
      const branch = await t.f.buildBranch({ tenantId: tenant.id, timeZone });
      const service = await t.f.buildService({ tenantId: tenant.id, branchIds: [branch.id] });
      const row = await insertTicket(t, {
        branchId: branch.id,
        serviceId: service.id,
        status: 'held',
        serviceDay: '2026-01-05',
      });
      branches.push({ timeZone, row });
    }
    // 16:30 UTC on 5 January: 23:30 in Jakarta (still the 5th), 00:30 in Makassar, 01:30 in Jayapura.
    t.clock.set(Date.UTC(2026, 0, 5, 16, 30, 0));
    expect((await t.runTimers()).expired).toBe(2);
    const status = async (i: number) => (await ticketRow(t.database, branches[i]?.row.id ?? '')).status;
    expect(await status(0)).toBe('held');
    expect(await status(1)).toBe('no_show');
    expect(await status(2)).toBe('no_show');
    // Jakarta's midnight comes 30 minutes later.
    t.clock.set(Date.UTC(2026, 0, 5, 17, 0, 0));
    expect((await t.runTimers()).expired).toBe(1);
    expect(await status(0)).toBe('no_show');
  });
});
