/**
 * The user service without HTTP: the audit entry belongs to the change's transaction (an
 * enclosing transaction that fails takes both back), freed counters are announced only after
 * the commit, and the policy refuses before anything is touched.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LiveMessage } from '../../live/hub';
import type { Actor, StaffActor } from '../../lib/actor';
import { ManualClock } from '../../lib/clock';
import { serviceDeps } from '../../lib/deps';
import { unitOfWork } from '../../lib/uow';
import { TEST_NOW, testConfig } from '../../test/app';
import { createTestDatabase, describeWithDb } from '../../test/db';
import { createFactories, type TenantGraph } from '../../test/factories';
import type { Database } from '../../db/database';
import { createAudit } from '../audit/audit.service';
import { createUserService } from './user.service';

describeWithDb('user service', () => {
  let database: Database;
  let g: TenantGraph;
  const clock = new ManualClock(TEST_NOW);
  const published: LiveMessage[] = [];
  const bus = { publish: (m: LiveMessage) => void published.push(m), close: () => Promise.resolve() };
  const service = () =>
    createUserService(serviceDeps({ config: testConfig(), database, clock }), createAudit(clock), bus);
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
  let n = 0;
  const body = () => ({
    fullName: 'Petugas Uji',
    username: `petugas.svc${++n}`,
    password: 'rahasia-123',
    role: 'caller' as const,
    phone: null,
    branchIds: [g.main.branch.id],
    isActive: true,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    g = await createFactories(database, clock).buildTenantGraph();
  });
  afterAll(async () => {
    await database.close();
  });

  const auditCount = async () =>
    (await database.db.selectFrom('audit_log').select('id').where('tenant_id', '=', g.tenant.id).execute())
      .length;

  it('creates with an audit entry; an enclosing transaction that fails takes back both', async () => {
    const users = service();
    const before = await auditCount();
    await users.create(adminOf(g), body());
    expect(await auditCount()).toBe(before + 1);
    const lost = body();
    await expect(
      unitOfWork(database).transaction(async () => {
        await users.create(adminOf(g), lost);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    const found = await database.db
      .selectFrom('global_names')
      .select('name')
      .where('name', '=', lost.username)
      .execute();
    expect(found).toEqual([]);
    expect(await auditCount()).toBe(before + 1);
  });

  it('announces the counter a deactivated caller held, after the commit only', async () => {
    const users = service();
    const caller = await users.create(adminOf(g), body());
    await database.db
      .insertInto('counter_sessions')
      .values({
        id: '01a2010e-3799-7000-8000-0000000000aa',
        tenant_id: g.tenant.id,
        branch_id: g.main.branch.id,
        counter_id: g.main.counter.id,
        user_id: caller.id,
        service_ids_json: '[]',
        started_at: clock.now(),
        last_seen_at: clock.now(),
        ended_at: null,
      })
      .execute();
    published.length = 0;
    await expect(
      unitOfWork(database).transaction(async () => {
        await users.update(adminOf(g), caller.id, { isActive: false });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(published).toEqual([]);
    await users.update(adminOf(g), caller.id, { isActive: false });
    expect(published).toEqual([
      expect.objectContaining({ kind: 'branch', type: 'counter.updated', counterId: g.main.counter.id }),
      // and their live sockets recheck their access, on every node (decision 65)
      { kind: 'access', scope: 'user', id: caller.id },
    ]);
  });

  it('refuses a non-admin and a superadmin without a tenant before touching anything', async () => {
    const users = service();
    const before = await auditCount();
    const supervisor: Actor = { ...adminOf(g), role: 'supervisor', branchIds: [g.main.branch.id] };
    await expect(users.create(supervisor, body())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const superadmin: Actor = { ...adminOf(g), role: 'superadmin', tenantId: null };
    await expect(
      users.list(superadmin, { page: 1, pageSize: 20, sort: 'fullName', dir: 'asc', q: undefined }),
    ).rejects.toMatchObject({
      code: 'TENANT_CONTEXT_REQUIRED',
    });
    expect(await auditCount()).toBe(before);
  });
});
