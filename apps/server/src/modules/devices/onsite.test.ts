/**
 * The public on-site page (`/layanan-on-site/:branch`) names its branch by id or by code, as
 * people type it: any case, surrounding spaces ignored. A code counts only among branches shown on
 * the web; a code two tenants both show is ambiguous (404; the id still works).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OnSiteConfig } from '@antrean/shared/contracts/devices.contract';
import { describeWithDb } from '../../test/db';
import { buildEngineApp, type EngineApp } from '../../test/engine-helpers';
import type { TenantGraph } from '../../test/factories';

describeWithDb('on-site page by branch id or code', () => {
  let t: EngineApp;
  let g: TenantGraph;
  beforeAll(async () => {
    t = await buildEngineApp();
    g = await t.f.buildTenantGraph();
  });
  afterAll(async () => {
    await t.close();
  });

  const onSite = (ref: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/public/branches/${encodeURIComponent(ref)}/on-site` });

  it.each([
    ['its id', () => g.main.branch.id],
    ['its code', () => g.main.branch.code],
    ['its code in lower case', () => g.main.branch.code.toLowerCase()],
    ['its code with spaces around', () => ` ${g.main.branch.code} `],
  ])('finds the branch by %s', async (_name, ref) => {
    const response = await onSite(ref());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<OnSiteConfig>();
    expect(body.branch).toMatchObject({ id: g.main.branch.id, code: g.main.branch.code });
    expect(body.services.map((s) => s.id)).toContain(g.service.id);
  });

  it('answers 404 (not 400) for a code no branch has', async () => {
    const response = await onSite('NOPE99');
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
  });

  it('does not find a branch hidden from the web, by code or id', async () => {
    await t.database.db
      .updateTable('branches')
      .set({ show_on_web: 0 })
      .where('id', '=', g.other.branch.id)
      .execute();
    expect((await onSite(g.other.branch.code)).statusCode).toBe(404);
    expect((await onSite(g.other.branch.id)).statusCode).toBe(404);
  });

  it('treats a code two tenants show as ambiguous; the id still works', async () => {
    const second = await t.f.buildTenantGraph({ name: 'Bank Kedua' });
    await t.database.db
      .updateTable('branches')
      .set({ code: g.main.branch.code })
      .where('id', '=', second.main.branch.id)
      .execute();
    expect((await onSite(g.main.branch.code)).statusCode).toBe(404);
    const byId = await onSite(second.main.branch.id);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json<OnSiteConfig>().branch.id).toBe(second.main.branch.id);
  });
});
