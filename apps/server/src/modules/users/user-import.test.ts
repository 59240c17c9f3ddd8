/**
 * Importing service users from CSV over HTTP: the preview names every row's errors (the users
 * page's rules, unknown branch codes, names taken or twice in the file) and saves nothing; the
 * import takes the whole file or nothing; the imported users sign in at their branches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxWorkbook } from '@antrean/shared/testing/xlsx-workbook';
import type { UserImportPreview } from '@antrean/shared/contracts/user-import.contract';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph } from '../../test/factories';

describeWithDb('service user import (HTTP)', () => {
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

  const send = (path: 'import' | 'import/preview', csv: string, cookie = admin, lang = 'id') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${path}`,
      headers: { cookie, 'accept-language': lang, 'content-type': 'application/json' },
      payload: JSON.stringify({ csv }),
    });
  const preview = async (csv: string, lang = 'id') => {
    const response = await send('import/preview', csv, admin, lang);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UserImportPreview>();
  };
  const userCount = async () =>
    (await t.database.db.selectFrom('users').select('id').where('tenant_id', '=', g.tenant.id).execute())
      .length;
  const name = () => `impor.${++seq}.${Date.now().toString(36)}`;
  const main = () => g.main.branch.code;

  it('imports an Excel workbook (XLSX): the phone kept as text, the spreadsheet row in errors', async () => {
    const [a, b] = [name(), name()];
    const head = ['Nama Lengkap', 'Username', 'Kata Sandi', 'Peran', 'Cabang', 'Telepon'];
    const workbook = (rows: (string | number | null)[][]) =>
      JSON.stringify({ xlsx: Buffer.from(xlsxWorkbook([head, ...rows])).toString('base64') });
    const post = (path: 'import' | 'import/preview', payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${path}`,
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload,
      });
    const bad = await post(
      'import/preview',
      workbook([
        ['Budi Santoso', a, 'rahasia-123', 'operator', main(), '081234567890'],
        [null],
        ['Ani', b, 'x', 'kasir', main(), null],
      ]),
    );
    expect(bad.json()).toMatchObject({
      valid: 1,
      invalid: 1,
      rows: [
        { line: 2, errors: {} },
        { line: 4, errors: { role: expect.any(String), password: expect.any(String) } },
      ],
    });
    const before = await userCount();
    const imported = await post(
      'import',
      workbook([['Budi Santoso', a, 'rahasia-123', 'operator', main(), '081234567890']]),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await userCount()).toBe(before + 1);
    const saved = await t.database.db
      .selectFrom('users')
      .select(['full_name', 'role'])
      .where('username', '=', a)
      .executeTakeFirst();
    expect(saved).toEqual({ full_name: 'Budi Santoso', role: 'operator' });
  });

  it('previews a spreadsheet file (BOM, semicolons, CRLF, quotes) and imports it whole', async () => {
    const [a, b] = [name(), name()];
    const csv =
      '\uFEFFNama Lengkap;Username;Kata Sandi;Peran;Cabang;Telepon;Aktif\r\n' +
      `"Santoso; Budi";${a};rahasia-123;Pemanggil;${main().toLowerCase()}|${g.other.branch.code};081234567890;ya\r\n` +
      `"Siti ""Ani"" Aminah";${b};rahasia-456;supervisor;${main()};;tidak\r\n`;
    const before = await userCount();
    const checked = await preview(csv);
    expect(checked).toMatchObject({ valid: 2, invalid: 0 });
    expect(checked.rows[0]).toMatchObject({
      line: 2,
      fullName: 'Santoso; Budi',
      username: a,
      branchCodes: [main().toUpperCase(), g.other.branch.code.toUpperCase()],
      errors: {},
    });
    expect(checked.rows[1]?.fullName).toBe('Siti "Ani" Aminah');
    expect(JSON.stringify(checked)).not.toContain('rahasia');
    expect(await userCount()).toBe(before);

    const imported = await send('import', csv);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ created: 2 });
    expect(await userCount()).toBe(before + 2);
    const cookie = await loginAs(t.app, a, 'rahasia-123');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ user: { role: 'caller' } });
    expect([...me.json<{ user: { branchIds: string[] } }>().user.branchIds].sort()).toEqual(
      [g.main.branch.id, g.other.branch.id].sort(),
    );
    const inactive = await t.database.db
      .selectFrom('users')
      .select('is_active')
      .where('username', '=', b)
      .executeTakeFirstOrThrow();
    expect(inactive.is_active).toBe(0);
    const importedIds = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', [a, b])
      .execute();
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('tenant_id', '=', g.tenant.id)
      .where('action', '=', 'user.import')
      .where(
        'entity_id',
        'in',
        importedIds.map((u) => u.id),
      )
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit.map((e) => e.after_json).join()).not.toContain('rahasia');
  });

  describe('names the error of each row on its field', () => {
    const header = 'full_name,username,password,role,branches,phone,active\n';
    const cases: [string, (u: string) => string, string, string][] = [
      [
        'a short username',
        () => `Budi Santoso,budi,rahasia-123,caller,MAIN,,`,
        'username',
        'Minimal 7 karakter.',
      ],
      [
        'a username with a space',
        () => `Budi Santoso,budi santoso,rahasia-123,caller,MAIN,,`,
        'username',
        'Nama pengguna tidak boleh mengandung spasi.',
      ],
      ['a short full name', (u) => `Bu,${u},rahasia-123,caller,MAIN,,`, 'fullName', 'Minimal 3 karakter.'],
      ['no password', (u) => `Budi Santoso,${u},,caller,MAIN,,`, 'password', 'Kata sandi wajib diisi.'],
      ['a short password', (u) => `Budi Santoso,${u},abc,caller,MAIN,,`, 'password', 'Minimal 8 karakter.'],
      ['no role', (u) => `Budi Santoso,${u},rahasia-123,,MAIN,,`, 'role', 'Wajib dipilih.'],
      ['an admin role', (u) => `Budi Santoso,${u},rahasia-123,admin,MAIN,,`, 'role', 'Pilihan tidak valid.'],
      ['no branch', (u) => `Budi Santoso,${u},rahasia-123,caller,,,`, 'branchCodes', 'Wajib dipilih.'],
      [
        'an unknown branch code',
        (u) => `Budi Santoso,${u},rahasia-123,caller,MAIN|NOPE9,,`,
        'branchCodes',
        'Kode cabang tidak dikenal: NOPE9',
      ],
      [
        'a bad phone',
        (u) => `Budi Santoso,${u},rahasia-123,caller,MAIN,12ab,`,
        'phone',
        'Nomor WhatsApp tidak valid (contoh 081234567890).',
      ],
      [
        'a bad active flag',
        (u) => `Budi Santoso,${u},rahasia-123,caller,MAIN,,mungkin`,
        'isActive',
        'Pilihan tidak valid.',
      ],
    ];
    it.each(cases)('%s', async (_name, line, field, message) => {
      const csv = header + line(name()).replace(/MAIN/g, main());
      const checked = await preview(csv);
      expect(checked.invalid).toBe(1);
      expect(checked.rows[0]?.errors[field]).toBe(message);
      const before = await userCount();
      const refused = await send('import', csv);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { code: 'USER_IMPORT_INVALID', details: { invalidRows: [2] } },
      });
      expect(await userCount()).toBe(before);
    });
  });

  it('refuses the whole file for one bad row: a name twice, a name taken elsewhere', async () => {
    const [a, b] = [name(), name()];
    const csv = [
      'nama,username,sandi,peran,cabang',
      `Satu Orang,${a},rahasia-123,operator,${main()}`,
      `Dua Orang,${b},rahasia-123,operator,${main()}`,
      `Tiga Orang,${b.toUpperCase()},rahasia-123,operator,${main()}`,
      `Empat Orang,${other.users.caller.username},rahasia-123,operator,${main()}`,
    ].join('\n');
    const checked = await preview(csv, 'en');
    expect(checked).toMatchObject({ valid: 1, invalid: 3 });
    expect(checked.rows.map((r) => r.errors.username ?? null)).toEqual([
      null,
      'This username appears more than once in the file.',
      'This username appears more than once in the file.',
      'The username is already taken.',
    ]);
    const before = await userCount();
    expect((await send('import', csv)).json()).toMatchObject({
      error: { code: 'USER_IMPORT_INVALID', details: { invalidRows: [3, 4, 5] } },
    });
    expect(await userCount()).toBe(before);
  });

  it("refuses a file it cannot read, and another tenant's branch codes are unknown", async () => {
    for (const csv of [
      'username,password\nabcdefg,rahasia-123',
      'nama,username,sandi,peran,cabang\n"Budi,x',
      'nama,username,sandi,peran,cabang\n',
    ]) {
      const response = await send('import/preview', csv);
      expect(response.statusCode, csv).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'USER_IMPORT_BAD_FILE' } });
    }
    const foreign = await preview(
      `nama,username,sandi,peran,cabang\nBudi Santoso,${name()},rahasia-123,caller,${other.main.branch.code}`,
    );
    // Branch codes are unique per tenant only: another tenant's code is unknown here.
    expect(foreign.rows[0]?.errors.branchCodes).toBe(`Kode cabang tidak dikenal: ${other.main.branch.code}`);
  });

  it('only an admin may import', async () => {
    const cookie = await loginAs(t.app, g.users.supervisor.username);
    expect((await send('import/preview', 'a,b', cookie)).statusCode).toBe(403);
    expect((await send('import', 'a,b', cookie)).statusCode).toBe(403);
  });
});
