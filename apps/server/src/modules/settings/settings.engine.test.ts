/**
 * The saved settings are the ones the queue engine uses: the check-in window at check-in, the
 * review timeout in the announcement timer, the skip limit, and the WhatsApp provider and
 * language of a queued message, delivered by the outbox worker through WhatsApp Cloud.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/app';
import { describeWithDb } from '../../test/db';
import {
  buildEngineApp,
  buildQueueScenario,
  eventsOf,
  insertTicket,
  ticketApi,
  ticketRow,
  type EngineApp,
  type QueueScenario,
} from '../../test/engine-helpers';
import { startFakeWhatsApp } from '../../test/fake-whatsapp';
import { serviceDeps } from '../../lib/deps';
import { createSecretBox } from '../../lib/secret-box';
import { deliverOutbox } from '../../jobs/outbox-worker';
import { skipLimitOf } from '../tickets/ticket-rules.repository';
import { createMessaging } from './messaging';

describeWithDb('tenant settings used by the engine', () => {
  let t: EngineApp;
  let s: QueueScenario;
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  const api = () => ticketApi(t.app);

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    t = await buildEngineApp({ env: { WHATSAPP_API_URL: fake.url } });
    s = await buildQueueScenario(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    t.clock.set(TEST_NOW);
  });

  const save = async (change: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: { cookie: s.cookies.admin },
      payload: {
        defaultLanguage: 'id',
        checkInBeforeMinutes: 30,
        checkInAfterMinutes: 15,
        skipLimit: 3,
        reviewTimeoutSeconds: 10,
        whatsappProvider: 'log',
        whatsappPhoneNumberId: '',
        whatsappAccessToken: '',
        ...change,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const service = () => {
    const first = s.services[0];
    if (!first) throw new Error('service');
    return first;
  };

  it('a check-in outside the saved window needs validation; inside it joins the queue', async () => {
    await save({ checkInBeforeMinutes: 5, checkInAfterMinutes: 5 });
    const booking = (minutesAhead: number) =>
      insertTicket(t, {
        branchId: s.branch.id,
        serviceId: service().id,
        status: 'booked',
        slotStartAt: TEST_NOW + minutesAhead * 60_000,
        queuedAt: null,
      });
    const early = await booking(10);
    const onTime = await booking(3);
    const late = await booking(-6);
    for (const [ticket, status] of [
      [early, 'unvalidated'],
      [onTime, 'waiting'],
      [late, 'unvalidated'],
    ] as const) {
      const response = await api().act(ticket.id, 'check-in', s.cookies.operator);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe(status);
    }
    // With the default window (30 before), the early booking would have joined the queue.
    await save({});
    const again = await booking(10);
    expect((await api().act(again.id, 'check-in', s.cookies.operator)).json().status).toBe('waiting');
  });

  it('a call counts as announced after the saved review timeout', async () => {
    await save({ reviewTimeoutSeconds: 20 });
    const counter = s.counters[0];
    if (!counter) throw new Error('counter');
    const ticket = await insertTicket(t, {
      branchId: s.branch.id,
      serviceId: service().id,
      status: 'calling',
      counterId: counter.id,
      calledAt: TEST_NOW,
    });
    t.clock.set(TEST_NOW + 15_000);
    expect((await t.runTimers()).announced).toBe(0);
    t.clock.set(TEST_NOW + 20_000);
    expect((await t.runTimers()).announced).toBe(1);
    expect((await ticketRow(t.database, ticket.id)).status).toBe('called');
    const announced = (await eventsOf(t.database, ticket.id)).find((e) => e.type === 'ticket.announced');
    expect(announced?.at).toBe(TEST_NOW + 20_000);
    await save({});
  });

  it('the skip limit is the saved one', async () => {
    await save({ skipLimit: 7 });
    expect(await skipLimitOf(t.database.db, s.tenantId)).toBe(7);
    await save({});
    expect(await skipLimitOf(t.database.db, s.tenantId)).toBe(3);
  });

  it('a virtual ticket is queued for the saved provider and language and delivered through WhatsApp Cloud', async () => {
    await save({
      defaultLanguage: 'en',
      whatsappProvider: 'whatsapp-cloud',
      whatsappPhoneNumberId: '55501',
      whatsappAccessToken: 'cloud-token',
    });
    await t.database.db
      .updateTable('branches')
      .set({ whatsapp_virtual_ticket: 1 })
      .where('id', '=', s.branch.id)
      .execute();
    const issued = await api().issue(
      s.branch.id,
      { serviceId: service().id, channel: 'operator', phone: '081298765432' },
      { cookie: s.cookies.operator },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const number: string = issued.json().number;
    const outbox = await t.database.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('tenant_id', '=', s.tenantId)
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ provider: 'whatsapp-cloud', language: 'en', status: 'pending' });

    fake.requests.length = 0;
    const deps = serviceDeps(t.deps);
    const messaging = createMessaging(deps, createSecretBox(t.deps.config), () => undefined);
    expect(await deliverOutbox(deps, (name) => messaging.providers[name])).toEqual({ sent: 1, failed: 0 });
    expect(fake.requests).toEqual([
      expect.objectContaining({
        url: '/v21.0/55501/messages',
        authorization: 'Bearer cloud-token',
        body: expect.objectContaining({
          to: '6281298765432',
          text: expect.objectContaining({ body: expect.stringContaining(`Your queue number is ${number}`) }),
        }),
      }),
    ]);
    const sent = await t.database.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('id', '=', outbox.id)
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: 'sent', provider_message_id: 'wamid.1' });
  });
});
