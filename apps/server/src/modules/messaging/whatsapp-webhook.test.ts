/**
 * The WhatsApp Cloud delivery-status webhook over HTTP: Meta's handshake with the tenant's verify
 * token, and signed notifications (HMAC-SHA256 of the raw body with the tenant's app secret) that
 * move outbox rows to delivered / read / failed; a bad or missing signature is a 401 and changes
 * nothing; another tenant's rows are out of reach.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeWithDb } from '../../test/db';
import { buildEngineApp, nextIp, type EngineApp } from '../../test/engine-helpers';
import { loginAs, type TenantGraph } from '../../test/factories';
import { enqueueMessage } from './outbox.repository';

const SECRET = 'meta-app-secret-0123456789';
const VERIFY = 'verify-me-please';

describeWithDb('WhatsApp delivery-status webhook', () => {
  let t: EngineApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let seq = 0;

  const configure = async (graph: TenantGraph, secret: string, verifyToken: string) => {
    const cookie = await loginAs(t.app, graph.users.admin.username);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: { cookie },
      payload: {
        defaultLanguage: 'id',
        checkInBeforeMinutes: 30,
        checkInAfterMinutes: 15,
        skipLimit: 3,
        reviewTimeoutSeconds: 10,
        whatsappProvider: 'log',
        whatsappPhoneNumberId: '',
        whatsappAccessToken: '',
        whatsappAppSecret: secret,
        whatsappVerifyToken: verifyToken,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ whatsappAppSecretSet: true, whatsappVerifyTokenSet: true });
  };

  beforeAll(async () => {
    t = await buildEngineApp();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    await configure(g, SECRET, VERIFY);
    await configure(other, 'the-other-secret', 'other-verify');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('message_outbox').execute();
  });

  /** A sent row of `graph` with provider message id `wamid`. */
  const sentRow = async (graph: TenantGraph, wamid: string) => {
    seq += 1;
    await t.database.db.transaction().execute((trx) =>
      enqueueMessage(trx, {
        tenantId: graph.tenant.id,
        provider: 'whatsapp-cloud',
        recipient: '+6281200000000',
        template: 'first_call',
        language: 'id',
        payload: { number: 'A001', counterName: 'Loket 1', branchName: 'KC' },
        dedupeKey: `hook:${seq}`,
        now: t.clock.now(),
      }),
    );
    await t.database.db
      .updateTable('message_outbox')
      .set({ status: 'sent', provider_message_id: wamid, sent_at: t.clock.now(), attempts: 1 })
      .where('dedupe_key', '=', `hook:${seq}`)
      .execute();
    return wamid;
  };
  const rowOf = (wamid: string) =>
    t.database.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('provider_message_id', '=', wamid)
      .executeTakeFirstOrThrow();

  const notification = (statuses: Record<string, unknown>[]) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '4242' }, statuses },
          },
        ],
      },
    ],
  });
  const sign = (raw: string, secret = SECRET) =>
    `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  const post = (raw: string, signature: string | undefined, tenantId = g.tenant.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/whatsapp/${tenantId}`,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
      },
      payload: raw,
      remoteAddress: nextIp(),
    });
  const handshake = (query: Record<string, string>, tenantId = g.tenant.id) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/webhooks/whatsapp/${tenantId}?${new URLSearchParams(query).toString()}`,
      remoteAddress: nextIp(),
    });

  it('answers the handshake with the challenge as plain text only for the right verify token', async () => {
    const ok = await handshake({
      'hub.mode': 'subscribe',
      'hub.verify_token': VERIFY,
      'hub.challenge': '1158201444',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);

    const wrong = await handshake({
      'hub.mode': 'subscribe',
      'hub.verify_token': 'nope',
      'hub.challenge': '1',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('WEBHOOK_VERIFY_FAILED');
    const mode = await handshake({
      'hub.mode': 'unsubscribe',
      'hub.verify_token': VERIFY,
      'hub.challenge': '1',
    });
    expect(mode.statusCode).toBe(403);
    // Another tenant's verify token does not open this tenant's webhook.
    const foreign = await handshake({
      'hub.mode': 'subscribe',
      'hub.verify_token': 'other-verify',
      'hub.challenge': '1',
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await handshake(
      { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY, 'hub.challenge': '1' },
      '01234567-89ab-4def-8123-456789abcdef',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('a signed notification moves rows to delivered, read and failed (with the error), never backwards', async () => {
    const delivered = await sentRow(g, 'wamid.D');
    const read = await sentRow(g, 'wamid.R');
    const failed = await sentRow(g, 'wamid.F');
    // Spacing as Meta sends it is kept: the HMAC is over these exact bytes.
    const raw = JSON.stringify(
      notification([
        { id: delivered, status: 'delivered', timestamp: '1764043200', recipient_id: '6281200000000' },
        { id: read, status: 'read', timestamp: '1764043260' },
        {
          id: failed,
          status: 'failed',
          timestamp: '1764043270',
          errors: [
            {
              code: 131026,
              title: 'Message undeliverable',
              error_data: { details: 'Receiver is incapable of receiving this message' },
            },
          ],
        },
        { id: 'wamid.unknown', status: 'delivered', timestamp: '1764043200' },
      ]),
      null,
      1,
    );
    const response = await post(raw, sign(raw));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 3 });
    expect(await rowOf(delivered)).toMatchObject({ status: 'delivered', status_at: 1764043200_000 });
    expect(await rowOf(read)).toMatchObject({ status: 'read', status_at: 1764043260_000 });
    expect(await rowOf(failed)).toMatchObject({
      status: 'failed',
      last_error: '131026: Message undeliverable (Receiver is incapable of receiving this message)',
    });

    // A late "delivered" after "read" changes nothing.
    const late = JSON.stringify(notification([{ id: read, status: 'delivered', timestamp: '1764043300' }]));
    expect((await post(late, sign(late))).json()).toEqual({ updated: 0 });
    expect(await rowOf(read)).toMatchObject({ status: 'read' });
  });

  it('a bad, missing or foreign signature is a 401 and changes nothing', async () => {
    const wamid = await sentRow(g, 'wamid.S');
    const raw = JSON.stringify(notification([{ id: wamid, status: 'read', timestamp: '1764043260' }]));
    const refused = [
      await post(raw, undefined),
      await post(raw, 'sha256=' + '0'.repeat(64)),
      await post(raw, sign(raw, 'the-other-secret')),
      await post(raw, sign(raw).replace('sha256=', 'sha1=')),
      // The same statuses re-serialised: the signature was over other bytes.
      await post(JSON.stringify(JSON.parse(raw), null, 2), sign(raw)),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await rowOf(wamid)).toMatchObject({ status: 'sent', status_at: null });
  });

  it("a tenant's webhook cannot touch another tenant's rows", async () => {
    const theirs = await sentRow(other, 'wamid.OTHER');
    const raw = JSON.stringify(notification([{ id: theirs, status: 'read', timestamp: '1764043260' }]));
    const response = await post(raw, sign(raw));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 0 });
    expect(await rowOf(theirs)).toMatchObject({ status: 'sent' });
    // Their own webhook, signed with their secret, does.
    const own = await post(raw, sign(raw, 'the-other-secret'), other.tenant.id);
    expect(own.json()).toEqual({ updated: 1 });
  });

  it('the secrets are stored sealed and never answered', async () => {
    const row = await t.database.db
      .selectFrom('tenant_settings')
      .select(['whatsapp_app_secret', 'whatsapp_verify_token'])
      .where('tenant_id', '=', g.tenant.id)
      .executeTakeFirstOrThrow();
    expect(row.whatsapp_app_secret).toMatch(/^v1:/);
    expect(`${row.whatsapp_app_secret}${row.whatsapp_verify_token}`).not.toContain(SECRET);
    expect(row.whatsapp_verify_token).not.toContain(VERIFY);
    const cookie = await loginAs(t.app, g.users.admin.username);
    const settings = await t.app.inject({ method: 'GET', url: '/api/v1/settings', headers: { cookie } });
    expect(settings.body).not.toContain(SECRET);
    expect(settings.body).not.toContain(VERIFY);
  });
});
