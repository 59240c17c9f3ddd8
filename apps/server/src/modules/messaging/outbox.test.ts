/**
 * The admin's outbox over HTTP: the tenant's messages newest first with the recipient masked and
 * no payload, the status filter and paging, retrying a failed message (audited, picked up by the
 * worker), refusing to retry anything else, admins only, and another tenant's ids answer 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { maskPhone } from '@antrean/shared/domain/message';
import { describeWithDb } from '../../test/db';
import { buildEngineApp, type EngineApp } from '../../test/engine-helpers';
import { loginAs, type TenantGraph } from '../../test/factories';
import { serviceDeps } from '../../lib/deps';
import { createSecretBox } from '../../lib/secret-box';
import { deliverOutbox } from '../../jobs/outbox-worker';
import { listAuditEntries } from '../audit/audit.repository';
import { createMessaging } from '../settings/messaging';

describeWithDb('outbox page (HTTP)', () => {
  let t: EngineApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildEngineApp();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
    const base = t.clock.now();
    ids.sent = await t.f.buildOutboxMessage(g.tenant.id, { status: 'sent', createdAt: base + 1000 });
    ids.retrying = await t.f.buildOutboxMessage(g.tenant.id, {
      status: 'retrying',
      lastError: 'HTTP 503: down',
      createdAt: base + 2000,
      recipient: '+628129998877',
    });
    ids.failed = await t.f.buildOutboxMessage(g.tenant.id, { status: 'failed', createdAt: base + 3000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (query = '', cookie = admin) =>
    t.app.inject({ method: 'GET', url: `/api/v1/outbox${query}`, headers: { cookie } });
  const retry = (id: string, cookie = admin) =>
    t.app.inject({ method: 'POST', url: `/api/v1/outbox/${id}/retry`, headers: { cookie } });

  it('masks phone numbers: the first four and last four digits', () => {
    expect(maskPhone('+6281234567890')).toBe('0812****7890');
    expect(maskPhone('081234567890')).toBe('0812****7890');
    expect(maskPhone('12345')).toBe('***45');
  });

  it("lists the tenant's messages newest first, masked, without their payload", async () => {
    const response = await list('?dir=desc');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    // The graph's own failed message, plus the three above; not the other tenant's.
    expect(page.total).toBe(4);
    expect(page.items.slice(0, 3).map((m: { id: string }) => m.id)).toEqual([
      ids.failed,
      ids.retrying,
      ids.sent,
    ]);
    expect(page.items[1]).toMatchObject({
      kind: 'first_call',
      recipient: '0812***8877',
      status: 'retrying',
      attempts: 0,
      lastError: 'HTTP 503: down',
    });
    expect(response.body).not.toContain('+628129998877');
    expect(response.body).not.toContain('Loket 1');
  });

  it('filters by status and pages', async () => {
    const failed = (await list('?status=failed')).json();
    expect(failed.total).toBe(2);
    expect(failed.items.every((m: { status: string }) => m.status === 'failed')).toBe(true);
    const paged = (await list('?pageSize=1&page=2&sort=createdAt&dir=desc')).json();
    expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 1 });
    expect(paged.items[0].id).toBe(ids.retrying);
    const bad = await list('?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toHaveProperty('status');
  });

  it('retries a failed message (audited); the worker then sends it; other statuses are refused', async () => {
    const response = await retry(ids.failed ?? '');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.failed, status: 'pending', attempts: 0 });
    const audit = await listAuditEntries(t.database.db, g.tenant.id, 'message_outbox', ids.failed ?? '');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'outbox.retry', actor_id: g.users.admin.id });
    expect(audit[0]?.after_json).not.toContain('+6281234567890');

    const again = await retry(ids.failed ?? '');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('OUTBOX_NOT_RETRYABLE');
    expect((await retry(ids.sent ?? '')).json().error.code).toBe('OUTBOX_NOT_RETRYABLE');

    const deps = serviceDeps(t.deps);
    const messaging = createMessaging(deps, createSecretBox(t.deps.config), () => undefined);
    await deliverOutbox(deps, (name) => messaging.providers[name]);
    const row = await t.database.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('id', '=', ids.failed ?? '')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it("is for admins only, and another tenant's message answers 404 and stays failed", async () => {
    for (const role of ['operator', 'caller', 'supervisor'] as const) {
      const cookie = await loginAs(t.app, g.users[role].username);
      expect((await list('', cookie)).statusCode).toBe(403);
      expect((await retry(g.message.id, cookie)).statusCode).toBe(403);
    }
    const foreign = await retry(other.message.id);
    expect(foreign.statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('message_outbox')
      .select('status')
      .where('id', '=', other.message.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });
});
