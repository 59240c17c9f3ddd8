/** The demo data is a contract: the README, e2e and the first-run banner rely on it. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../database';
import { TEST_NOW, buildTestApp, type TestApp } from '../../test/app';
import { createTestDatabase, describeWithDb } from '../../test/db';
import { verifyPassword } from '../../lib/crypto';
import { loginAs } from '../../test/factories';
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './demo';

describeWithDb('demo seed', () => {
  let database: Database;
  let t: TestApp;
  let emptyBefore: boolean;

  beforeAll(async () => {
    database = await createTestDatabase();
    emptyBefore = await isDatabaseEmpty(database);
    await seedDemo(database, TEST_NOW);
    t = await buildTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  const db = () => database.db;

  async function tenantId(name: string): Promise<string> {
    return (await db().selectFrom('tenants').select('id').where('name', '=', name).executeTakeFirstOrThrow())
      .id;
  }
  async function branch(code: string) {
    return db().selectFrom('branches').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  }
  /** counter name → service names, for one branch. */
  async function counterServices(branchId: string): Promise<Record<string, string[]>> {
    const rows = await db()
      .selectFrom('counters')
      .innerJoin('counter_services', 'counter_services.counter_id', 'counters.id')
      .innerJoin('services', 'services.id', 'counter_services.service_id')
      .select(['counters.name as counter', 'services.name as service'])
      .where('counters.branch_id', '=', branchId)
      .execute();
    const out: Record<string, string[]> = {};
    for (const row of rows) (out[row.counter] ??= []).push(row.service);
    return out;
  }

  it('gives every demo account a password hash of its own (distinct salts), each verifying the demo password', async () => {
    const staff = await db().selectFrom('users').select('password_hash').execute();
    const platform = await db().selectFrom('platform_users').select('password_hash').execute();
    const hashes = [...staff, ...platform].map((r) => r.password_hash);
    expect(hashes.length).toBeGreaterThanOrEqual(DEMO_LOGINS.length);
    expect(new Set(hashes).size).toBe(hashes.length);
    for (const hash of hashes) expect(await verifyPassword(hash, DEMO_PASSWORD)).toBe(true);
  });

  it('isDatabaseEmpty is true before seeding and false after', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(database)).toBe(false);
  });

  it('creates the categories and the two tenants', async () => {
    const categories = await db().selectFrom('tenant_categories').select(['id', 'name']).execute();
    expect(categories.map((c) => c.name).sort()).toEqual(['Bank', 'Rumah Sakit']);
    const tenants = await db()
      .selectFrom('tenants')
      .innerJoin('tenant_categories', 'tenant_categories.id', 'tenants.category_id')
      .select(['tenants.name as name', 'tenant_categories.name as category', 'tenants.is_active as active'])
      .orderBy('tenants.name')
      .execute();
    expect(tenants).toEqual([
      { name: 'Bank Nusantara', category: 'Bank', active: 1 },
      { name: 'RS Sehat Sentosa', category: 'Rumah Sakit', active: 1 },
    ]);
  });

  it("shows Bank Nusantara's admin a finished setup checklist (7 of 7: its theme is chosen too)", async () => {
    const setup = async (username: string) => {
      const cookie = await loginAs(t.app, username, DEMO_PASSWORD);
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ setup: Record<string, boolean> }>().setup;
    };
    expect(await setup('admin.nusantara')).toEqual({
      branches: true,
      services: true,
      counters: true,
      mapping: true,
      users: true,
      devices: true,
      theme: true,
    });
    // RS Sehat Sentosa has chosen its theme too; it has no kiosk or display yet (the step it has left).
    expect(await setup('admin.sehat')).toMatchObject({ theme: true, devices: false });
  });

  it('creates the branches with their codes, regions and time zones', async () => {
    const bn = await tenantId('Bank Nusantara');
    const rs = await tenantId('RS Sehat Sentosa');
    expect(await branch('JKT01')).toMatchObject({
      tenant_id: bn,
      name: 'KC Jakarta Sudirman',
      province: 'DKI Jakarta',
      city: 'Jakarta Pusat',
      time_zone: 'Asia/Jakarta',
    });
    expect(await branch('MKS01')).toMatchObject({
      tenant_id: bn,
      name: 'KC Makassar',
      time_zone: 'Asia/Makassar',
    });
    expect(await branch('RSS01')).toMatchObject({
      tenant_id: rs,
      name: 'RS Sehat Pusat',
      time_zone: 'Asia/Jakarta',
    });
    expect(await db().selectFrom('branches').select('code').orderBy('code').execute()).toEqual([
      { code: 'JKT01' },
      { code: 'MKS01' },
      { code: 'RSS01' },
    ]);
  });

  it('creates the services with their codes, SLAs and sub services', async () => {
    const bn = await tenantId('Bank Nusantara');
    const services = await db()
      .selectFrom('services')
      .select(['id', 'name', 'code', 'sla_seconds'])
      .where('tenant_id', '=', bn)
      .orderBy('code')
      .execute();
    expect(services.map(({ name, code, sla_seconds }) => ({ name, code, sla_seconds }))).toEqual([
      { name: 'Teller', code: 'A', sla_seconds: 300 },
      { name: 'Customer Service', code: 'B', sla_seconds: 900 },
    ]);
    const subs = await db()
      .selectFrom('sub_services')
      .select('name')
      .where('service_id', '=', services[1]?.id ?? '')
      .orderBy('sort_order')
      .execute();
    expect(subs.map((s) => s.name)).toEqual(['Pembukaan Rekening', 'Penggantian Kartu ATM']);
    expect(
      await db()
        .selectFrom('sub_services')
        .select('id')
        .where('service_id', '=', services[0]?.id ?? '')
        .execute(),
    ).toEqual([]);

    const rs = await db()
      .selectFrom('services')
      .select(['name', 'code'])
      .where('tenant_id', '=', await tenantId('RS Sehat Sentosa'))
      .execute();
    expect(rs).toEqual([{ name: 'Pendaftaran', code: 'P' }]);
  });

  it('maps the counters to their services', async () => {
    expect(await counterServices((await branch('JKT01')).id)).toEqual({
      'Loket 1': ['Teller'],
      'Loket 2': ['Teller'],
      'Loket 3': ['Customer Service'],
    });
    expect(await counterServices((await branch('MKS01')).id)).toEqual({ 'Loket 1': ['Teller'] });
    expect(await counterServices((await branch('RSS01')).id)).toEqual({ 'Loket 1': ['Pendaftaran'] });
  });

  /** The schedule rows of one branch: service name → rows, in day order. */
  async function schedules(branchCode: string) {
    const rows = await db()
      .selectFrom('schedules')
      .innerJoin('services', 'services.id', 'schedules.service_id')
      .select([
        'services.name as service',
        'day_of_week',
        'start_time',
        'end_time',
        'hourly_limit',
        'interval',
      ])
      .where('schedules.branch_id', '=', (await branch(branchCode)).id)
      .orderBy('services.name')
      .orderBy('day_of_week')
      .execute();
    const byService: Record<string, unknown[]> = {};
    for (const { service, ...row } of rows) (byService[service] ??= []).push(row);
    return byService;
  }

  it('opens JKT01 every day around the clock, 60 an hour, half-hour slots', async () => {
    const allDay = (day: number) => ({
      day_of_week: day,
      start_time: '00:00',
      end_time: '24:00',
      hourly_limit: 60,
      interval: 'half',
    });
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map(allDay);
    expect(await schedules('JKT01')).toEqual({ 'Customer Service': everyDay, Teller: everyDay });
  });

  it('keeps MKS01 on Monday to Friday 08:00-15:00, 20 an hour, half-hour slots', async () => {
    const officeHours = (day: number) => ({
      day_of_week: day,
      start_time: '08:00',
      end_time: '15:00',
      hourly_limit: 20,
      interval: 'half',
    });
    expect(await schedules('MKS01')).toEqual({ Teller: [1, 2, 3, 4, 5].map(officeHours) });
  });

  it('lets the JKT01 kiosk issue at night and at the weekend, while MKS01 is closed until Monday 08:00', async () => {
    /** service name → its availability, as the kiosk (JKT01) or the on-site page (MKS01) sees it. */
    const availabilityAt = async (instant: string, url: string, headers: Record<string, string> = {}) => {
      t.clock.set(Date.parse(instant));
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(200);
      const body: { services: { name: string; availability: unknown }[] } = response.json();
      return Object.fromEntries(body.services.map((s) => [s.name, s.availability]));
    };
    const jktKiosk = ['/api/v1/kiosk/config', { 'x-kiosk-code': 'KIOS-JKT01' }] as const;
    const mksOnSite = `/api/v1/public/branches/${(await branch('MKS01')).id}/on-site`;
    try {
      // Saturday 23:59:59 and Sunday 03:00 in Jakarta: open, with the whole hour's quota left.
      for (const instant of ['2026-01-03T23:59:59+07:00', '2026-01-04T03:00:00+07:00']) {
        const open = { open: true, remainingThisHour: 60 };
        expect(await availabilityAt(instant, ...jktKiosk), instant).toEqual({
          Teller: expect.objectContaining(open),
          'Customer Service': expect.objectContaining(open),
        });
      }
      // Sunday 03:00 in Makassar: closed, next open on Monday 08:00 Makassar time (UTC+8).
      expect(await availabilityAt('2026-01-04T03:00:00+08:00', mksOnSite)).toEqual({
        Teller: { open: false, reason: 'closed', nextOpenAt: Date.parse('2026-01-05T08:00:00+08:00') },
      });
      // Monday 08:00 in Makassar: open until 15:00.
      expect(await availabilityAt('2026-01-05T08:00:00+08:00', mksOnSite)).toEqual({
        Teller: { open: true, closesAt: Date.parse('2026-01-05T15:00:00+08:00'), remainingThisHour: 20 },
      });
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('creates the JKT01 display and kiosk, addressable by their codes', async () => {
    const jkt = await branch('JKT01');
    const display = await db()
      .selectFrom('displays')
      .select(['id', 'branch_id'])
      .where('code', '=', 'DSP-JKT01')
      .executeTakeFirstOrThrow();
    const kiosk = await db()
      .selectFrom('kiosks')
      .select(['id', 'branch_id'])
      .where('code', '=', 'KIOS-JKT01')
      .executeTakeFirstOrThrow();
    expect(display.branch_id).toBe(jkt.id);
    expect(kiosk.branch_id).toBe(jkt.id);
    const names = await db()
      .selectFrom('global_names')
      .select(['kind', 'name', 'target_id'])
      .where('kind', 'in', ['display', 'kiosk'])
      .orderBy('kind')
      .execute();
    expect(names).toEqual([
      { kind: 'display', name: 'DSP-JKT01', target_id: display.id },
      { kind: 'kiosk', name: 'KIOS-JKT01', target_id: kiosk.id },
    ]);
    // The kiosk code authenticates the kiosk for its branch's catalogue.
    const services = await t.app.inject({
      method: 'GET',
      url: `/api/v1/branches/${jkt.id}/services`,
      headers: { 'x-kiosk-code': 'KIOS-JKT01' },
    });
    expect(services.statusCode).toBe(200);
  });

  it('creates Bank Nusantara’s content: running text, banner, currencies, Deposito, feedback, voice', async () => {
    const bn = await tenantId('Bank Nusantara');
    expect(
      await db().selectFrom('running_texts').select('id').where('tenant_id', '=', bn).execute(),
    ).toHaveLength(1);
    expect(await db().selectFrom('banners').select('id').where('tenant_id', '=', bn).execute()).toHaveLength(
      1,
    );
    const currencies = await db()
      .selectFrom('currencies')
      .select('code')
      .where('tenant_id', '=', bn)
      .orderBy('sort_order')
      .execute();
    expect(currencies.map((c) => c.code)).toEqual(['USD', 'SGD', 'JPY']);
    const items = await db()
      .selectFrom('product_items')
      .innerJoin('products', 'products.id', 'product_items.product_id')
      .select(['products.name as product', 'product_items.name as item'])
      .where('products.tenant_id', '=', bn)
      .orderBy('product_items.sort_order')
      .execute();
    expect(items).toEqual(
      ['1 bulan', '3 bulan', '6 bulan', '12 bulan'].map((item) => ({ product: 'Deposito', item })),
    );
    const feedback = await db()
      .selectFrom('feedback_parameters')
      .select(['stars', 'reason'])
      .where('tenant_id', '=', bn)
      .execute();
    expect([...new Set(feedback.map((f) => f.stars))].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(feedback.every((f) => f.reason.length > 0)).toBe(true);
    const voice = await db()
      .selectFrom('voice_settings')
      .select(['mode', 'branch_id'])
      .where('tenant_id', '=', bn)
      .execute();
    expect(voice).toEqual([{ mode: 'voice_id', branch_id: null }]);
  });

  it('creates the eight demo users, who all sign in with the demo password', async () => {
    expect(DEMO_PASSWORD).toBe('antrean123');
    expect(DEMO_LOGINS.map((l) => l.username)).toEqual([
      'superadmin',
      'admin.nusantara',
      'operator.jkt01',
      'caller.jkt01a',
      'caller.jkt01b',
      'supervisor.jkt01',
      'admin.sehat',
      'caller.rss01',
    ]);
    const bn = await tenantId('Bank Nusantara');
    const rs = await tenantId('RS Sehat Sentosa');
    const jkt = (await branch('JKT01')).id;
    const rss = (await branch('RSS01')).id;
    const expected: Record<string, { role: string; tenantId: string | null; branchIds: string[] }> = {
      superadmin: { role: 'superadmin', tenantId: null, branchIds: [] },
      'admin.nusantara': { role: 'admin', tenantId: bn, branchIds: [] },
      'operator.jkt01': { role: 'operator', tenantId: bn, branchIds: [jkt] },
      'caller.jkt01a': { role: 'caller', tenantId: bn, branchIds: [jkt] },
      'caller.jkt01b': { role: 'caller', tenantId: bn, branchIds: [jkt] },
      'supervisor.jkt01': { role: 'supervisor', tenantId: bn, branchIds: [jkt] },
      'admin.sehat': { role: 'admin', tenantId: rs, branchIds: [] },
      'caller.rss01': { role: 'caller', tenantId: rs, branchIds: [rss] },
    };
    for (const { username } of DEMO_LOGINS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, username).toBe(200);
      expect(response.json(), username).toMatchObject({ user: { username, ...expected[username] } });
    }
    const users = await db().selectFrom('users').select('username').execute();
    const platform = await db().selectFrom('platform_users').select('username').execute();
    expect([...platform, ...users].map((u) => u.username).sort()).toEqual(Object.keys(expected).sort());
  });

  it('refuses to run twice on the same database', async () => {
    await expect(seedDemo(database, TEST_NOW)).rejects.toThrow();
    expect(await db().selectFrom('tenants').select('id').execute()).toHaveLength(2);
  });
});
