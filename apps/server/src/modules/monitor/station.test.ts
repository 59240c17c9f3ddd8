/**
 * A caller's station (decision 29b): one counter per caller account. Leaving a counter ("Ganti
 * loket") frees it, taking another counter (another tab, another device) releases the old one and
 * tells its subscribers, and a counter the caller no longer holds cannot call.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Monitor } from '@antrean/shared/contracts/monitor.contract';
import { describeWithDb } from '../../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  errorOf,
  issueOk,
  ticketApi,
  ticketOf,
  ticketRow,
  type EngineApp,
  type QueueScenario,
} from '../../test/engine-helpers';

describeWithDb('caller stations', () => {
  let t: EngineApp;
  let api: ReturnType<typeof ticketApi>;
  beforeAll(async () => {
    t = await buildEngineApp();
    api = ticketApi(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const take = (counterId: string, cookie: string, serviceIds: string[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/counters/${counterId}/station`,
      headers: { cookie },
      payload: { serviceIds },
    });
  const leave = (counterId: string, cookie: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/counters/${counterId}/station`, headers: { cookie } });
  async function callersOf(s: QueueScenario): Promise<Record<string, string | null>> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/branches/${s.branch.id}/monitor`,
      headers: { cookie: s.cookies.admin },
    });
    expect(response.statusCode).toBe(200);
    const monitor = response.json<Monitor>();
    return Object.fromEntries(monitor.counters.map((c) => [c.name, c.caller?.id ?? null]));
  }
  async function openSessions(s: QueueScenario): Promise<string[]> {
    const rows = await t.database.db
      .selectFrom('counter_sessions')
      .select('counter_id')
      .where('tenant_id', '=', s.tenantId)
      .where('ended_at', 'is', null)
      .execute();
    return rows.map((r) => r.counter_id).sort();
  }
  /** Three counters serving service A. */
  async function scenario() {
    const s = await buildQueueScenario(t, { serviceCodes: ['A'], counterServices: [[0], [0], [0]] });
    const a = s.services[0]?.id ?? '';
    const [c1, , c3] = s.counters;
    if (!c1 || !c3) throw new Error('counters');
    return { s, a, c1, c3 };
  }

  it('"Ganti loket": leaving a counter frees it, and the next one is taken', async () => {
    const { s, a, c1, c3 } = await scenario();
    expect((await take(c1.id, s.cookies.caller, [a])).statusCode).toBe(200);
    expect((await callersOf(s))[c1.name]).toBe(s.users.caller.id);
    expect((await leave(c1.id, s.cookies.caller)).statusCode).toBe(204);
    expect(await openSessions(s)).toEqual([]);
    expect((await take(c3.id, s.cookies.caller, [a])).statusCode).toBe(200);
    const callers = await callersOf(s);
    expect(callers[c1.name]).toBeNull();
    expect(callers[c3.name]).toBe(s.users.caller.id);
  });

  it('taking a second counter (another tab) releases the first and tells its subscribers', async () => {
    const { s, a, c1, c3 } = await scenario();
    expect((await take(c1.id, s.cookies.caller, [a])).statusCode).toBe(200);
    const publish = vi.spyOn(t.live.bus, 'publish');
    try {
      expect((await take(c3.id, s.cookies.caller, [a])).statusCode).toBe(200);
      expect(await openSessions(s)).toEqual([c3.id]);
      const callers = await callersOf(s);
      expect(callers[c1.name]).toBeNull();
      expect(callers[c3.name]).toBe(s.users.caller.id);
      const released = publish.mock.calls
        .map(([m]) => m)
        .find((m) => m.kind === 'branch' && m.counterId === c1.id);
      expect(released).toMatchObject({ type: 'counter.updated', staff: { counterId: c1.id, station: null } });
      const taken = publish.mock.calls
        .map(([m]) => m)
        .find((m) => m.kind === 'branch' && m.counterId === c3.id);
      expect(taken).toMatchObject({
        type: 'counter.updated',
        staff: { counterId: c3.id, station: { userId: s.users.caller.id } },
      });
    } finally {
      publish.mockRestore();
    }
  });

  it('a counter the caller no longer holds cannot call (409 COUNTER_NOT_TAKEN), the held one can', async () => {
    const { s, a, c1, c3 } = await scenario();
    expect((await take(c1.id, s.cookies.caller, [a])).statusCode).toBe(200);
    expect((await take(c3.id, s.cookies.caller, [a])).statusCode).toBe(200);
    const first = await issueOk(t.app, s);
    const refused = await api.callNext(c1.id, s.cookies.caller);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused).code).toBe('COUNTER_NOT_TAKEN');
    expect((await ticketRow(t.database, first.id)).status).toBe('waiting');
    // Calling a chosen ticket at the old counter is refused the same way (random-caller service).
    await t.database.db.updateTable('services').set({ random_caller: 1 }).where('id', '=', a).execute();
    const chosen = await api.act(first.id, 'call', s.cookies.caller, { counterId: c1.id });
    expect(errorOf(chosen).code).toBe('COUNTER_NOT_TAKEN');
    expect((await ticketRow(t.database, first.id)).status).toBe('waiting');
    // The counter held now calls; another caller may take the freed counter and call there.
    const called = ticketOf(await api.callNext(c3.id, s.cookies.caller));
    expect(called).toMatchObject({ id: first.id, counterId: c3.id, status: 'calling' });
    const second = await issueOk(t.app, s);
    expect((await take(c1.id, s.cookies.caller2, [a])).statusCode).toBe(200);
    expect(ticketOf(await api.callNext(c1.id, s.cookies.caller2))).toMatchObject({
      id: second.id,
      counterId: c1.id,
    });
  });

  it('staff who operate the queue call at any counter of the branch', async () => {
    const { s, a, c1, c3 } = await scenario();
    expect((await take(c3.id, s.cookies.admin, [a])).statusCode).toBe(200);
    const ticket = await issueOk(t.app, s);
    expect(ticketOf(await api.callNext(c1.id, s.cookies.admin))).toMatchObject({
      id: ticket.id,
      counterId: c1.id,
    });
  });
});
