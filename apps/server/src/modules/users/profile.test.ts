/**
 * The profile menu over HTTP: every staff member reads and edits their own name, phone and
 * photo, and changes their own password with the current one (other sessions end); a
 * superadmin edits their platform account. Signing out leaves the caller's counter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@antrean/shared/contracts/profile.contract';
import { newId } from '@antrean/shared/common/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, TEST_PASSWORD, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('profile menu (HTTP)', () => {
  let t: TestApp;
  let g: TenantGraph;
  let other: TenantGraph;

  beforeAll(async () => {
    t = await buildTestApp();
    g = await t.f.buildTenantGraph();
    other = await t.f.buildTenantGraph();
  });
  afterAll(async () => {
    await t.close();
  });

  const json = { 'content-type': 'application/json' };
  const get = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { cookie } });
  const put = (cookie: string, body: unknown, lang = 'id') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: { cookie, 'accept-language': lang, ...json },
      payload: JSON.stringify(body),
    });
  const changePassword = (cookie: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/password',
      headers: { cookie, ...json },
      payload: JSON.stringify(body),
    });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
  const logout = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });

  async function storedFile(tenantId: string, kind: string, createdBy: string): Promise<string> {
    const id = newId(t.clock.now());
    await t.database.db
      .insertInto('files')
      .values({
        id,
        tenant_id: tenantId,
        kind,
        original_name: 'foto.png',
        mime_type: 'image/png',
        size_bytes: 68,
        sha256: id,
        storage_key: `test/${id}`,
        created_by: createdBy,
        created_at: t.clock.now(),
      })
      .execute();
    return id;
  }

  it('a caller edits their own name, phone and photo (audited)', async () => {
    const cookie = await loginAs(t.app, g.users.caller.username);
    const before = (await get(cookie)).json<Profile>();
    expect(before).toMatchObject({
      id: g.users.caller.id,
      role: 'caller',
      avatarFileId: null,
      canHaveAvatar: true,
    });
    const photo = await storedFile(g.tenant.id, 'avatar', g.users.caller.id);
    const saved = await put(cookie, {
      fullName: 'Rina Kartika',
      phone: '0812-9876-5432',
      avatarFileId: photo,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Profile>()).toMatchObject({
      fullName: 'Rina Kartika',
      phone: '+6281298765432',
      avatarFileId: photo,
    });
    expect((await get(cookie)).json<Profile>()).toEqual(saved.json());
    expect((await me(cookie)).json()).toMatchObject({ user: { fullName: 'Rina Kartika' } });
    const entries = await listAuditEntries(t.database.db, g.tenant.id, 'user', g.users.caller.id);
    expect(entries.at(-1)).toMatchObject({ action: 'user.profile-update', actor_id: g.users.caller.id });
    // Removing the photo and the phone.
    expect(
      (await put(cookie, { fullName: 'Rina Kartika', phone: '', avatarFileId: null })).json(),
    ).toMatchObject({
      phone: null,
      avatarFileId: null,
    });
  });

  it("refuses a photo that is not the user's own upload, changing nothing", async () => {
    const cookie = await loginAs(t.app, g.users.operator.username);
    const before = (await get(cookie)).json<Profile>();
    for (const fileId of [
      await storedFile(g.tenant.id, 'avatar', g.users.admin.id),
      await storedFile(g.tenant.id, 'logo', g.users.operator.id),
      await storedFile(other.tenant.id, 'avatar', g.users.operator.id),
    ]) {
      const response = await put(cookie, { fullName: 'Operator Baru', phone: null, avatarFileId: fileId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { details: { fields: { avatarFileId: 'Pilihan tidak valid.' } } },
      });
    }
    expect((await get(cookie)).json()).toEqual(before);
  });

  describe('answers 400 with localized field errors for each rule', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['full name shorter than 3', { fullName: 'Ri' }, 'fullName', 'Minimal 3 karakter.'],
      ['full name missing', { fullName: undefined }, 'fullName', 'Wajib diisi.'],
      ['a bad phone', { phone: '0812' }, 'phone', 'Nomor WhatsApp tidak valid (contoh 081234567890).'],
      ['an unknown field', { role: 'admin' }, '_', 'Kolom tidak dikenal: role.'],
    ];
    it.each(cases)('%s', async (_name, change, field, message) => {
      const cookie = await loginAs(t.app, g.users.supervisor.username);
      const response = await put(cookie, {
        fullName: 'Supervisor',
        phone: null,
        avatarFileId: null,
        ...change,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { details: { fields: { [field]: message } } } });
    });
  });

  it('changes the password with the current one; the other sessions end', async () => {
    const user = await t.f.buildUser({
      role: 'operator',
      tenantId: g.tenant.id,
      branchIds: [g.main.branch.id],
    });
    const here = await loginAs(t.app, user.username);
    const elsewhere = await loginAs(t.app, user.username);
    const wrong = await changePassword(here, {
      currentPassword: 'salah-sekali',
      newPassword: 'sandi-baru-99',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: {
        code: 'USER_PASSWORD_WRONG',
        details: { fields: { currentPassword: 'Kata sandi saat ini salah.' } },
      },
    });
    const short = await changePassword(here, { currentPassword: TEST_PASSWORD, newPassword: 'pendek' });
    expect(short.json()).toMatchObject({
      error: { details: { fields: { newPassword: 'Minimal 8 karakter.' } } },
    });
    const missing = await changePassword(here, { currentPassword: '', newPassword: 'sandi-baru-99' });
    expect(missing.json()).toMatchObject({
      error: { details: { fields: { currentPassword: 'Kata sandi wajib diisi.' } } },
    });
    expect((await me(elsewhere)).statusCode).toBe(200);

    expect(
      (await changePassword(here, { currentPassword: TEST_PASSWORD, newPassword: 'sandi-baru-99' }))
        .statusCode,
    ).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    await loginAs(t.app, user.username, 'sandi-baru-99');
    const entries = await listAuditEntries(t.database.db, g.tenant.id, 'user', user.id);
    expect(entries.map((e) => e.action)).toContain('user.password-change');
    expect(entries.map((e) => `${e.after_json}`).join()).not.toContain('sandi-baru-99');
  });

  it('a superadmin edits their platform account, without a photo', async () => {
    const platform = await t.f.buildUser({ role: 'superadmin' });
    const cookie = await loginAs(t.app, platform.username);
    expect((await get(cookie)).json()).toMatchObject({
      role: 'superadmin',
      canHaveAvatar: false,
      avatarFileId: null,
    });
    const saved = await put(cookie, {
      fullName: 'Pengelola Platform',
      phone: '081200000001',
      avatarFileId: null,
    });
    expect(saved.json()).toMatchObject({ fullName: 'Pengelola Platform', phone: '+6281200000001' });
    const photo = await storedFile(g.tenant.id, 'avatar', platform.id);
    expect(
      (await put(cookie, { fullName: 'Pengelola Platform', phone: null, avatarFileId: photo })).statusCode,
    ).toBe(400);
  });

  it('signing out leaves the counter: the counter session ends', async () => {
    const caller = await t.f.buildUser({
      role: 'caller',
      tenantId: g.tenant.id,
      branchIds: [g.main.branch.id],
    });
    const cookie = await loginAs(t.app, caller.username);
    const take = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/counters/${g.main.counter.id}/station`,
      headers: { cookie, ...json },
      payload: JSON.stringify({ serviceIds: [g.service.id] }),
    });
    expect(take.statusCode, take.body).toBeLessThan(300);
    const open = () =>
      t.database.db
        .selectFrom('counter_sessions')
        .select(['id', 'ended_at'])
        .where('user_id', '=', caller.id)
        .where('ended_at', 'is', null)
        .execute();
    expect(await open()).toHaveLength(1);
    expect((await logout(cookie)).statusCode).toBe(204);
    expect(await open()).toEqual([]);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('needs a signed-in staff member', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile' })).statusCode).toBe(401);
  });
});
