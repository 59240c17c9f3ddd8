/**
 * The tenant's voice over HTTP and the live socket: read, save (audited), each bad input a 400
 * that changes nothing, non-admins refused; every active display hears how it speaks from now on
 * (`voice.updated`, its own mode override kept) and a reconnecting display has it in its snapshot.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { DisplayVoice } from '@antrean/shared/live/events';
import { describeWithDb } from '../../test/db';
import { LiveClient, buildEngineApp, listen, type EngineApp, type Frame } from '../../test/engine-helpers';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('voice settings (HTTP + live)', () => {
  let t: EngineApp;
  let base: string;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await buildEngineApp();
    base = await listen(t.app);
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (payload: unknown, cookie = admin) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/voice-settings',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const openDisplay = async (code: string) => {
    const client = await LiveClient.open(base);
    clients.push(client);
    client.subscribe([`display:${code}`]);
    const [snapshot] = await client.waitFor((f) => f.topic === `display:${code}` && f.type === 'snapshot');
    return { client, snapshot: snapshot as Frame & { data: { voice: DisplayVoice } } };
  };
  const body = {
    mode: 'both',
    numberStyle: 'digits',
    templateId: 'Antrian {number} ke {counter}',
    templateEn: '',
  };

  it('saves the tenant voice, audited; displays hear it live (own override kept) and in a new snapshot', async () => {
    // The other branch's display speaks English whatever the tenant says.
    await t.database.db
      .updateTable('displays')
      .set({ voice_mode: 'voice_en' })
      .where('id', '=', g.other.display.id)
      .execute();
    const main = await openDisplay(g.main.display.code);
    const second = await openDisplay(g.other.display.code);
    const foreign = await openDisplay(other.main.display.code);
    expect(main.snapshot.data.voice).toMatchObject({
      mode: 'voice_id',
      numberStyle: 'number',
      templateId: null,
    });

    const saved = await put(body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      mode: 'both',
      numberStyle: 'digits',
      templateId: 'Antrian {number} ke {counter}',
      templateEn: null,
    });
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/v1/voice-settings',
      headers: { cookie: admin },
    });
    expect(got.json()).toEqual(saved.json());

    const [event] = await main.client.waitFor((f) => f.type === 'voice.updated');
    expect((event as Frame & { data: DisplayVoice }).data).toMatchObject({
      mode: 'both',
      numberStyle: 'digits',
      templateId: 'Antrian {number} ke {counter}',
      templateEn: null,
    });
    const [overridden] = await second.client.waitFor((f) => f.type === 'voice.updated');
    expect((overridden as Frame & { data: DisplayVoice }).data).toMatchObject({
      mode: 'voice_en',
      numberStyle: 'digits',
    });
    expect(foreign.client.matching((f) => f.type === 'voice.updated')).toEqual([]);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('tenant_id', '=', g.tenant.id)
      .where('action', '=', 'voice.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(
      await listAuditEntries(t.database.db, g.tenant.id, 'voice_settings', audit[0]?.entity_id ?? ''),
    ).toHaveLength(1);

    await main.client.close();
    const again = await openDisplay(g.main.display.code);
    expect(again.snapshot.data.voice).toMatchObject({ mode: 'both', numberStyle: 'digits' });
  });

  it('refuses bad input with field errors (nothing changed) and non-admins', async () => {
    const before = await t.database.db
      .selectFrom('voice_settings')
      .selectAll()
      .where('tenant_id', '=', g.tenant.id)
      .execute();
    for (const [patch, field] of [
      [{ mode: 'loud' }, 'mode'],
      [{ numberStyle: 'roman' }, 'numberStyle'],
      [{ templateId: 'Silakan ke {counter}' }, 'templateId'],
      [{ templateEn: 'Number {number} to {desk}' }, 'templateEn'],
    ] as const) {
      const refused = await put({ ...body, ...patch });
      expect(refused.statusCode, JSON.stringify(patch)).toBe(400);
      expect(Object.keys(refused.json().error.details.fields)).toEqual([field]);
    }
    expect(
      await t.database.db
        .selectFrom('voice_settings')
        .selectAll()
        .where('tenant_id', '=', g.tenant.id)
        .execute(),
    ).toEqual(before);
    const caller = await loginAs(t.app, g.users.caller.username);
    expect((await put(body, caller)).statusCode).toBe(403);
  });
});
