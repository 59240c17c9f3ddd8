/**
 * Products and interest rates over HTTP and the live socket: products and items created, listed,
 * edited and deleted (a product with its items), audited; percentages 0–100 with a dot, exact; a
 * taken name is a field error; another tenant's ids are 404 and nothing changes; every change
 * reaches the displays (`rates.updated`) and their reconnect snapshot.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { ProductList } from '@antrean/shared/contracts/products.contract';
import type { Product, ProductDetail, ProductItem } from '@antrean/shared/domain/product';
import type { DisplayRates } from '@antrean/shared/live/events';
import { describeWithDb } from '../../test/db';
import { LiveClient, buildEngineApp, listen, type EngineApp, type Frame } from '../../test/engine-helpers';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

type RatesFrame = Frame & { data: DisplayRates };

describeWithDb('products and interest rates (HTTP + live)', () => {
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

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    t.clock.advance(1000);
    return t.app.inject({
      method,
      url,
      headers: { cookie: admin, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
  };
  const openDisplay = async (code: string) => {
    const client = await LiveClient.open(base);
    clients.push(client);
    client.subscribe([`display:${code}`]);
    const [snapshot] = await client.waitFor((f) => f.topic === `display:${code}` && f.type === 'snapshot');
    return { client, snapshot: snapshot as Frame & { data: { rates: DisplayRates } } };
  };
  const lastRates = (client: LiveClient) =>
    (client.matching((f) => f.type === 'rates.updated') as RatesFrame[]).at(-1)?.data;
  const tenantRows = async (tenantId: string) => ({
    products: await t.database.db
      .selectFrom('products')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute(),
    items: await t.database.db
      .selectFrom('product_items')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute(),
  });

  it('products and items: create, list, edit, delete (with the items), audited, live on the displays', async () => {
    const { client, snapshot } = await openDisplay(g.main.display.code);
    expect(snapshot.data.rates).toEqual({
      products: [{ name: 'Tabungan', items: [{ name: 'Reguler', percentage: '1.25' }] }],
    });

    const created = await send('POST', '/api/v1/products', {
      name: 'Deposito',
      isActive: true,
      sortOrder: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const product: Product = created.json();
    const item = await send('POST', `/api/v1/products/${product.id}/items`, {
      name: '3 bulan',
      percentage: '3.50',
      sortOrder: 1,
    });
    expect(item.statusCode, item.body).toBe(201);
    const threeMonths: ProductItem = item.json();
    expect(threeMonths).toMatchObject({ name: '3 bulan', percentage: '3.5', productId: product.id });
    await send('POST', `/api/v1/products/${product.id}/items`, {
      name: '12 bulan',
      percentage: '100',
      sortOrder: 2,
    });

    await client.waitFor((f) => f.type === 'rates.updated', 3);
    expect(lastRates(client)?.products).toEqual([
      { name: 'Tabungan', items: [{ name: 'Reguler', percentage: '1.25' }] },
      {
        name: 'Deposito',
        items: [
          { name: '3 bulan', percentage: '3.5' },
          { name: '12 bulan', percentage: '100' },
        ],
      },
    ]);

    const listed: ProductList = (await send('GET', '/api/v1/products?q=depo')).json();
    expect(listed.items).toEqual([{ ...product, itemCount: 2 }]);
    const detail: ProductDetail = (await send('GET', `/api/v1/products/${product.id}`)).json();
    expect(detail.items.map((i) => [i.name, i.percentage])).toEqual([
      ['3 bulan', '3.5'],
      ['12 bulan', '100'],
    ]);

    const edited = await send('PATCH', `/api/v1/products/${product.id}/items/${threeMonths.id}`, {
      percentage: '3.75',
    });
    expect(edited.json()).toMatchObject({ percentage: '3.75' });
    // A deactivated product leaves the board.
    await send('PATCH', `/api/v1/products/${product.id}`, { isActive: false });
    await client.waitFor((f) => f.type === 'rates.updated', 5);
    expect(lastRates(client)?.products.map((p) => p.name)).toEqual(['Tabungan']);
    await send('PATCH', `/api/v1/products/${product.id}`, { isActive: true });

    expect((await send('DELETE', `/api/v1/products/${product.id}/items/${threeMonths.id}`)).statusCode).toBe(
      204,
    );
    expect((await send('DELETE', `/api/v1/products/${product.id}`)).statusCode).toBe(204);
    const rows = await tenantRows(g.tenant.id);
    expect(rows.products.map((p) => p.name)).toEqual(['Tabungan']);
    expect(rows.items.map((i) => i.name)).toEqual(['Reguler']);
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'product', product.id);
    expect(audit.map((a) => a.action)).toEqual([
      'product.create',
      'product.update',
      'product.update',
      'product.delete',
    ]);
    const itemAudit = await listAuditEntries(t.database.db, g.tenant.id, 'product_item', threeMonths.id);
    expect(itemAudit.map((a) => a.action)).toEqual([
      'product.item.create',
      'product.item.update',
      'product.item.delete',
    ]);

    await client.waitFor((f) => f.type === 'rates.updated', 8);
    expect(lastRates(client)?.products.map((p) => p.name)).toEqual(['Tabungan']);
    // A display that reconnects gets the board in its snapshot.
    await client.close();
    const again = await openDisplay(g.main.display.code);
    expect(again.snapshot.data.rates.products.map((p) => p.name)).toEqual(['Tabungan']);
  });

  it('refuses bad percentages and names (400/409, nothing changed) and another tenant’s ids (404)', async () => {
    const before = await tenantRows(g.tenant.id);
    const url = `/api/v1/products/${g.product.id}/items`;
    for (const percentage of ['', '3,5', '100.01', '-1', 'abc', '1.23456']) {
      const refused = await send('POST', url, { name: 'Premium', percentage, sortOrder: 1 });
      expect(refused.statusCode, percentage).toBe(400);
      expect(Object.keys(refused.json().error.details.fields)).toEqual(['percentage']);
    }
    const comma = await send('POST', url, { name: 'Premium', percentage: '3,5', sortOrder: 1 });
    expect(comma.json().error.details.fields.percentage).toMatch(/titik/);
    const noName = await send('POST', '/api/v1/products', { name: ' ', isActive: true, sortOrder: 0 });
    expect(noName.statusCode).toBe(400);
    const itemTaken = await send('POST', url, { name: 'reguler', percentage: '1', sortOrder: 1 });
    expect(itemTaken.statusCode).toBe(409);
    expect(itemTaken.json().error).toMatchObject({
      code: 'PRODUCT_ITEM_NAME_TAKEN',
      details: { fields: { name: expect.any(String) } },
    });
    const taken = await send('POST', '/api/v1/products', { name: 'TABUNGAN', isActive: true, sortOrder: 0 });
    expect(taken.json().error).toMatchObject({ code: 'PRODUCT_NAME_TAKEN' });

    const theirs = other.product;
    expect((await send('GET', `/api/v1/products/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (
        await send('POST', `/api/v1/products/${theirs.id}/items`, {
          name: 'X',
          percentage: '1',
          sortOrder: 0,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('PATCH', `/api/v1/products/${theirs.id}/items/${theirs.itemId}`, { percentage: '9' }))
        .statusCode,
    ).toBe(404);
    // Their item under our product is not ours either.
    expect((await send('DELETE', `/api/v1/products/${g.product.id}/items/${theirs.itemId}`)).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', `/api/v1/products/${theirs.id}`)).statusCode).toBe(404);
    expect(await tenantRows(g.tenant.id)).toEqual(before);
    expect((await tenantRows(other.tenant.id)).items.map((i) => i.percentage)).toEqual(['1.25']);
  });
});
