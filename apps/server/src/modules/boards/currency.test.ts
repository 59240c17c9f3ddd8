/**
 * Foreign currencies over HTTP and the live socket: create/list/edit/delete (audited), rates as
 * exact decimals on both databases, the one rates form for every currency (all or nothing), each
 * refusal a 400/409 that changes nothing, another tenant's ids are 404, and every change reaches
 * the tenant's displays over the WebSocket (`fx.updated`) and their reconnect snapshot.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Currency } from '@antrean/shared/domain/currency';
import type { CurrencyList } from '@antrean/shared/contracts/currencies.contract';
import type { DisplayFx } from '@antrean/shared/live/events';
import { describeWithDb } from '../../test/db';
import {
  LiveClient,
  buildEngineApp,
  listen,
  settle,
  type EngineApp,
  type Frame,
} from '../../test/engine-helpers';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

const usd = (extra: Record<string, unknown> = {}) => ({
  code: 'USD',
  name: 'US Dollar',
  flag: 'US',
  buy: '16150.10',
  sell: '16450',
  bankNoteBuy: '',
  bankNoteSell: null,
  ttCounterBuy: '16166.15',
  ttCounterSell: '0016433.550',
  sortOrder: 1,
  ...extra,
});

describeWithDb('currencies (HTTP + live)', () => {
  let t: EngineApp;
  let base: string;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  let otherAdmin: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await buildEngineApp();
    base = await listen(t.app);
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
    otherAdmin = await loginAs(t.app, other.users.admin.username);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie = admin,
  ) => {
    t.clock.advance(1000);
    return t.app.inject({
      method,
      url,
      headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  };
  const rowsOf = (tenantId: string) =>
    t.database.db
      .selectFrom('currencies')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('code')
      .execute();
  const openDisplay = async (code: string) => {
    const client = await LiveClient.open(base);
    clients.push(client);
    client.subscribe([`display:${code}`]);
    const [snapshot] = await client.waitFor((f) => f.topic === `display:${code}` && f.type === 'snapshot');
    return { client, snapshot: snapshot as Frame & { data: { fx: DisplayFx } } };
  };
  const fxEvents = (client: LiveClient, code: string) =>
    client.matching((f) => f.topic === `display:${code}` && f.type === 'fx.updated') as (Frame & {
      data: DisplayFx;
    })[];

  it('creates with exact canonical rates, lists with search, edits, deletes; audited; displays told live', async () => {
    const code = g.main.display.code;
    const { client, snapshot } = await openDisplay(code);
    // The graph's GBP is on the board already.
    expect(snapshot.data.fx.currencies.map((c) => c.code)).toEqual(['GBP']);
    expect(snapshot.data.fx.currencies[0]).toMatchObject({
      buy: '20500.5',
      bankNoteBuy: '20450',
      ttCounterBuy: null,
    });

    const created = await send('POST', '/api/v1/currencies', usd());
    expect(created.statusCode, created.body).toBe(201);
    const currency: Currency = created.json();
    expect(currency).toMatchObject({
      code: 'USD',
      flag: 'US',
      buy: '16150.1',
      sell: '16450',
      bankNoteBuy: null,
      bankNoteSell: null,
      ttCounterBuy: '16166.15',
      ttCounterSell: '16433.55',
    });
    // Stored as text, read back the same on SQLite and PostgreSQL.
    expect((await rowsOf(g.tenant.id)).find((r) => r.code === 'USD')).toMatchObject({
      buy: '16150.1',
      tt_counter_sell: '16433.55',
    });

    const [event] = await client.waitFor((f) => f.type === 'fx.updated');
    expect((event as Frame & { data: DisplayFx }).data).toEqual({
      currencies: [
        expect.objectContaining({ code: 'GBP' }),
        {
          code: 'USD',
          name: 'US Dollar',
          flag: 'US',
          buy: '16150.1',
          sell: '16450',
          bankNoteBuy: null,
          bankNoteSell: null,
          ttCounterBuy: '16166.15',
          ttCounterSell: '16433.55',
        },
      ],
      updatedAt: currency.updatedAt,
    });

    await send(
      'POST',
      '/api/v1/currencies',
      usd({ code: 'JPY', name: 'Japanese Yen', flag: null, buy: '104.5', sell: '108.2' }),
    );
    const found: CurrencyList = (await send('GET', '/api/v1/currencies?q=yen')).json();
    expect(found.items.map((c) => c.code)).toEqual(['JPY']);
    const sorted: CurrencyList = (await send('GET', '/api/v1/currencies?sort=code&dir=desc')).json();
    expect(sorted.items.map((c) => c.code)).toEqual(['USD', 'JPY', 'GBP']);

    const edited = await send('PATCH', `/api/v1/currencies/${currency.id}`, { sell: '16455.25', flag: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ sell: '16455.25', flag: null, buy: '16150.1' });
    expect(edited.json<Currency>().updatedAt).toBeGreaterThan(currency.updatedAt);

    expect((await send('DELETE', `/api/v1/currencies/${currency.id}`)).statusCode).toBe(204);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'currency', currency.id);
    expect(audit.map((a) => a.action)).toEqual(['currency.create', 'currency.update', 'currency.delete']);
    await client.waitFor((f) => f.type === 'fx.updated', 4);
    const last = fxEvents(client, code).at(-1);
    expect(last?.data.currencies.map((c) => c.code)).toEqual(['GBP', 'JPY']);
    // Another tenant's display has its own board only.
    const otherDisplay = await openDisplay(other.main.display.code);
    expect(otherDisplay.snapshot.data.fx.currencies.map((c) => c.code)).toEqual(['GBP']);
    expect(otherDisplay.snapshot.data.fx.currencies[0]?.name).toBe('Currency GBP');
    expect(fxEvents(otherDisplay.client, other.main.display.code)).toEqual([]);
  });

  it('one rates form sets every currency at once (all or nothing), and a reconnecting display gets them in its snapshot', async () => {
    const a: Currency = (
      await send('POST', '/api/v1/currencies', usd({ code: 'SGD', name: 'Singapore Dollar', flag: 'SG' }))
    ).json();
    const b: Currency = (
      await send('POST', '/api/v1/currencies', usd({ code: 'EUR', name: 'Euro', flag: 'EU' }))
    ).json();
    const code = g.main.display.code;
    const { client } = await openDisplay(code);
    const rates = (id: string, buy: string) => ({
      id,
      buy,
      sell: '2.5',
      bankNoteBuy: '1',
      bankNoteSell: '',
      ttCounterBuy: null,
      ttCounterSell: '3',
    });

    // A bad row: 400 with its field, nothing changed.
    const bad = await send('PUT', '/api/v1/currencies/rates', {
      rates: [rates(a.id, '12010.5'), rates(b.id, '1,5')],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toHaveProperty(['rates.1.buy']);
    // Another tenant's currency: 404, nothing changed.
    const foreign: Currency = (await send('POST', '/api/v1/currencies', usd(), otherAdmin)).json();
    const notOurs = await send('PUT', '/api/v1/currencies/rates', {
      rates: [rates(a.id, '1'), rates(foreign.id, '2')],
    });
    expect(notOurs.statusCode).toBe(404);
    expect((await rowsOf(g.tenant.id)).find((r) => r.id === a.id)?.buy).toBe('16150.1');

    const saved = await send('PUT', '/api/v1/currencies/rates', {
      rates: [rates(a.id, '12010.50'), rates(b.id, '17400.125')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const all: Currency[] = saved.json();
    expect(all.find((c) => c.id === a.id)).toMatchObject({
      buy: '12010.5',
      sell: '2.5',
      bankNoteSell: null,
      ttCounterSell: '3',
    });
    expect(all.find((c) => c.id === b.id)).toMatchObject({ buy: '17400.125' });
    const [event] = await client.waitFor((f) => f.type === 'fx.updated');
    expect((event as Frame & { data: DisplayFx }).data.currencies.find((c) => c.code === 'EUR')?.buy).toBe(
      '17400.125',
    );
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'currency', b.id);
    expect(audit.map((x) => x.action)).toEqual(['currency.create', 'currency.rates']);

    // A display that was offline meanwhile: its new snapshot has the rates.
    await client.close();
    const again = await openDisplay(code);
    expect(again.snapshot.data.fx.currencies.find((c) => c.code === 'SGD')?.buy).toBe('12010.5');
    expect(again.snapshot.data.fx.updatedAt).toBe(Math.max(...all.map((c) => c.updatedAt)));
  });

  it('refuses bad input (400, field errors, nothing changed), a taken code (409), other tenants (404), non-admins (403)', async () => {
    const before = await rowsOf(g.tenant.id);
    for (const [patch, field] of [
      [{ code: 'us' }, 'code'],
      [{ buy: '' }, 'buy'],
      [{ sell: '16,450' }, 'sell'],
      [{ buy: '-1' }, 'buy'],
      [{ buy: '1.1234567' }, 'buy'],
      [{ flag: 'USA' }, 'flag'],
      [{ name: '' }, 'name'],
    ] as const) {
      const refused = await send('POST', '/api/v1/currencies', usd({ code: 'CHF', ...patch }));
      expect(refused.statusCode, JSON.stringify(patch)).toBe(400);
      expect(Object.keys(refused.json().error.details.fields)).toContain(field);
    }
    const comma = await send('POST', '/api/v1/currencies', usd({ code: 'CHF', sell: '16,450' }));
    expect(comma.json().error.details.fields.sell).toMatch(/titik/);
    expect(await rowsOf(g.tenant.id)).toEqual(before);

    const taken = await send('POST', '/api/v1/currencies', usd({ code: 'SGD' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'CURRENCY_CODE_TAKEN',
      details: { fields: { code: expect.any(String) } },
    });

    const foreign: Currency = (
      await send('POST', '/api/v1/currencies', usd({ code: 'AUD' }), otherAdmin)
    ).json();
    expect((await send('PATCH', `/api/v1/currencies/${foreign.id}`, { buy: '1' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/currencies/${foreign.id}`)).statusCode).toBe(404);
    expect(await rowsOf(g.tenant.id)).toEqual(before);

    const caller = await loginAs(t.app, g.users.caller.username);
    expect((await send('GET', '/api/v1/currencies', undefined, caller)).statusCode).toBe(403);
    await settle();
  });
});
