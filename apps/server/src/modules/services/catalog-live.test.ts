/**
 * Deactivating a service takes it off the kiosk at once: over a real socket (`/api/v1/live`), a
 * kiosk subscribed to `kiosk:<code>` (and the branch's displays and staff topic) receives
 * `catalog.changed` after the commit, and the kiosk's next read no longer has the service. The
 * visitor-facing catalogue reads (kiosk config, the branch's services for devices) exclude it;
 * staff still see it, flagged inactive.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { parseLiveData } from '@antrean/shared/live/events';
import type { BranchService } from '@antrean/shared/domain/service';
import { describeWithDb } from '../../test/db';
import {
  LiveClient,
  buildEngineApp,
  buildQueueScenario,
  listen,
  settle,
  type EngineApp,
  type Frame,
  type QueueScenario,
} from '../../test/engine-helpers';

const isType = (topic: string, type: string) => (f: Frame) => f.topic === topic && f.type === type;

describeWithDb('catalog changes reach the kiosks live', () => {
  let t: EngineApp;
  let base: string;
  let s: QueueScenario;
  const clients: LiveClient[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const client = await LiveClient.open(base, headers);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await buildEngineApp();
    base = await listen(t.app);
  });
  beforeEach(async () => {
    s = await buildQueueScenario(t, { serviceCodes: ['A', 'B'] });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (serviceId: string, body: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/services/${serviceId}`,
      headers: { cookie: s.cookies.admin, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const kioskServiceIds = async () => {
    const response = await t.app.inject({
      url: '/api/v1/kiosk/config',
      headers: { 'x-kiosk-code': s.kiosk.code },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ services: { id: string }[] }>().services.map((x) => x.id);
  };
  const branchServices = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: `/api/v1/branches/${s.branch.id}/services`, headers })).json<{
      items: BranchService[];
    }>().items;

  it('deactivating a service: the kiosk, the display and the staff topic hear catalog.changed after the commit, and the kiosk no longer offers it', async () => {
    const [teller] = s.services;
    const kioskTopic = `kiosk:${s.kiosk.code}`;
    const displayTopic = `display:${s.display.code}`;
    const branchTopic = `branch:${s.branch.id}`;
    const kiosk = await open();
    kiosk.subscribe([kioskTopic, displayTopic]);
    const [snapshot] = await kiosk.waitFor(isType(kioskTopic, 'snapshot'));
    expect(snapshot?.data).toEqual({ branchId: s.branch.id });
    await kiosk.waitFor(isType(displayTopic, 'snapshot'));
    const staff = await open({ cookie: s.cookies.operator });
    staff.subscribe([branchTopic]);
    await staff.waitFor(isType(branchTopic, 'snapshot'));
    expect(await kioskServiceIds()).toContain(teller!.id);

    expect((await patch(teller!.id, { isActive: false })).statusCode).toBe(200);
    const [event] = await kiosk.waitFor(isType(kioskTopic, 'catalog.changed'));
    expect(event?.data).toEqual({ serviceId: teller!.id });
    expect(parseLiveData('kiosk', { type: 'catalog.changed', data: event?.data })).toEqual({ success: true });
    await kiosk.waitFor(isType(displayTopic, 'catalog.changed'));
    await staff.waitFor(isType(branchTopic, 'catalog.changed'));

    // What the kiosk reads on that event: the service is gone, the other one stays.
    const offered = await kioskServiceIds();
    expect(offered).not.toContain(teller!.id);
    expect(offered).toContain(s.services[1]!.id);
    expect((await branchServices({ 'x-kiosk-code': s.kiosk.code })).map((x) => x.id)).not.toContain(
      teller!.id,
    );
    const forStaff = await branchServices({ cookie: s.cookies.operator });
    expect(forStaff.find((x) => x.id === teller!.id)?.isActive).toBe(false);

    // Reactivated from the inactive page: back on the kiosk, announced the same way.
    expect((await patch(teller!.id, { isActive: true })).statusCode).toBe(200);
    await kiosk.waitFor(isType(kioskTopic, 'catalog.changed'), 2);
    expect(await kioskServiceIds()).toContain(teller!.id);
  });

  it('a refused change announces nothing; kiosks of branches that do not offer the service hear nothing', async () => {
    const elsewhere = await buildQueueScenario(t, { tenantId: s.tenantId, serviceCodes: ['C'] });
    const kiosk = await open();
    const here = `kiosk:${s.kiosk.code}`;
    const there = `kiosk:${elsewhere.kiosk.code}`;
    kiosk.subscribe([here, there]);
    await kiosk.waitFor(isType(here, 'snapshot'));
    await kiosk.waitFor(isType(there, 'snapshot'));
    const bad = await patch(s.services[0]!.id, { code: s.services[1]!.code });
    expect(bad.statusCode).toBe(409);
    expect((await patch(s.services[0]!.id, { name: 'Teller Prioritas' })).statusCode).toBe(200);
    await kiosk.waitFor(isType(here, 'catalog.changed'));
    await settle();
    expect(kiosk.matching(isType(here, 'catalog.changed'))).toHaveLength(1);
    expect(kiosk.matching(isType(there, 'catalog.changed'))).toHaveLength(0);
  });

  it('a branch that stops offering a service (the mapping page) tells its kiosks and its staff screens the same way', async () => {
    const topic = `kiosk:${s.kiosk.code}`;
    const kiosk = await open();
    kiosk.subscribe([topic]);
    await kiosk.waitFor(isType(topic, 'snapshot'));
    // The caller's and operator's screens listen on the branch's staff topic.
    const branchTopic = `branch:${s.branch.id}`;
    const staff = await open({ cookie: s.cookies.operator });
    staff.subscribe([branchTopic]);
    await staff.waitFor(isType(branchTopic, 'snapshot'));
    const [a, b] = s.services;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/branches/${s.branch.id}/service-mapping`,
      headers: { cookie: s.cookies.admin, 'content-type': 'application/json' },
      payload: JSON.stringify({
        offeredServiceIds: [b!.id],
        counters: s.counters.map((c) => ({ counterId: c.id, serviceIds: [b!.id] })),
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [event] = await kiosk.waitFor(isType(topic, 'catalog.changed'));
    expect(event?.data).toEqual({ serviceId: null });
    expect(await kioskServiceIds()).toEqual([b!.id]);
    const [staffEvent] = await staff.waitFor(isType(branchTopic, 'catalog.changed'));
    expect(staffEvent?.data).toEqual({ serviceId: null });
    // What the staff screens read on that event: the branch's services without the one it stopped offering.
    expect((await branchServices({ cookie: s.cookies.operator })).map((x) => x.id)).toEqual([b!.id]);
    expect(a).toBeDefined();
  });

  it('refuses an unknown or disabled kiosk code on the kiosk topic', async () => {
    await t.database.db.updateTable('kiosks').set({ is_active: 0 }).where('id', '=', s.kiosk.id).execute();
    const client = await open();
    client.subscribe([`kiosk:${s.kiosk.code}`, 'kiosk:NO-SUCH-KIOSK']);
    const errors = await client.waitFor((f) => f.type === 'error', 2);
    expect(errors.map((e) => e.code)).toEqual(['NOT_FOUND', 'NOT_FOUND']);
  });
});
