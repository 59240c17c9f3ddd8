/**
 * User administration over HTTP: paging, search, sort and filters; create (the new user signs
 * in), edit, reset the password, (de)activate and delete; nobody locks themselves out and the
 * last active admin stays; a change of access ends the user's sessions; field errors change
 * nothing; another tenant's ids answer 404; every change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserList } from '@antrean/shared/contracts/users.contract';
import type { StaffUser } from '@antrean/shared/domain/staff-user';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('user administration (HTTP)', () => {
  let t: TestApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
    admin = await loginAs(t.app, g.users.admin.username);
  });
  afterAll(async () => {
    await t.close();
  });

  const json = { 'content-type': 'application/json' };
  const list = (query: Record<string, string>, cookie = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/users?${new URLSearchParams(query).toString()}`,
      headers: { cookie },
    });
  const create = (body: unknown, cookie = admin, lang = 'id') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { cookie, 'accept-language': lang, ...json },
      payload: JSON.stringify(body),
    });
  const patch = (id: string, body: unknown, cookie = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}`,
      headers: { cookie, ...json },
      payload: JSON.stringify(body),
    });
  const remove = (id: string, cookie = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers: { cookie } });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
  const userBody = (extra: Record<string, unknown> = {}) => ({
    fullName: 'Budi Santoso',
    username: `petugas.${++seq}x`,
    password: 'rahasia-123',
    role: 'caller',
    phone: '081234567890',
    branchIds: [g.main.branch.id],
    isActive: true,
    ...extra,
  });
  const usersOfTenant = async () =>
    await t.database.db
      .selectFrom('users')
      .select(['username', 'full_name', 'role', 'is_active'])
      .where('tenant_id', '=', g.tenant.id)
      .orderBy('username')
      .execute();

  it('creates a service user who can then sign in, and lists them', async () => {
    const body = userBody({ username: 'Kasir.Baru1' });
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json<StaffUser>();
    expect(user).toMatchObject({
      username: 'Kasir.Baru1',
      fullName: 'Budi Santoso',
      role: 'caller',
      phone: '+6281234567890',
      branchIds: [g.main.branch.id],
      isActive: true,
      lastLoginAt: null,
    });
    expect(response.body).not.toContain('password');
    // Sign-in resolves the name in any case, with the hashed password.
    const cookie = await loginAs(t.app, 'kasir.baru1', 'rahasia-123');
    expect((await me(cookie)).json()).toMatchObject({
      user: { role: 'caller', branchIds: [g.main.branch.id] },
    });
    const page = (await list({ q: 'kasir.baru1' })).json<UserList>();
    expect(page.items.map((u) => u.id)).toEqual([user.id]);
  });

  it('pages, searches, sorts and filters by group, role, status and branch on the server', async () => {
    for (const [name, role] of [
      ['Zaenal 100%', 'operator'],
      ['Andi', 'supervisor'],
      ['Citra', 'caller'],
    ] as const) {
      expect((await create(userBody({ fullName: name, role }))).statusCode).toBe(201);
    }
    const otherBranch = (
      await create(userBody({ fullName: 'Dewi', branchIds: [g.other.branch.id] }))
    ).json<StaffUser>();
    const service = (await list({ group: 'service', pageSize: '100' })).json<UserList>();
    expect(service.items.every((u) => u.role !== 'admin')).toBe(true);
    const admins = (await list({ group: 'admins' })).json<UserList>();
    expect(admins.items.map((u) => u.id)).toContain(g.users.admin.id);
    expect(admins.items.every((u) => u.role === 'admin')).toBe(true);

    const first = (await list({ group: 'service', pageSize: '2', sort: 'fullName' })).json<UserList>();
    expect(first.total).toBe(service.total);
    expect(first.items).toHaveLength(2);
    expect(first.items[0]?.fullName).toBe('Andi');
    const desc = (await list({ group: 'service', sort: 'fullName', dir: 'desc' })).json<UserList>();
    expect(desc.items[0]?.fullName).toBe('Zaenal 100%');
    expect((await list({ q: '100%' })).json<UserList>().items.map((u) => u.fullName)).toEqual([
      'Zaenal 100%',
    ]);
    expect((await list({ q: 'ZAENAL' })).json<UserList>().total).toBe(1);
    expect((await list({ role: 'supervisor', q: 'andi' })).json<UserList>().total).toBe(1);
    const atOther = (await list({ branchId: g.other.branch.id, q: 'dewi' })).json<UserList>();
    expect(atOther.items.map((u) => u.id)).toEqual([otherBranch.id]);
    expect((await list({ branchId: g.main.branch.id, q: 'dewi' })).json<UserList>().total).toBe(0);
    await patch(otherBranch.id, { isActive: false });
    expect((await list({ status: 'inactive', q: 'dewi' })).json<UserList>().total).toBe(1);
    expect((await list({ status: 'active', q: 'dewi' })).json<UserList>().total).toBe(0);
    // Another tenant's users are never listed.
    expect((await list({ q: other.users.admin.username })).json<UserList>().total).toBe(0);
  });

  describe('answers 400 with localized field errors for each rule, creating nothing', () => {
    const cases: [string, Record<string, unknown>, string, string, string][] = [
      [
        'username shorter than 7',
        { username: 'abc' },
        'username',
        'Minimal 7 karakter.',
        'At least 7 characters.',
      ],
      [
        'username with a space',
        { username: 'budi santoso' },
        'username',
        'Nama pengguna tidak boleh mengandung spasi.',
        'The username must not contain spaces.',
      ],
      [
        'full name shorter than 3',
        { fullName: 'Bu' },
        'fullName',
        'Minimal 3 karakter.',
        'At least 3 characters.',
      ],
      ['full name missing', { fullName: undefined }, 'fullName', 'Wajib diisi.', 'This field is required.'],
      ['password missing', { password: '' }, 'password', 'Kata sandi wajib diisi.', 'Password is required.'],
      [
        'password too short',
        { password: 'abc12' },
        'password',
        'Minimal 8 karakter.',
        'At least 8 characters.',
      ],
      ['role not chosen', { role: undefined }, 'role', 'Wajib dipilih.', 'Please make a choice.'],
      ['role unknown', { role: 'superadmin' }, 'role', 'Pilihan tidak valid.', 'Invalid choice.'],
      ['no branch for a caller', { branchIds: [] }, 'branchIds', 'Wajib dipilih.', 'Please make a choice.'],
      [
        'a bad phone',
        { phone: '12ab' },
        'phone',
        'Nomor WhatsApp tidak valid (contoh 081234567890).',
        'Invalid WhatsApp number (e.g. 081234567890).',
      ],
    ];
    it.each(cases)('%s', async (_name, change, field, id, en) => {
      const before = await usersOfTenant();
      for (const [lang, message] of [
        ['id', id],
        ['en', en],
      ] as const) {
        const response = await create(userBody(change), admin, lang);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({
          error: { code: 'VALIDATION_FAILED', details: { fields: { [field]: message } } },
        });
      }
      expect(await usersOfTenant()).toEqual(before);
    });
  });

  it('refuses a taken username (any case, any tenant) and an unknown branch on the field', async () => {
    const before = await usersOfTenant();
    const taken = await create(userBody({ username: other.users.caller.username.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: { code: 'USERNAME_TAKEN', details: { fields: { username: 'Nama pengguna sudah dipakai.' } } },
    });
    const foreignBranch = await create(userBody({ branchIds: [other.main.branch.id] }));
    expect(foreignBranch.statusCode).toBe(400);
    expect(foreignBranch.json()).toMatchObject({
      error: { details: { fields: { branchIds: 'Pilihan tidak valid.' } } },
    });
    expect(await usersOfTenant()).toEqual(before);
  });

  it('an admin has no branches; changing a service user to admin drops them', async () => {
    const created = (
      await create(userBody({ role: 'admin', branchIds: [g.main.branch.id] }))
    ).json<StaffUser>();
    expect(created).toMatchObject({ role: 'admin', branchIds: [] });
    const caller = (await create(userBody())).json<StaffUser>();
    const promoted = await patch(caller.id, { role: 'admin' });
    expect(promoted.json<StaffUser>()).toMatchObject({ role: 'admin', branchIds: [] });
    const demoted = await patch(caller.id, { role: 'supervisor' });
    expect(demoted.statusCode).toBe(400);
    expect(demoted.json()).toMatchObject({ error: { details: { fields: { branchIds: 'Wajib dipilih.' } } } });
    await patch(created.id, { isActive: false });
    await patch(caller.id, { isActive: false });
  });

  it('resets a password and ends the sessions of a user whose access changes', async () => {
    const user = (await create(userBody())).json<StaffUser>();
    const cookie = await loginAs(t.app, user.username, 'rahasia-123');
    // A change that does not touch access keeps them signed in.
    expect((await patch(user.id, { fullName: 'Budi S.', phone: '' })).json<StaffUser>()).toMatchObject({
      fullName: 'Budi S.',
      phone: null,
    });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await patch(user.id, { password: 'sandi-baru-99' })).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    const fresh = await loginAs(t.app, user.username, 'sandi-baru-99');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: json,
      payload: JSON.stringify({ username: user.username, password: 'rahasia-123' }),
    });
    expect(bad.statusCode).toBe(401);

    expect((await patch(user.id, { branchIds: [g.other.branch.id] })).statusCode).toBe(200);
    expect((await me(fresh)).statusCode).toBe(401);
    const third = await loginAs(t.app, user.username, 'sandi-baru-99');
    expect((await patch(user.id, { isActive: false })).json<StaffUser>().isActive).toBe(false);
    expect((await me(third)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: json,
      payload: JSON.stringify({ username: user.username, password: 'sandi-baru-99' }),
    });
    expect(refused.json()).toMatchObject({ error: { code: 'USER_INACTIVE' } });
  });

  it('deactivating a caller frees the counter they hold', async () => {
    const user = (await create(userBody())).json<StaffUser>();
    const cookie = await loginAs(t.app, user.username, 'rahasia-123');
    const take = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/counters/${g.main.counter.id}/station`,
      headers: { cookie, ...json },
      payload: JSON.stringify({ serviceIds: [g.service.id] }),
    });
    expect(take.statusCode, take.body).toBeLessThan(300);
    await patch(user.id, { isActive: false });
    const open = await t.database.db
      .selectFrom('counter_sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it('nobody locks themselves out, and the last active admin stays', async () => {
    const self = g.users.admin.id;
    for (const body of [{ isActive: false }, { role: 'operator', branchIds: [g.main.branch.id] }]) {
      const response = await patch(self, body);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'USER_SELF_LOCKOUT' } });
    }
    expect((await remove(self)).json()).toMatchObject({ error: { code: 'USER_SELF_LOCKOUT' } });

    // A tenant with two admins: one may go, the last one may not (acting as a superadmin in it).
    const fresh = await t.f.buildTenantGraph();
    const second = await t.f.buildUser({ role: 'admin', tenantId: fresh.tenant.id });
    const secondCookie = await loginAs(t.app, second.username);
    expect((await patch(fresh.users.admin.id, { isActive: false }, secondCookie)).statusCode).toBe(200);
    const platform = await t.f.buildUser({ role: 'superadmin' });
    const superCookie = await loginAs(t.app, platform.username);
    await t.database.db
      .updateTable('sessions')
      .set({ acting_tenant_id: fresh.tenant.id })
      .where('subject_id', '=', platform.id)
      .execute();
    for (const response of [
      await patch(second.id, { isActive: false }, superCookie),
      await patch(second.id, { role: 'caller', branchIds: [fresh.main.branch.id] }, superCookie),
      await remove(second.id, superCookie),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'USER_LAST_ADMIN' } });
    }
    // Reactivating the other admin makes room again.
    expect((await patch(fresh.users.admin.id, { isActive: true }, superCookie)).statusCode).toBe(200);
    expect((await patch(second.id, { isActive: false }, superCookie)).statusCode).toBe(200);
  });

  it('deletes a user without history; refuses one with history (USER_HAS_HISTORY)', async () => {
    const fresh = (await create(userBody())).json<StaffUser>();
    expect((await remove(fresh.id)).statusCode).toBe(204);
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', fresh.id).execute()).toEqual(
      [],
    );
    expect(
      await t.database.db
        .selectFrom('user_branches')
        .select('user_id')
        .where('user_id', '=', fresh.id)
        .execute(),
    ).toEqual([]);
    // The name is free again.
    expect((await create(userBody({ username: fresh.username }))).statusCode).toBe(201);

    const used = (await create(userBody())).json<StaffUser>();
    await t.database.db
      .updateTable('tickets')
      .set({ caller_user_id: used.id })
      .where('id', '=', g.main.ticket.id)
      .execute();
    const refused = await remove(used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'USER_HAS_HISTORY' } });
    expect(
      await t.database.db.selectFrom('users').select('id').where('id', '=', used.id).execute(),
    ).toHaveLength(1);
  });

  it("another tenant's user answers 404 and stays as it was", async () => {
    const foreign = other.users.operator.id;
    for (const response of [
      await t.app.inject({ method: 'GET', url: `/api/v1/users/${foreign}`, headers: { cookie: admin } }),
      await patch(foreign, { fullName: 'Diambil' }),
      await patch(foreign, { password: 'sandi-baru-99' }),
      await remove(foreign),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    await loginAs(t.app, other.users.operator.username);
  });

  it('only an admin may administer users', async () => {
    for (const role of ['operator', 'caller', 'supervisor'] as const) {
      const cookie = await loginAs(t.app, g.users[role].username);
      expect((await list({}, cookie)).statusCode).toBe(403);
      expect((await create(userBody(), cookie)).statusCode).toBe(403);
      expect((await patch(g.users.admin.id, { isActive: false }, cookie)).statusCode).toBe(403);
    }
  });

  it('writes an audit entry per change with before and after, never the password', async () => {
    const user = (await create(userBody())).json<StaffUser>();
    for (const change of [
      () => patch(user.id, { fullName: 'Budi Utama' }),
      () => patch(user.id, { password: 'sandi-baru-99' }),
      () => patch(user.id, { isActive: false }),
      () => remove(user.id),
    ]) {
      t.clock.advance(1000);
      expect((await change()).statusCode).toBeLessThan(300);
    }
    const entries = await listAuditEntries(t.database.db, g.tenant.id, 'user', user.id);
    expect(entries.map((e) => e.action)).toEqual([
      'user.create',
      'user.update',
      'user.update',
      'user.deactivate',
      'user.delete',
    ]);
    expect(entries.every((e) => e.actor_id === g.users.admin.id)).toBe(true);
    const parse = (s: string | null): unknown => (s === null ? null : JSON.parse(s));
    expect(parse(entries[0]?.after_json ?? null)).toEqual(user);
    expect(parse(entries[1]?.before_json ?? null)).toMatchObject({ fullName: 'Budi Santoso' });
    expect(parse(entries[1]?.after_json ?? null)).toMatchObject({ fullName: 'Budi Utama' });
    expect(parse(entries[2]?.after_json ?? null)).toMatchObject({ passwordReset: true });
    expect(entries.map((e) => `${e.before_json} ${e.after_json}`).join()).not.toMatch(/sandi|rahasia|argon/);
  });
});
