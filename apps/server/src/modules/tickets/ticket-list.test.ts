/**
 * GET /api/v1/branches/:branchId/tickets — the staff ticket list: filters (status, counter,
 * service, caller, mine), the two orders and cursor pagination, today only (branch-local day),
 * who may call it, another tenant's branch, and bad queries.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TicketList } from '@antrean/shared/contracts/ticket-list.contract';
import { TEST_NOW } from '../../test/app';
import { describeWithDb } from '../../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  insertTicket,
  issueOk,
  nextIp,
  ticketApi,
  type EngineApp,
  type QueueScenario,
} from '../../test/engine-helpers';
import { loginAs } from '../../test/factories';

describeWithDb('staff ticket list', () => {
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

  function list(
    branchId: string,
    query: Record<string, string>,
    headers: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const search = new URLSearchParams(query).toString();
    return t.app.inject({
      method: 'GET',
      url: `/api/v1/branches/${branchId}/tickets${search ? `?${search}` : ''}`,
      headers,
    });
  }

  async function listOk(
    branchId: string,
    query: Record<string, string>,
    cookie: string,
  ): Promise<TicketList> {
    const response = await list(branchId, query, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TicketList>();
  }

  /** Every page of a listing, following nextCursor. */
  async function allPages(
    branchId: string,
    query: Record<string, string>,
    cookie: string,
  ): Promise<TicketList[]> {
    const pages: TicketList[] = [];
    let cursor: string | null = null;
    do {
      const page = await listOk(branchId, cursor ? { ...query, cursor } : query, cookie);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 20);
    return pages;
  }

  /** Calls the next ticket at `counterIndex` as `who`, serves and finishes it (1 s between steps). */
  async function serveOne(
    s: QueueScenario,
    counterIndex: number,
    who: 'caller' | 'caller2',
  ): Promise<string> {
    const counter = s.counters[counterIndex];
    if (!counter) throw new Error(`no counter ${counterIndex}`);
    t.clock.advance(1000);
    const called = await api.callNext(counter.id, s.cookies[who]);
    expect(called.statusCode, called.body).toBe(200);
    const id = called.json<{ id: string }>().id;
    t.clock.advance(1000);
    expect((await api.act(id, 'serve', s.cookies[who])).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await api.act(id, 'finish', s.cookies[who])).statusCode).toBe(200);
    return id;
  }

  describe('filters and orders', () => {
    let s: QueueScenario;
    let finishedByCaller: string[];
    let finishedByCaller2: string;
    let waitingA: string[];
    let waitingB: string;

    beforeAll(async () => {
      s = await buildQueueScenario(t);
      // Service A: five tickets; the caller finishes two at counter 1, caller2 one at counter 1 too.
      const issuedA: string[] = [];
      for (let i = 0; i < 5; i++) {
        t.clock.advance(1000);
        issuedA.push((await issueOk(t.app, s, 0)).id);
      }
      t.clock.advance(1000);
      waitingB = (await issueOk(t.app, s, 1)).id;
      finishedByCaller = [await serveOne(s, 0, 'caller'), await serveOne(s, 0, 'caller')];
      finishedByCaller2 = await serveOne(s, 0, 'caller2');
      waitingA = issuedA.filter((id) => !finishedByCaller.includes(id) && id !== finishedByCaller2);
    });

    it('lists waiting tickets in queue order by default', async () => {
      const page = await listOk(s.branch.id, { status: 'waiting' }, s.cookies.operator);
      expect(page.order).toBe('queue');
      expect(page.serviceDay).toBe('2026-01-05');
      expect(page.items.map((x) => x.id)).toEqual([...waitingA, waitingB]);
      expect(page.items.every((x) => x.status === 'waiting')).toBe(true);
      expect(page.nextCursor).toBeNull();
    });

    it('lists finished tickets newest activity first, by counter and by service', async () => {
      const page = await listOk(
        s.branch.id,
        { status: 'finished,no_show,cancelled', counterId: s.counters[0]?.id ?? '' },
        s.cookies.caller,
      );
      expect(page.order).toBe('recent');
      expect(page.items.map((x) => x.id)).toEqual([finishedByCaller2, ...[...finishedByCaller].reverse()]);
      expect(page.items[0]).toMatchObject({
        status: 'finished',
        counterId: s.counters[0]?.id,
        serviceId: s.services[0]?.id,
      });

      const other = await listOk(
        s.branch.id,
        { status: 'finished', counterId: s.counters[1]?.id ?? '' },
        s.cookies.caller,
      );
      expect(other.items).toEqual([]);
      const byService = await listOk(s.branch.id, { serviceId: s.services[1]?.id ?? '' }, s.cookies.caller);
      expect(byService.items.map((x) => x.id)).toEqual([waitingB]);
    });

    it('names the listed tickets that carry e-form answers', async () => {
      await t.database.db
        .insertInto('eform_answers')
        .values({
          id: '01a2010e-3799-7000-8000-00000000ef01',
          tenant_id: s.tenantId,
          ticket_id: waitingB,
          field_id: 'f1',
          field: 'nik',
          label: 'NIK',
          value: '3171',
          file_id: null,
          created_at: TEST_NOW,
        })
        .execute();
      const page = await listOk(s.branch.id, { status: 'waiting' }, s.cookies.operator);
      expect(page.eformTicketIds).toEqual([waitingB]);
      const finished = await listOk(s.branch.id, { status: 'finished' }, s.cookies.operator);
      expect(finished.eformTicketIds).toEqual([]);
    });

    it('filters by caller: mine=true for the signed-in caller, callerUserId for anyone', async () => {
      const mine = await listOk(s.branch.id, { status: 'finished', mine: 'true' }, s.cookies.caller);
      expect(mine.items.map((x) => x.id).sort()).toEqual([...finishedByCaller].sort());
      const theirs = await listOk(s.branch.id, { status: 'finished', mine: 'true' }, s.cookies.caller2);
      expect(theirs.items.map((x) => x.id)).toEqual([finishedByCaller2]);
      const byId = await listOk(s.branch.id, { callerUserId: s.users.caller2.id }, s.cookies.admin);
      expect(byId.items.map((x) => x.id)).toEqual([finishedByCaller2]);
      const mineFalse = await listOk(s.branch.id, { status: 'finished', mine: 'false' }, s.cookies.caller);
      expect(mineFalse.items).toHaveLength(3);
    });

    it('every status and an explicit order', async () => {
      const all = await listOk(s.branch.id, {}, s.cookies.admin);
      expect(all.order).toBe('recent');
      expect(all.items).toHaveLength(6);
      const queued = await listOk(s.branch.id, { order: 'queue' }, s.cookies.admin);
      expect(queued.items.map((x) => x.id).slice(0, 1)).toEqual(finishedByCaller.slice(0, 1));
      expect(queued.items.map((x) => x.id).sort()).toEqual(all.items.map((x) => x.id).sort());
    });
  });

  describe('pagination', () => {
    let s: QueueScenario;
    beforeAll(async () => {
      s = await buildQueueScenario(t);
      // Seven waiting tickets, two of them with the same queue time (ties broken by number).
      for (let i = 0; i < 7; i++) {
        if (i !== 3) t.clock.advance(1000);
        await issueOk(t.app, s, i % 2);
      }
    });

    it('queue order: pages of `limit` follow each other without gaps or repeats', async () => {
      const whole = await listOk(s.branch.id, { status: 'waiting', limit: '200' }, s.cookies.operator);
      expect(whole.items).toHaveLength(7);
      const pages = await allPages(s.branch.id, { status: 'waiting', limit: '3' }, s.cookies.operator);
      expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
      expect(pages.flatMap((p) => p.items.map((x) => x.id))).toEqual(whole.items.map((x) => x.id));
    });

    it('recent order: the same with ties on the last change', async () => {
      // Three tickets changed at the same instant, others earlier.
      const waiting = (await listOk(s.branch.id, { status: 'waiting' }, s.cookies.operator)).items;
      const sameInstant = TEST_NOW + 60_000;
      for (const [i, ticket] of waiting.slice(0, 4).entries()) {
        await t.database.db
          .updateTable('tickets')
          .set({ status: 'cancelled', updated_at: i === 0 ? sameInstant - 5000 : sameInstant })
          .where('id', '=', ticket.id)
          .execute();
      }
      const whole = await listOk(s.branch.id, { status: 'cancelled' }, s.cookies.operator);
      expect(whole.items).toHaveLength(4);
      expect(whole.items.at(-1)?.id).toBe(waiting[0]?.id);
      const pages = await allPages(s.branch.id, { status: 'cancelled', limit: '1' }, s.cookies.operator);
      expect(pages.map((p) => p.items.length)).toEqual([1, 1, 1, 1]);
      expect(pages.flatMap((p) => p.items.map((x) => x.id))).toEqual(whole.items.map((x) => x.id));
    });

    it('the default limit is 50', async () => {
      const page = await listOk(s.branch.id, {}, s.cookies.operator);
      expect(page.items.length).toBeLessThanOrEqual(50);
      expect(page.nextCursor).toBeNull();
    });
  });

  describe('today only, in the branch-local day', () => {
    it('leaves out other days; the day is the branch’s own', async () => {
      // 02:00 UTC on 5 January is still 4 January in Honolulu (UTC−10).
      const s = await buildQueueScenario(t, { timeZone: 'Pacific/Honolulu' });
      const service = s.services[0]?.id ?? '';
      const today = await insertTicket(t, { branchId: s.branch.id, serviceId: service });
      expect(today.service_day).toBe('2026-01-04');
      await insertTicket(t, { branchId: s.branch.id, serviceId: service, serviceDay: '2026-01-05' });
      await insertTicket(t, { branchId: s.branch.id, serviceId: service, serviceDay: '2026-01-03' });
      const page = await listOk(s.branch.id, {}, s.cookies.operator);
      expect(page.serviceDay).toBe('2026-01-04');
      expect(page.items.map((x) => x.id)).toEqual([today.id]);
    });
  });

  describe('who may call it', () => {
    let s: QueueScenario;
    beforeAll(async () => {
      s = await buildQueueScenario(t);
      await issueOk(t.app, s, 0);
    });

    it('every staff role of the branch gets the list', async () => {
      const supervisor = await t.f.buildUser({
        role: 'supervisor',
        tenantId: s.tenantId,
        branchIds: [s.branch.id],
      });
      const supervisorCookie = await loginAs(t.app, supervisor.username, supervisor.password, {
        remoteAddress: nextIp(),
      });
      for (const cookie of [s.cookies.admin, s.cookies.operator, s.cookies.caller, supervisorCookie]) {
        const page = await listOk(s.branch.id, {}, cookie);
        expect(page.items).toHaveLength(1);
      }
    });

    it('devices, integrations and anonymous requests are refused with 401', async () => {
      const refusals: [Record<string, string>, number][] = [
        [{}, 401],
        [{ 'x-kiosk-code': s.kiosk.code }, 401],
        [{ 'x-display-code': s.display.code }, 401],
        [{ 'x-api-key': s.apiKey.key }, 401],
      ];
      for (const [headers, status] of refusals) {
        const response = await list(s.branch.id, {}, headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(status);
        expect(response.json<{ error: { code: string } }>().error.code).toBe('AUTH_REQUIRED');
      }
    });

    it('staff of another branch of the tenant get 404', async () => {
      const other = await t.f.buildBranch({ tenantId: s.tenantId });
      const caller = await t.f.buildUser({ role: 'caller', tenantId: s.tenantId, branchIds: [other.id] });
      const cookie = await loginAs(t.app, caller.username, caller.password, { remoteAddress: nextIp() });
      const response = await list(s.branch.id, {}, { cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
    });

    it('another tenant’s branch is 404 and shows nothing of it', async () => {
      const foreign = await buildQueueScenario(t);
      const issued = await issueOk(t.app, foreign, 0);
      for (const cookie of [s.cookies.admin, s.cookies.operator]) {
        const response = await list(foreign.branch.id, {}, { cookie });
        expect(response.statusCode).toBe(404);
        expect(response.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
        expect(response.body).not.toContain(issued.id);
        expect(response.body).not.toContain(issued.number);
      }
      // Another tenant's ids as filters on one's own branch match nothing.
      const page = await listOk(s.branch.id, { counterId: foreign.counters[0]?.id ?? '' }, s.cookies.admin);
      expect(page.items).toEqual([]);
    });
  });

  describe('bad queries', () => {
    let s: QueueScenario;
    beforeAll(async () => {
      s = await buildQueueScenario(t);
      for (let i = 0; i < 3; i++) await issueOk(t.app, s, 0);
    });

    const fieldsOf = (response: LightMyRequestResponse): Record<string, string> => {
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ error: { code: string; details: { fields: Record<string, string> } } }>();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      return body.error.details.fields;
    };

    it.each([
      [{ status: 'waiting,bogus' }, 'status'],
      [{ status: ',' }, 'status'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '201' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ counterId: 'not-an-id' }, 'counterId'],
      [{ serviceId: '42' }, 'serviceId'],
      [{ callerUserId: 'x' }, 'callerUserId'],
      [{ mine: 'yes' }, 'mine'],
      [{ order: 'random' }, 'order'],
      [{ cursor: 'garbage' }, 'cursor'],
    ])('%j → 400 on %s', async (query, field) => {
      const fields = fieldsOf(await list(s.branch.id, query, { cookie: s.cookies.operator }));
      expect(Object.keys(fields)).toContain(field);
    });

    it('mine=true with callerUserId → 400 on mine; messages follow the language', async () => {
      const fields = fieldsOf(
        await list(
          s.branch.id,
          { mine: 'true', callerUserId: s.users.caller.id },
          { cookie: s.cookies.operator, 'accept-language': 'en' },
        ),
      );
      expect(fields.mine).toBe('Invalid value.');
      const en = fieldsOf(
        await list(s.branch.id, { status: 'nope' }, { cookie: s.cookies.operator, 'accept-language': 'en' }),
      );
      expect(en.status).toBe('Invalid choice.');
    });

    it('a cursor of the other order → 400 on cursor', async () => {
      const queuePage = await listOk(s.branch.id, { status: 'waiting', limit: '1' }, s.cookies.operator);
      expect(queuePage.nextCursor).not.toBeNull();
      const fields = fieldsOf(
        await list(
          s.branch.id,
          { order: 'recent', cursor: queuePage.nextCursor ?? '' },
          { cookie: s.cookies.operator },
        ),
      );
      expect(Object.keys(fields)).toEqual(['cursor']);
    });
  });
});
