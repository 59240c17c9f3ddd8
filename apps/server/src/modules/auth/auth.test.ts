import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto';
import { SESSION_COOKIE } from '../../plugins/auth';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { TEST_PASSWORD, loginAs, type UserRef } from '../../test/factories';
import { THROTTLE } from './auth.service';

const LOGIN = '/api/v1/auth/login';
const ME = '/api/v1/auth/me';

function sessionCookie(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === SESSION_COOKIE);
}

describeWithDb('staff authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // Each test signs in from its own address, so the login route's per-IP rate limit and the
  // username+address throttle never carry over from one test to the next.
  let addressCounter = 0;
  let ip = '';
  beforeEach(() => {
    addressCounter += 1;
    ip = `10.20.${addressCounter >> 8}.${addressCounter & 255}`;
  });

  const login = (
    username: string,
    password: string,
    extra: { cookie?: string; remoteAddress?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username, password },
      remoteAddress: extra.remoteAddress ?? ip,
      ...(extra.cookie ? { headers: { cookie: extra.cookie } } : {}),
    });
  const signIn = (user: UserRef) => loginAs(t.app, user.username, user.password, { remoteAddress: ip });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: ME, headers: { cookie } });

  it('signs in: returns the user and an HttpOnly, SameSite=Lax session cookie whose token is stored only hashed', async () => {
    const tenant = await t.f.buildTenant();
    const admin = await t.f.buildUser({ role: 'admin', tenantId: tenant.id });
    const response = await login(admin.username, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: admin.id,
        username: admin.username,
        fullName: `Pengguna ${admin.username}`,
        role: 'admin',
        tenantId: tenant.id,
        tenantName: tenant.name,
        branchIds: [],
        language: 'id',
      },
    });
    const cookie = sessionCookie(response);
    expect(cookie).toBeDefined();
    if (!cookie) return;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(cookie.expires?.getTime()).toBe(t.clock.now() + t.config.sessionTtlMs);

    const sessions = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('subject_id', '=', admin.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash).toBe(sha256(cookie.value));
    expect(JSON.stringify(sessions)).not.toContain(cookie.value);

    const who = await me(`${SESSION_COOKIE}=${cookie.value}`);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ user: { id: admin.id, role: 'admin' } });
  });

  it('usernames are case-insensitive and trimmed', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    const response = await login(`  ${admin.username.toUpperCase()} `, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('stores passwords as argon2id hashes', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(TEST_PASSWORD);
  });

  it('signing in again with the old cookie rotates the session: the old token stops working', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    const first = await signIn(admin);
    const again = await login(admin.username, TEST_PASSWORD, { cookie: first });
    expect(again.statusCode).toBe(200);
    const second = sessionCookie(again);
    expect(second?.value).toBeDefined();
    expect(`${SESSION_COOKIE}=${second?.value ?? ''}`).not.toBe(first);

    expect((await me(first)).statusCode).toBe(401);
    expect((await me(`${SESSION_COOKIE}=${second?.value ?? ''}`)).statusCode).toBe(200);
  });

  it('unknown user and wrong password answer the same 401', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    const unknown = await login('nobody.here', 'whatever-password');
    const wrong = await login(admin.username, 'wrong-password');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(sessionCookie(response)).toBeUndefined();
    }
    expect(unknown.json()).toEqual({
      error: { code: 'AUTH_INVALID_CREDENTIALS', message: 'Nama pengguna atau kata sandi salah.' },
    });
    expect(wrong.body).toBe(unknown.body);
    expect(
      await t.database.db.selectFrom('sessions').selectAll().where('subject_id', '=', admin.id).execute(),
    ).toEqual([]);
  });

  it(`pauses sign-in after ${THROTTLE.maxFailures} failures for the same username and address, even with the right password`, async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    for (let i = 0; i < THROTTLE.maxFailures; i++) {
      expect((await login(admin.username, `wrong-${i}`, { remoteAddress: ip })).statusCode).toBe(401);
    }
    const blocked = await login(admin.username, TEST_PASSWORD, { remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      error: { code: 'AUTH_THROTTLED', details: { retryAfterSeconds: THROTTLE.blockMs / 1000 } },
    });
    expect(blocked.headers['retry-after']).toBe(String(THROTTLE.blockMs / 1000));
    expect(sessionCookie(blocked)).toBeUndefined();

    // Another address is not affected, and the block lifts after blockMs.
    expect((await login(admin.username, TEST_PASSWORD, { remoteAddress: '198.51.100.9' })).statusCode).toBe(
      200,
    );
    t.clock.advance(THROTTLE.blockMs + 1);
    expect((await login(admin.username, TEST_PASSWORD, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('fewer failures than the limit do not block, and a success resets the count', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    for (let i = 0; i < THROTTLE.maxFailures - 1; i++) {
      await login(admin.username, 'wrong-password', { remoteAddress: ip });
    }
    expect((await login(admin.username, TEST_PASSWORD, { remoteAddress: ip })).statusCode).toBe(200);
    for (let i = 0; i < THROTTLE.maxFailures - 1; i++) {
      await login(admin.username, 'wrong-password', { remoteAddress: ip });
    }
    expect((await login(admin.username, TEST_PASSWORD, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('refuses an inactive tenant (403 TENANT_INACTIVE) and an inactive user (403 USER_INACTIVE)', async () => {
    const tenant = await t.f.buildTenant({ isActive: false });
    const inTenant = await t.f.buildUser({ role: 'admin', tenantId: tenant.id });
    const tenantResponse = await login(inTenant.username, TEST_PASSWORD);
    expect(tenantResponse.statusCode).toBe(403);
    expect(tenantResponse.json()).toMatchObject({ error: { code: 'TENANT_INACTIVE' } });

    const inactive = await t.f.buildUser({ role: 'operator', isActive: false });
    const userResponse = await login(inactive.username, TEST_PASSWORD);
    expect(userResponse.statusCode).toBe(403);
    expect(userResponse.json()).toMatchObject({ error: { code: 'USER_INACTIVE' } });
    expect(sessionCookie(userResponse)).toBeUndefined();
  });

  it('a session stops working when its tenant is deactivated', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    const cookie = await signIn(admin);
    await t.database.db
      .updateTable('tenants')
      .set({ is_active: 0 })
      .where('id', '=', admin.tenantId ?? '')
      .execute();
    const response = await me(cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'TENANT_INACTIVE' } });
  });

  it('logout revokes the session', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    const cookie = await signIn(admin);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookie(out);
    expect(cleared?.value).toBe('');
    const response = await me(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
    const row = await t.database.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('subject_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBe(t.clock.now());
  });

  it('a session expires after SESSION_TTL without use', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    const cookie = await signIn(admin);
    t.clock.advance(t.config.sessionTtlMs + 1);
    const response = await me(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
  });

  it('using a session slides its expiry', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    const cookie = await signIn(admin);
    t.clock.advance(t.config.sessionTtlMs - 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(120_000); // past the original expiry, within the slid one
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('GET /me without or with a bogus cookie is 401 AUTH_REQUIRED', async () => {
    const none = await t.app.inject({ method: 'GET', url: ME });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
    expect((await me(`${SESSION_COOKIE}=not-a-real-token`)).statusCode).toBe(401);
  });

  it('/me of an operator lists its branches; of an admin none (admins see all)', async () => {
    const branch = await t.f.buildBranch();
    const second = await t.f.buildBranch({ tenantId: branch.tenantId });
    await t.f.buildBranch({ tenantId: branch.tenantId }); // not assigned
    const operator: UserRef = await t.f.buildUser({ role: 'operator', branchIds: [branch.id, second.id] });
    const response = await me(await signIn(operator));
    expect(response.statusCode).toBe(200);
    const body = response.json<{ user: { role: string; tenantId: string; branchIds: string[] } }>();
    expect(body.user.role).toBe('operator');
    expect(body.user.tenantId).toBe(branch.tenantId);
    expect([...body.user.branchIds].sort()).toEqual([branch.id, second.id].sort());
  });

  it('the platform superadmin signs in without a tenant', async () => {
    const superadmin = await t.f.buildUser({ role: 'superadmin' });
    const response = await me(await signIn(superadmin));
    expect(response.json()).toMatchObject({ user: { role: 'superadmin', tenantId: null, branchIds: [] } });
  });

  it('PATCH /me changes the language, which then drives error messages', async () => {
    const admin = await t.f.buildUser({ role: 'admin' });
    const cookie = await signIn(admin);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: ME,
      headers: { cookie },
      payload: { language: 'en' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ user: { id: admin.id, language: 'en' } });
    expect((await me(cookie)).json()).toMatchObject({ user: { language: 'en' } });

    const invalid = await t.app.inject({
      method: 'PATCH',
      url: ME,
      headers: { cookie },
      payload: { language: 'fr' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'The submitted data is not valid.' },
    });
  });

  it('PATCH /me without a session is 401', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: ME, payload: { language: 'en' } });
    expect(response.statusCode).toBe(401);
  });
});
