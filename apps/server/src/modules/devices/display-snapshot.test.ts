/**
 * The display snapshot (what a display shows after a (re)load): a ticket that left its counter —
 * transferred to another service while being called, or sent back to the queue — is neither a
 * counter's current ticket nor one of the latest calls; the latest calls are real calls, each
 * with the counter that made it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { unitOfWork } from '../../lib/uow';
import { describeWithDb } from '../../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  issueOk,
  ticketApi,
  type EngineApp,
} from '../../test/engine-helpers';
import { buildDisplaySnapshot } from './display-snapshot';

describeWithDb('display snapshot', () => {
  let t: EngineApp;
  beforeAll(async () => {
    t = await buildEngineApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists only real calls with their counter; a transferred or requeued ticket is not shown as called', async () => {
    const s = await buildQueueScenario(t);
    const api = ticketApi(t.app);
    const [counterA, counterB] = s.counters;
    const [, serviceB] = s.services;
    if (!counterA || !counterB || !serviceB) throw new Error('scenario');
    const snapshot = () =>
      unitOfWork(t.database).read((db) =>
        buildDisplaySnapshot(db, s.tenantId, s.branch.id, s.display.id, t.clock.now()),
      );

    const transferred = await issueOk(t.app, s);
    const requeued = await issueOk(t.app, s);
    const served = await issueOk(t.app, s);

    // Called, then transferred to service B while being called.
    expect((await api.callNext(counterA.id, s.cookies.caller)).json()).toMatchObject({ id: transferred.id });
    t.clock.advance(1000);
    let before = await snapshot();
    expect(before.recentCalls.map((c) => c.id)).toEqual([transferred.id]);
    expect(before.counters.find((c) => c.id === counterA.id)?.current?.id).toBe(transferred.id);
    const transfer = await api.act(transferred.id, 'transfer', s.cookies.caller, { serviceId: serviceB.id });
    expect(transfer.statusCode).toBe(200);
    before = await snapshot();
    expect(before.recentCalls).toEqual([]);
    expect(before.counters.every((c) => c.current === null)).toBe(true);

    // Called, skipped, then sent back to the queue.
    t.clock.advance(1000);
    expect((await api.callNext(counterA.id, s.cookies.caller)).json()).toMatchObject({ id: requeued.id });
    t.clock.advance(1000);
    expect((await api.act(requeued.id, 'skip', s.cookies.caller)).statusCode).toBe(200);
    expect((await api.act(requeued.id, 'requeue', s.cookies.caller)).statusCode).toBe(200);

    // A real call.
    t.clock.advance(1000);
    expect((await api.callNext(counterA.id, s.cookies.caller)).json()).toMatchObject({ id: served.id });

    const after = await snapshot();
    expect(after.recentCalls.map((c) => ({ id: c.id, counterId: c.counterId }))).toEqual([
      { id: served.id, counterId: counterA.id },
    ]);
    expect(after.counters.find((c) => c.id === counterA.id)?.current).toMatchObject({
      id: served.id,
      status: 'calling',
    });
    expect(after.counters.find((c) => c.id === counterB.id)?.current).toBeNull();
    // The transferred ticket waits in service B, the requeued one in A again.
    expect(after.services.map((x) => x.waiting)).toEqual([1, 1]);
  });
});
