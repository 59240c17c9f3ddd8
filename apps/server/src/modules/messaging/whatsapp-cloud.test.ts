/**
 * The outbox delivered through WhatsApp Cloud against a local fake of the Graph API (a real HTTP
 * server on a random port, configured as WHATSAPP_API_URL): template or text messages; success
 * (the message id kept, status sent), a rate limit then success (Retry-After honoured), a bad
 * token (failed for good with the error) and no answer (retried).
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { NO_TEMPLATES } from '@antrean/shared/domain/message';
import { describeWithDb } from '../../test/db';
import { buildEngineApp, type EngineApp } from '../../test/engine-helpers';
import { startFakeWhatsApp } from '../../test/fake-whatsapp';
import { loginAs, type TenantGraph } from '../../test/factories';
import { serviceDeps } from '../../lib/deps';
import { createSecretBox } from '../../lib/secret-box';
import { deliverOutbox } from '../../jobs/outbox-worker';
import { createMessaging } from '../settings/messaging';
import { enqueueMessage } from './outbox.repository';

const TOKEN = 'EAAG-cloud-token';

describeWithDb('WhatsApp Cloud delivery (fake Graph API)', () => {
  let t: EngineApp;
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  let g: TenantGraph;
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    t = await buildEngineApp({ env: { WHATSAPP_API_URL: fake.url } });
    g = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.respond(null);
  });

  const configure = async (templates = NO_TEMPLATES, language = 'id') => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: { cookie: admin },
      payload: {
        defaultLanguage: language,
        checkInBeforeMinutes: 30,
        checkInAfterMinutes: 15,
        skipLimit: 3,
        reviewTimeoutSeconds: 10,
        whatsappProvider: 'whatsapp-cloud',
        whatsappPhoneNumberId: '4242',
        whatsappAccessToken: TOKEN,
        whatsappTemplates: templates,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const enqueueCall = async (language = 'id') => {
    seq += 1;
    const dedupeKey = `test:${seq}`;
    await t.database.db.transaction().execute((trx) =>
      enqueueMessage(trx, {
        tenantId: g.tenant.id,
        provider: 'whatsapp-cloud',
        recipient: '+6281234567890',
        template: 'first_call',
        language,
        payload: { number: 'A007', counterName: 'Loket 2', branchName: 'KC Sudirman' },
        dedupeKey,
        now: t.clock.now(),
      }),
    );
    return t.database.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirstOrThrow();
  };
  const deliver = () => {
    const deps = serviceDeps(t.deps);
    const messaging = createMessaging(deps, createSecretBox(t.deps.config), () => undefined, 400);
    return deliverOutbox(
      deps,
      (name) => messaging.providers[name],
      () => 1,
    );
  };
  const rowOf = (id: string) =>
    t.database.db.selectFrom('message_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends a kind with a configured template name as that template, its parameters in order', async () => {
    await configure({ ...NO_TEMPLATES, first_call: 'antrean_first_call' }, 'en');
    const queued = await enqueueCall('en');
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect(fake.requests).toEqual([
      expect.objectContaining({
        url: '/v21.0/4242/messages',
        authorization: `Bearer ${TOKEN}`,
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '6281234567890',
          type: 'template',
          template: {
            name: 'antrean_first_call',
            language: { code: 'en' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'A007' },
                  { type: 'text', text: 'Loket 2' },
                  { type: 'text', text: 'KC Sudirman' },
                ],
              },
            ],
          },
        },
      }),
    ]);
    expect(await rowOf(queued.id)).toMatchObject({ status: 'sent', provider_message_id: 'wamid.1' });
  });

  it('sends a kind without a template name as the text in the message language', async () => {
    await configure({ ...NO_TEMPLATES, verification_code: 'antrean_otp' });
    await enqueueCall('id');
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect(fake.requests[0]?.body).toMatchObject({
      type: 'text',
      text: { body: 'Nomor antrian A007 dipanggil. Silakan menuju Loket 2 di KC Sudirman.' },
    });
  });

  it('success: the provider message id is stored and the row is sent', async () => {
    await configure();
    const queued = await enqueueCall();
    fake.queue({ status: 200, body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.HBgM123' }] } });
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      provider_message_id: 'wamid.HBgM123',
      sent_at: t.clock.now(),
      last_error: null,
    });
  });

  it('a rate limit (429 with Retry-After) is retried after the wait, then sent', async () => {
    await configure();
    const queued = await enqueueCall();
    fake.queue({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: { message: '(#130429) Rate limit hit', code: 130429 } },
    });
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'retrying',
      attempts: 1,
      last_error: 'HTTP 429: (#130429) Rate limit hit',
      next_attempt_at: t.clock.now() + 120_000,
    });
    t.clock.advance(119_000);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(fake.requests).toHaveLength(1);
    t.clock.advance(1_000);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect(fake.requests).toHaveLength(2);
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      provider_message_id: 'wamid.2',
      last_error: null,
    });
  });

  it('a bad token (401) fails for good at once, with the error kept; it is not tried again', async () => {
    await configure();
    const queued = await enqueueCall();
    fake.respond({
      status: 401,
      body: { error: { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 } },
    });
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'HTTP 401: Invalid OAuth access token - Cannot parse access token',
      status_at: t.clock.now(),
      provider_message_id: null,
    });
    t.clock.advance(60 * 60_000);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(fake.requests).toHaveLength(1);
  });

  it('no answer (timeout) is retried with backoff, then sent', async () => {
    await configure();
    const queued = await enqueueCall();
    fake.queue({ hang: true });
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    const retrying = await rowOf(queued.id);
    expect(retrying).toMatchObject({
      status: 'retrying',
      attempts: 1,
      next_attempt_at: t.clock.now() + 30_000,
    });
    expect(retrying.last_error).toMatch(/^no answer: .*(timeout|aborted)/i);
    t.clock.advance(30_000);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      provider_message_id: 'wamid.2',
    });
  });

  it('a tenant that chose Cloud without credentials fails for good, saying so', async () => {
    await configure();
    await t.database.db
      .updateTable('tenant_settings')
      .set({ whatsapp_access_token: null })
      .where('tenant_id', '=', g.tenant.id)
      .execute();
    const queued = await enqueueCall();
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'failed',
      last_error: 'WhatsApp Cloud is not configured for this tenant',
    });
    expect(fake.requests).toHaveLength(0);
  });
});
