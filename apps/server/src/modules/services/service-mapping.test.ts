/**
 * The branch-service-counter mapping over HTTP: the matrix of a branch, saved whole in one
 * transaction (offers deactivated rather than deleted, counters re-mapped), the validation rules
 * (400 with the field, nothing changed), another tenant's branch 404, other roles 403, the audit.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ServiceMapping } from '@antrean/shared/domain/service-mapping';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import {
  loginAs,
  type BranchRef,
  type CounterRef,
  type ServiceRef,
  type TenantGraph,
} from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('branch-service-counter mapping (HTTP)', () => {
  let t: TestApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  let branch: BranchRef;
  let teller: ServiceRef;
  let cs: ServiceRef;
  let loket1: CounterRef;
  let loket2: CounterRef;

  beforeAll(async () => {
    t = await buildTestApp();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // A branch offering Teller (Loket 1 and 2 serve it); Customer Service is not offered yet.
    branch = await t.f.buildBranch({ tenantId: g.tenant.id });
    teller = await t.f.buildService({ tenantId: g.tenant.id, branchIds: [branch.id] });
    cs = await t.f.buildService({ tenantId: g.tenant.id });
    loket1 = await t.f.buildCounter({ branchId: branch.id, serviceIds: [teller.id], number: 1 });
    loket2 = await t.f.buildCounter({ branchId: branch.id, serviceIds: [teller.id], number: 2 });
  });

  const url = (branchId = branch.id) => `/api/v1/branches/${branchId}/service-mapping`;
  const get = (cookie = admin, branchId = branch.id) =>
    t.app.inject({ url: url(branchId), headers: { cookie } });
  const save = (body: unknown, cookie = admin, branchId = branch.id) =>
    t.app.inject({
      method: 'PUT',
      url: url(branchId),
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const snapshot = async () => (await get()).json<ServiceMapping>();
  const served = (m: ServiceMapping, counterId: string) =>
    m.counters.find((c) => c.id === counterId)?.serviceIds;
  const offered = (m: ServiceMapping) => m.services.filter((s) => s.offered).map((s) => s.id);

  it("reads the matrix: every service of the tenant with whether the branch offers it, and the branch's counters", async () => {
    const response = await get();
    expect(response.statusCode, response.body).toBe(200);
    const m = response.json<ServiceMapping>();
    expect(m.branchId).toBe(branch.id);
    expect(m.services.map((s) => s.id)).toEqual(expect.arrayContaining([teller.id, cs.id, g.service.id]));
    expect(offered(m)).toEqual([teller.id]);
    expect(m.counters.map((c) => c.number)).toEqual([1, 2]);
    expect(served(m, loket1.id)).toEqual([teller.id]);
  });

  it('saves offers and counters at once; an offer taken back is deactivated, and its counters stop serving it', async () => {
    const first = await save({
      offeredServiceIds: [teller.id, cs.id],
      counters: [
        { counterId: loket1.id, serviceIds: [teller.id] },
        { counterId: loket2.id, serviceIds: [cs.id, teller.id] },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const m = first.json<ServiceMapping>();
    expect(offered(m).sort()).toEqual([teller.id, cs.id].sort());
    expect(served(m, loket2.id)?.sort()).toEqual([cs.id, teller.id].sort());

    // Teller is no longer offered: loket 2 (not listed) keeps only Customer Service.
    const second = await save({
      offeredServiceIds: [cs.id],
      counters: [{ counterId: loket1.id, serviceIds: [cs.id] }],
    });
    expect(second.statusCode, second.body).toBe(200);
    const after = second.json<ServiceMapping>();
    expect(offered(after)).toEqual([cs.id]);
    expect(served(after, loket1.id)).toEqual([cs.id]);
    expect(served(after, loket2.id)).toEqual([cs.id]);
    const row = await t.database.db
      .selectFrom('branch_services')
      .select('is_active')
      .where('branch_id', '=', branch.id)
      .where('service_id', '=', teller.id)
      .executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
    // Offered again: the same row comes back.
    await save({ offeredServiceIds: [cs.id, teller.id], counters: [] });
    expect(offered(await snapshot()).sort()).toEqual([teller.id, cs.id].sort());
    const rows = await t.database.db
      .selectFrom('branch_services')
      .select('id')
      .where('branch_id', '=', branch.id)
      .where('service_id', '=', teller.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  // The rules, one row each: 400 with the field, nothing changed.
  const rules: [string, () => unknown, string, string][] = [
    [
      'a counter must serve at least one service',
      () => ({ offeredServiceIds: [teller.id], counters: [{ counterId: loket1.id, serviceIds: [] }] }),
      'counters.0.serviceIds',
      'Wajib dipilih.',
    ],
    [
      'a counter serves only offered services',
      () => ({ offeredServiceIds: [teller.id], counters: [{ counterId: loket1.id, serviceIds: [cs.id] }] }),
      'counters.0.serviceIds',
      'Loket hanya dapat melayani layanan yang ditawarkan cabang ini.',
    ],
    [
      "another tenant's service cannot be offered",
      () => ({ offeredServiceIds: [teller.id, other.service.id], counters: [] }),
      'offeredServiceIds',
      'Pilihan tidak valid.',
    ],
    [
      "another branch's counter cannot be mapped here",
      () => ({
        offeredServiceIds: [teller.id, cs.id],
        counters: [
          { counterId: loket1.id, serviceIds: [cs.id] },
          { counterId: g.main.counter.id, serviceIds: [teller.id] },
        ],
      }),
      'counters.1.counterId',
      'Pilihan tidak valid.',
    ],
  ];
  it.each(rules)('refuses a bad matrix: %s (400, nothing changed)', async (_rule, body, field, message) => {
    const before = await snapshot();
    const response = await save(body());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { details: { fields: { [field]: message } } } });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another tenant's branch and leaves it as it was; other roles are refused", async () => {
    const foreign = other.main.branch.id;
    expect((await get(admin, foreign)).statusCode).toBe(404);
    const response = await save({ offeredServiceIds: [], counters: [] }, admin, foreign);
    expect(response.statusCode).toBe(404);
    const still = await t.database.db
      .selectFrom('branch_services')
      .select('is_active')
      .where('branch_id', '=', foreign)
      .execute();
    expect(still.every((r) => r.is_active === 1)).toBe(true);
    const operator = await loginAs(t.app, g.users.operator.username);
    expect((await get(operator, g.main.branch.id)).statusCode).toBe(403);
  });

  it('writes one audit entry per save that changes something, with the mapping before and after', async () => {
    await save({ offeredServiceIds: [teller.id], counters: [] }); // no change, no entry
    t.clock.advance(1000);
    await save({
      offeredServiceIds: [teller.id, cs.id],
      counters: [{ counterId: loket2.id, serviceIds: [cs.id] }],
    });
    const entries = await listAuditEntries(t.database.db, g.tenant.id, 'branch', branch.id);
    expect(entries.map((e) => e.action)).toEqual(['branch.serviceMapping.update']);
    expect(JSON.parse(entries[0]?.before_json ?? 'null')).toEqual({
      offeredServiceIds: [teller.id],
      counters: [
        { counterId: loket1.id, serviceIds: [teller.id] },
        { counterId: loket2.id, serviceIds: [teller.id] },
      ],
    });
    expect(JSON.parse(entries[0]?.after_json ?? 'null')).toMatchObject({
      counters: [
        { counterId: loket1.id, serviceIds: [teller.id] },
        { counterId: loket2.id, serviceIds: [cs.id] },
      ],
    });
  });
});
