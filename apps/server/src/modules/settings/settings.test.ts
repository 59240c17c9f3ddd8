/**
 * The tenant's settings over HTTP: read (defaults), save (audited, the WhatsApp token encrypted
 * at rest and never answered nor audited), each validation rule a 400 with its field error that
 * changes nothing, the admin-only policy, tenants kept apart, and the test message through the
 * log provider and through WhatsApp Cloud (a fake Cloud API on a local port).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_TEMPLATES } from '@antrean/shared/domain/message';
import type { TenantSettings } from '@antrean/shared/domain/tenant-settings';
import { describeWithDb } from '../../test/db';
import { buildEngineApp, nextIp, type EngineApp } from '../../test/engine-helpers';
import { startFakeWhatsApp } from '../../test/fake-whatsapp';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

const TOKEN = 'EAAG-secret-token-1234567890';

const valid = (extra: Record<string, unknown> = {}) => ({
  defaultLanguage: 'en',
  checkInBeforeMinutes: 20,
  checkInAfterMinutes: 10,
  skipLimit: 2,
  reviewTimeoutSeconds: 15,
  whatsappProvider: 'log',
  whatsappPhoneNumberId: '',
  whatsappAccessToken: '',
  ...extra,
});

describeWithDb('tenant settings (HTTP)', () => {
  let t: EngineApp;
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  let otherAdmin: string;

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    t = await buildEngineApp({ env: { WHATSAPP_API_URL: fake.url } });
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
    otherAdmin = await loginAs(t.app, other.users.admin.username);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const get = (cookie = admin) =>
    t.app.inject({ method: 'GET', url: '/api/v1/settings', headers: { cookie } });
  const put = (body: unknown, cookie = admin, lang = 'id') => {
    // Each save a second later, so the audit entries are in order.
    t.clock.advance(1000);
    return t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: { cookie, 'content-type': 'application/json', 'accept-language': lang },
      payload: JSON.stringify(body),
    });
  };
  const sendTest = (to: string, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/whatsapp/test',
      headers: { cookie },
      payload: { to },
      remoteAddress: nextIp(),
    });
  const row = (tenantId = g.tenant.id) =>
    t.database.db
      .selectFrom('tenant_settings')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();

  it('reads the defaults, then saves every field (audited) and answers them back', async () => {
    const fresh = await get();
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual<TenantSettings>({
      defaultLanguage: 'id',
      checkInBeforeMinutes: 30,
      checkInAfterMinutes: 15,
      skipLimit: 3,
      reviewTimeoutSeconds: 10,
      whatsappProvider: 'log',
      whatsappPhoneNumberId: '',
      whatsappAccessTokenSet: false,
      whatsappAppSecretSet: false,
      whatsappVerifyTokenSet: false,
      whatsappTemplates: NO_TEMPLATES,
    });
    const saved = await put(valid());
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: TenantSettings = {
      defaultLanguage: 'en',
      checkInBeforeMinutes: 20,
      checkInAfterMinutes: 10,
      skipLimit: 2,
      reviewTimeoutSeconds: 15,
      whatsappProvider: 'log',
      whatsappPhoneNumberId: '',
      whatsappAccessTokenSet: false,
      whatsappAppSecretSet: false,
      whatsappVerifyTokenSet: false,
      whatsappTemplates: NO_TEMPLATES,
    };
    expect(saved.json()).toEqual(expected);
    expect((await get()).json()).toEqual(expected);
    expect(await row()).toMatchObject({
      default_language: 'en',
      check_in_before_minutes: 20,
      check_in_after_minutes: 10,
      skip_limit: 2,
      call_announce_seconds: 15,
      whatsapp_provider: 'log',
    });
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'tenant_settings', g.tenant.id);
    expect(audit.at(-1)).toMatchObject({ action: 'settings.update', actor_id: g.users.admin.id });
    expect(JSON.parse(audit.at(-1)?.after_json ?? '{}')).toEqual(expected);
    // Saving the same values again changes nothing and writes no audit entry.
    expect((await put(valid())).statusCode).toBe(200);
    expect(await listAuditEntries(t.database.db, g.tenant.id, 'tenant_settings', g.tenant.id)).toHaveLength(
      audit.length,
    );
    // The other tenant's settings are its own.
    expect((await get(otherAdmin)).json()).toMatchObject({ defaultLanguage: 'id', skipLimit: 3 });
  });

  it('stores the WhatsApp token encrypted, never answers or audits it, and keeps it when left empty', async () => {
    const cloud = valid({
      whatsappProvider: 'whatsapp-cloud',
      whatsappPhoneNumberId: '1098765',
      whatsappAccessToken: TOKEN,
    });
    const saved = await put(cloud);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(TOKEN);
    expect(saved.json()).toMatchObject({ whatsappProvider: 'whatsapp-cloud', whatsappAccessTokenSet: true });
    const stored = (await row())?.whatsapp_access_token ?? '';
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(TOKEN);
    expect((await get()).body).not.toContain(TOKEN);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'tenant_settings', g.tenant.id);
    for (const entry of audit) {
      expect(`${entry.before_json}${entry.after_json}`).not.toContain(TOKEN);
      expect(`${entry.before_json}${entry.after_json}`).not.toContain(stored);
    }
    expect(JSON.parse(audit.at(-1)?.after_json ?? '{}')).toMatchObject({ whatsappAccessTokenReplaced: true });

    // An empty token keeps the stored one.
    const kept = await put({ ...cloud, whatsappAccessToken: '', skipLimit: 4 });
    expect(kept.json()).toMatchObject({ whatsappAccessTokenSet: true, skipLimit: 4 });
    expect((await row())?.whatsapp_access_token).toBe(stored);
    // The token of one tenant does not open as another's (the tenant is the associated data).
    await t.database.db
      .updateTable('tenant_settings')
      .set({
        whatsapp_provider: 'whatsapp-cloud',
        whatsapp_phone_number_id: '1',
        whatsapp_access_token: stored,
      })
      .where('tenant_id', '=', other.tenant.id)
      .execute();
    const foreign = await sendTest('081234567890', otherAdmin);
    expect(foreign.statusCode).toBe(502);
    expect(foreign.json().error.code).toBe('WHATSAPP_SEND_FAILED');
    await t.database.db
      .updateTable('tenant_settings')
      .set({ whatsapp_provider: 'log', whatsapp_phone_number_id: null, whatsapp_access_token: null })
      .where('tenant_id', '=', other.tenant.id)
      .execute();
  });

  it('sends the test message through WhatsApp Cloud with the decrypted token, and reports a refusal', async () => {
    await put(
      valid({
        whatsappProvider: 'whatsapp-cloud',
        whatsappPhoneNumberId: '1098765',
        whatsappAccessToken: TOKEN,
      }),
    );
    fake.requests.length = 0;
    const sent = await sendTest('081234567890');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ provider: 'whatsapp-cloud', providerMessageId: 'wamid.1' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      url: '/v21.0/1098765/messages',
      authorization: `Bearer ${TOKEN}`,
      body: {
        messaging_product: 'whatsapp',
        to: '6281234567890',
        type: 'text',
        text: { body: expect.stringContaining(g.tenant.name) },
      },
    });

    fake.respond({ status: 401, body: { error: { message: 'Invalid OAuth access token', code: 190 } } });
    try {
      const refused = await sendTest('081234567890');
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error).toMatchObject({
        code: 'WHATSAPP_SEND_FAILED',
        details: { reason: 'HTTP 401: Invalid OAuth access token' },
      });
    } finally {
      fake.respond({ status: 200, body: { messages: [{ id: 'wamid.x' }] } });
    }
  });

  it('saves the WhatsApp Cloud template names per kind; a bad name is a 400; left out keeps them', async () => {
    const templates = { ...NO_TEMPLATES, verification_code: 'antrean_otp', first_call: 'antrean_call_1' };
    const saved = await put(valid({ whatsappTemplates: templates }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().whatsappTemplates).toEqual(templates);
    expect(JSON.parse((await row())?.whatsapp_templates ?? '{}')).toEqual(templates);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'tenant_settings', g.tenant.id);
    expect(JSON.parse(audit.at(-1)?.after_json ?? '{}')).toMatchObject({ whatsappTemplates: templates });

    const bad = await put(valid({ whatsappTemplates: { ...templates, first_call: 'Call Me!' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual({
      'whatsappTemplates.first_call': 'Format tidak valid.',
    });
    const unknownKind = await put(valid({ whatsappTemplates: { ...templates, promo: 'x' } }));
    expect(unknownKind.statusCode).toBe(400);
    expect((await get()).json().whatsappTemplates).toEqual(templates);

    const kept = await put(valid({ skipLimit: 5 }));
    expect(kept.json()).toMatchObject({ skipLimit: 5, whatsappTemplates: templates });
    await put(valid({ whatsappTemplates: NO_TEMPLATES }));
  });

  it('sends the test message through the log provider', async () => {
    await put(valid());
    fake.requests.length = 0;
    const sent = await sendTest('081234567890');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ provider: 'log', providerMessageId: null });
    expect(fake.requests).toHaveLength(0);
    const bad = await sendTest('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toHaveProperty('to');
  });

  describe('each validation rule is a 400 on its field, and nothing changes', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['language must be chosen', { defaultLanguage: '' }, 'defaultLanguage', 'Wajib dipilih.'],
      ['language from the list', { defaultLanguage: 'fr' }, 'defaultLanguage', 'Wajib dipilih.'],
      ['check-in before ≥ 0', { checkInBeforeMinutes: -1 }, 'checkInBeforeMinutes', 'Minimal 0.'],
      ['check-in before ≤ 240', { checkInBeforeMinutes: 241 }, 'checkInBeforeMinutes', 'Maksimal 240.'],
      ['check-in after whole', { checkInAfterMinutes: 1.5 }, 'checkInAfterMinutes', 'Harus bilangan bulat.'],
      ['check-in after required', { checkInAfterMinutes: null }, 'checkInAfterMinutes', 'Wajib diisi.'],
      ['skip limit ≤ 20', { skipLimit: 21 }, 'skipLimit', 'Maksimal 20.'],
      ['review timeout ≥ 3', { reviewTimeoutSeconds: 2 }, 'reviewTimeoutSeconds', 'Minimal 3.'],
      ['review timeout ≤ 120', { reviewTimeoutSeconds: 121 }, 'reviewTimeoutSeconds', 'Maksimal 120.'],
      ['provider from the list', { whatsappProvider: 'sms' }, 'whatsappProvider', 'Wajib dipilih.'],
      [
        'phone number id digits',
        { whatsappPhoneNumberId: '12ab' },
        'whatsappPhoneNumberId',
        'Format tidak valid.',
      ],
      [
        'cloud needs a phone number id',
        { whatsappProvider: 'whatsapp-cloud', whatsappAccessToken: TOKEN },
        'whatsappPhoneNumberId',
        'Wajib diisi.',
      ],
      [
        'cloud needs a token (none stored)',
        { whatsappProvider: 'whatsapp-cloud', whatsappPhoneNumberId: '123' },
        'whatsappAccessToken',
        'Wajib diisi.',
      ],
    ];
    it.each(cases)('%s', async (_name, change, field, message) => {
      // The other tenant has no token stored: the last case is refused by the server's own check.
      const before = await row(other.tenant.id);
      const response = await put(valid(change), otherAdmin);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: { [field]: message } },
      });
      expect(await row(other.tenant.id)).toEqual(before);
    });

    it('answers the field errors in English too', async () => {
      const response = await put(valid({ skipLimit: 21 }), otherAdmin, 'en');
      expect(response.json().error.details.fields).toEqual({ skipLimit: 'Must be at most 20.' });
    });
  });

  it('is for admins only: operators, callers and supervisors are refused, and nothing changes', async () => {
    const before = await row();
    for (const user of [g.users.operator, g.users.caller, g.users.supervisor]) {
      const cookie = await loginAs(t.app, user.username, undefined, { remoteAddress: nextIp() });
      expect((await get(cookie)).statusCode).toBe(403);
      expect((await put(valid({ skipLimit: 9 }), cookie)).statusCode).toBe(403);
      expect((await sendTest('081234567890', cookie)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/settings' })).statusCode).toBe(401);
    expect(await row()).toEqual(before);
  });
});
