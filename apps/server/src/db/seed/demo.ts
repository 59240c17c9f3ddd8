/**
 * Demo data (the README's "Demo data"), seeded on the first start of an empty database outside
 * production. Tests, docs and the e2e suite rely on these exact names and codes.
 */
import { newId } from '@antrean/shared/common/ids';
import type { Database } from '../database';
import { Seeder } from './seeder';
import { hashPassword } from '../../lib/crypto';

export const DEMO_PASSWORD = 'antrean123';
/** The accounts seedDemo creates (each gets a hash of its own). */
const DEMO_ACCOUNTS = 8;

export const DEMO_LOGINS = [
  { username: 'superadmin', description: 'platform superadmin' },
  { username: 'admin.nusantara', description: 'admin, Bank Nusantara' },
  { username: 'operator.jkt01', description: 'operator, KC Jakarta Sudirman' },
  { username: 'caller.jkt01a', description: 'caller, KC Jakarta Sudirman (/login-caller)' },
  { username: 'caller.jkt01b', description: 'caller, KC Jakarta Sudirman (/login-caller)' },
  { username: 'supervisor.jkt01', description: 'supervisor, KC Jakarta Sudirman' },
  { username: 'admin.sehat', description: 'admin, RS Sehat Sentosa' },
  { username: 'caller.rss01', description: 'caller, RS Sehat Pusat' },
] as const;

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom('tenant_categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const users = await database.db
    .selectFrom('platform_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0 && Number(users.n) === 0;
}

/** Seeds the demo tenants in one transaction: all or nothing. */
export async function seedDemo(database: Database, now: number): Promise<void> {
  // One hash per account, each with its own salt: equal hashes would tell anyone who reads the
  // table that these accounts share a password (issue 13 item 6). Hashed before the transaction.
  const hashes = await Promise.all(Array.from({ length: DEMO_ACCOUNTS }, () => hashPassword(DEMO_PASSWORD)));
  const passwordHash = (): string => {
    const next = hashes.pop();
    if (next === undefined) throw new Error('seedDemo: more demo accounts than DEMO_ACCOUNTS');
    return next;
  };
  await database.db.transaction().execute(async (trx) => {
    const s = new Seeder(trx, now);
    const bank = await s.category('Bank');
    const hospital = await s.category('Rumah Sakit');

    await s.platformUser('superadmin', 'Super Admin', passwordHash());

    // ── Bank Nusantara ──
    const bn = await s.tenant({ name: 'Bank Nusantara', categoryId: bank });
    await s.activeTheme(bn);
    const jkt = await s.branch(bn, {
      code: 'JKT01',
      name: 'KC Jakarta Sudirman',
      address: 'Jl. Jenderal Sudirman Kav. 1',
      province: 'DKI Jakarta',
      city: 'Jakarta Pusat',
      village: 'Karet Tengsin',
      time_zone: 'Asia/Jakarta',
      whatsapp_virtual_ticket: 1,
    });
    const mks = await s.branch(bn, {
      code: 'MKS01',
      name: 'KC Makassar',
      address: 'Jl. Jenderal Ahmad Yani No. 10',
      province: 'Sulawesi Selatan',
      city: 'Makassar',
      village: 'Pattunuang',
      time_zone: 'Asia/Makassar',
    });
    const teller = await s.service(bn, {
      name: 'Teller',
      code: 'A',
      sla_seconds: 300,
      type: 'both',
      sort_order: 1,
      print_count: 1,
    });
    const cs = await s.service(bn, {
      name: 'Customer Service',
      code: 'B',
      sla_seconds: 900,
      type: 'both',
      sort_order: 2,
      print_count: 1,
      booking_whatsapp: 1,
      first_call_whatsapp: 1,
      random_caller: 1,
    });
    await s.subService(bn, cs, 'Pembukaan Rekening', 1);
    await s.subService(bn, cs, 'Penggantian Kartu ATM', 2);
    await s.offer(bn, jkt, teller);
    await s.offer(bn, jkt, cs);
    await s.offer(bn, mks, teller);
    await s.counter(bn, jkt, 1, [teller]);
    await s.counter(bn, jkt, 2, [teller]);
    await s.counter(bn, jkt, 3, [cs]);
    await s.counter(bn, mks, 1, [teller]);
    // JKT01 takes walk-ins every day around the clock, so the demo can be tried at any hour;
    // MKS01 keeps office hours (Monday–Friday 08:00–15:00, Makassar time) to show a closed branch.
    // day_of_week: 0 = Sunday … 6 = Saturday; '24:00' ends a window at the next midnight.
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    const weekdays = [1, 2, 3, 4, 5];
    await s.schedules(bn, jkt, teller, everyDay, '00:00', '24:00', 60, 'half');
    await s.schedules(bn, jkt, cs, everyDay, '00:00', '24:00', 60, 'half');
    await s.schedules(bn, mks, teller, weekdays, '08:00', '15:00', 20, 'half');
    await s.device('display', bn, jkt, 'DSP-JKT01', 'Display Utama JKT01');
    await s.device('kiosk', bn, jkt, 'KIOS-JKT01', 'Kiosk Lobi JKT01');

    await trx
      .insertInto('running_texts')
      .values({
        id: newId(now),
        tenant_id: bn,
        branch_id: null,
        content: 'Selamat datang di Bank Nusantara',
        sort_order: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('banners')
      .values({
        id: newId(now),
        tenant_id: bn,
        branch_id: null,
        name: 'Promo Deposito Nusantara',
        file_id: null,
        sort_order: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Rates as exact decimal text (buy, sell, bank notes buy/sell, TT counter buy/sell).
    const currencies: [string, string, string, string[]][] = [
      ['USD', 'US Dollar', 'US', ['16150', '16450', '16117.7', '16482.9', '16166.15', '16433.55']],
      ['SGD', 'Singapore Dollar', 'SG', ['12010', '12290', '11985.98', '12314.58', '12022.01', '12277.71']],
      ['JPY', 'Japanese Yen', 'JP', ['104.5', '108.2', '104.29', '108.42', '104.6', '108.09']],
    ];
    for (const [i, [code, name, flag, r]] of currencies.entries()) {
      await trx
        .insertInto('currencies')
        .values({
          id: newId(now),
          tenant_id: bn,
          code,
          name,
          flag,
          buy: r[0] ?? '0',
          sell: r[1] ?? '0',
          bank_note_buy: r[2] ?? null,
          bank_note_sell: r[3] ?? null,
          tt_counter_buy: r[4] ?? null,
          tt_counter_sell: r[5] ?? null,
          sort_order: i + 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const deposito = newId(now);
    await trx
      .insertInto('products')
      .values({
        id: deposito,
        tenant_id: bn,
        name: 'Deposito',
        sort_order: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const rates: [string, string][] = [
      ['1 bulan', '3.25'],
      ['3 bulan', '3.5'],
      ['6 bulan', '3.75'],
      ['12 bulan', '4'],
    ];
    for (const [i, [name, percentage]] of rates.entries()) {
      await trx
        .insertInto('product_items')
        .values({
          id: newId(now),
          tenant_id: bn,
          product_id: deposito,
          name,
          percentage,
          sort_order: i + 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const reasons: [number, string][] = [
      [1, 'Pelayanan sangat lambat'],
      [1, 'Petugas tidak ramah'],
      [2, 'Waktu tunggu terlalu lama'],
      [3, 'Pelayanan cukup'],
      [4, 'Petugas ramah'],
      [4, 'Pelayanan cepat'],
      [5, 'Sangat puas dengan pelayanan'],
      [5, 'Petugas sangat membantu'],
    ];
    for (const [i, [stars, reason]] of reasons.entries()) {
      await trx
        .insertInto('feedback_parameters')
        .values({
          id: newId(now),
          tenant_id: bn,
          stars,
          reason,
          sort_order: i + 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx
      .insertInto('voice_settings')
      .values({
        id: newId(now),
        tenant_id: bn,
        branch_id: null,
        mode: 'voice_id',
        created_at: now,
        updated_at: now,
      })
      .execute();

    await s.user(bn, {
      username: 'admin.nusantara',
      fullName: 'Admin Nusantara',
      role: 'admin',
      passwordHash: passwordHash(),
    });
    await s.user(bn, {
      username: 'operator.jkt01',
      fullName: 'Operator Sudirman',
      role: 'operator',
      passwordHash: passwordHash(),
      branchIds: [jkt],
    });
    await s.user(bn, {
      username: 'caller.jkt01a',
      fullName: 'Ayu Lestari',
      role: 'caller',
      passwordHash: passwordHash(),
      branchIds: [jkt],
    });
    await s.user(bn, {
      username: 'caller.jkt01b',
      fullName: 'Budi Santoso',
      role: 'caller',
      passwordHash: passwordHash(),
      branchIds: [jkt],
    });
    await s.user(bn, {
      username: 'supervisor.jkt01',
      fullName: 'Siti Rahma',
      role: 'supervisor',
      passwordHash: passwordHash(),
      branchIds: [jkt],
    });

    // ── RS Sehat Sentosa ──
    const rs = await s.tenant({ name: 'RS Sehat Sentosa', categoryId: hospital });
    await s.activeTheme(rs);
    const rss = await s.branch(rs, {
      code: 'RSS01',
      name: 'RS Sehat Pusat',
      address: 'Jl. Kesehatan No. 5',
      province: 'DKI Jakarta',
      city: 'Jakarta Selatan',
      village: 'Kebayoran Baru',
      time_zone: 'Asia/Jakarta',
      category: 'Rumah Sakit',
    });
    const pendaftaran = await s.service(rs, {
      name: 'Pendaftaran',
      code: 'P',
      sla_seconds: 600,
      sort_order: 1,
    });
    await s.offer(rs, rss, pendaftaran);
    await s.counter(rs, rss, 1, [pendaftaran]);
    await s.schedules(rs, rss, pendaftaran, [1, 2, 3, 4, 5, 6], '07:00', '16:00', 30, 'half');
    await trx
      .insertInto('voice_settings')
      .values({
        id: newId(now),
        tenant_id: rs,
        branch_id: null,
        mode: 'voice_id',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await s.user(rs, {
      username: 'admin.sehat',
      fullName: 'Admin Sehat',
      role: 'admin',
      passwordHash: passwordHash(),
    });
    await s.user(rs, {
      username: 'caller.rss01',
      fullName: 'Dewi Anggraini',
      role: 'caller',
      passwordHash: passwordHash(),
      branchIds: [rss],
    });
  });
}
