/**
 * The counter service without HTTP: the actor comes first, the audit entry belongs to the
 * change's transaction (an enclosing transaction that fails takes both back).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Actor, StaffActor } from '../../lib/actor';
import { ManualClock } from '../../lib/clock';
import { serviceDeps } from '../../lib/deps';
import { unitOfWork } from '../../lib/uow';
import { TEST_NOW, testConfig } from '../../test/app';
import { createTestDatabase, describeWithDb } from '../../test/db';
import { createFactories, type TenantGraph } from '../../test/factories';
import type { Database } from '../../db/database';
import { createAudit } from '../audit/audit.service';
import { createCounterService } from './counter.service';

describeWithDb('counter service', () => {
  let database: Database;
  let g: TenantGraph;
  const clock = new ManualClock(TEST_NOW);
  const service = () =>
    createCounterService(serviceDeps({ config: testConfig(), database, clock }), createAudit(clock));
  const adminOf = (graph: TenantGraph): StaffActor => ({
    kind: 'staff',
    sessionId: 'test',
    userId: graph.users.admin.id,
    username: graph.users.admin.username,
    fullName: 'Admin',
    role: 'admin',
    tenantId: graph.tenant.id,
    branchIds: [],
    language: 'id',
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    g = await createFactories(database, clock).buildTenantGraph();
  });
  afterAll(async () => {
    await database.close();
  });

  const body = (number: number) => ({
    branchId: g.other.branch.id,
    name: `Loket ${number}`,
    number,
    isActive: false,
    serviceIds: [g.service.id],
  });
  const auditCount = async () =>
    (await database.db.selectFrom('audit_log').select('id').where('tenant_id', '=', g.tenant.id).execute())
      .length;

  it('creates with an audit entry; an enclosing transaction that fails takes back both', async () => {
    const counters = service();
    const before = await auditCount();
    const created = await counters.create(adminOf(g), body(50));
    expect(created).toMatchObject({ name: 'Loket 50', number: 50, isActive: false });
    expect(await auditCount()).toBe(before + 1);

    await expect(
      unitOfWork(database).transaction(async () => {
        await counters.create(adminOf(g), body(51));
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    const page = await counters.list(adminOf(g), {
      branchId: g.other.branch.id,
      page: 1,
      pageSize: 20,
      q: undefined,
      dir: 'asc',
      sort: 'number',
    });
    expect(page.items.map((c) => c.number)).not.toContain(51);
    expect(await auditCount()).toBe(before + 1);
  });

  it('refuses a non-admin and a superadmin without a tenant before touching anything', async () => {
    const counters = service();
    const operator: Actor = { ...adminOf(g), role: 'operator', branchIds: [g.other.branch.id] };
    await expect(counters.create(operator, body(60))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const superadmin: Actor = { ...adminOf(g), role: 'superadmin', tenantId: null };
    await expect(counters.create(superadmin, body(60))).rejects.toMatchObject({
      code: 'TENANT_CONTEXT_REQUIRED',
    });
    // A superadmin acting in the tenant may.
    await expect(counters.create({ ...superadmin, tenantId: g.tenant.id }, body(60))).resolves.toMatchObject({
      number: 60,
    });
  });

  it("another tenant's admin gets NOT_FOUND for this tenant's counter", async () => {
    const counters = service();
    const stranger = await createFactories(database, clock).buildTenantGraph();
    await expect(counters.get(adminOf(stranger), g.main.counter.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(counters.remove(adminOf(stranger), g.main.counter.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
