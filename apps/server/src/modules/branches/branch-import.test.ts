/**
 * Importing branches from CSV over HTTP (decision 61): the preview names every row's errors (the
 * branch form's rules, codes taken in the tenant or twice in the file) and saves nothing; the
 * import takes the whole file or nothing, audited per branch; another tenant is not touched.
 */
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { xlsxWorkbook } from '@antrean/shared/testing/xlsx-workbook';
import type { BranchImportPreview } from '@antrean/shared/contracts/branch-import.contract';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type TenantGraph } from '../../test/factories';

describeWithDb('branch import (HTTP)', () => {
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

  const sendFile = (path: 'import' | 'import/preview', file: object, cookie = admin, lang = 'id') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${path}`,
      headers: { cookie, 'accept-language': lang, 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });
  const send = (path: 'import' | 'import/preview', csv: string, cookie = admin, lang = 'id') =>
    sendFile(path, { csv }, cookie, lang);
  /** An Excel workbook (deflated parts, shared strings) as the import API takes it. */
  const xlsx = (rows: (string | number | boolean | null)[][]) => ({
    xlsx: Buffer.from(xlsxWorkbook(rows, { deflateRaw: (data) => deflateRawSync(data) })).toString('base64'),
  });
  const preview = async (csv: string, lang = 'id') => {
    const response = await send('import/preview', csv, admin, lang);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BranchImportPreview>();
  };
  const branchCount = async (tenantId = g.tenant.id) =>
    (await t.database.db.selectFrom('branches').select('id').where('tenant_id', '=', tenantId).execute())
      .length;
  const code = () => `IMP${++seq}${Date.now().toString(36).slice(-4)}`.toUpperCase();
  const header = 'kode,nama,alamat,provinsi,kota,kelurahan,zona_waktu,kategori';
  const line = (c: string, rest = 'Asia/Jakarta,Kantor Cabang') =>
    `${c},Cabang ${c},Jl. Merdeka 1,Jawa Barat,Bandung,Dago,${rest}`;

  it('previews a file with good and bad rows: errors per row, nothing saved; the import is refused', async () => {
    const [a, b] = [code(), code()];
    const csv = [
      `${header},batas_loket,layani_otomatis`,
      `${line(a)},3,ya`,
      `${line('bad code!')},3,tidak`,
      `${b},Cb,Jl. Merdeka 1,Jawa Barat,Bandung,Dago,Mars/Olympus,,abc,mungkin`,
    ].join('\n');
    const before = await branchCount();
    const checked = await preview(csv);
    expect(checked).toMatchObject({ valid: 1, invalid: 2 });
    expect(checked.rows[0]).toMatchObject({ line: 2, code: a, errors: {} });
    expect(Object.keys(checked.rows[1]?.errors ?? {})).toEqual(['code']);
    expect(checked.rows[2]?.errors).toMatchObject({
      name: 'Minimal 3 karakter.',
      timeZone: expect.any(String),
      category: 'Wajib dipilih.',
      counterLimit: 'Harus berupa angka.',
      autoServe: 'Pilihan tidak valid.',
    });
    expect(await branchCount()).toBe(before);

    const refused = await send('import', csv);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: { code: 'BRANCH_IMPORT_INVALID', details: { invalidRows: [3, 4] } },
    });
    expect(await branchCount()).toBe(before);
  });

  it('imports a whole file with defaults for the optional columns, audited per branch', async () => {
    const [a, b] = [code(), code()];
    const csv =
      '\uFEFFKode;Nama;Alamat;Provinsi;Kota;Kelurahan;Kategori;Aktif;Tampil di kiosk;Batas display\r\n' +
      `${a.toLowerCase()};"Cabang; Satu";Jl. A 1;Jawa Barat;Bandung;Dago;Kantor Cabang;tidak;0;4\r\n` +
      `${b};Cabang Dua;Jl. B 2;Jawa Timur;Surabaya;Gubeng;Kantor Kas;;;\r\n`;
    expect(await preview(csv)).toMatchObject({ valid: 2, invalid: 0 });
    const before = await branchCount();
    const imported = await send('import', csv);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ created: 2 });
    expect(await branchCount()).toBe(before + 2);
    const rows = await t.database.db
      .selectFrom('branches')
      .selectAll()
      .where('tenant_id', '=', g.tenant.id)
      .where('code', 'in', [a.toLowerCase(), b])
      .orderBy('code')
      .execute();
    const first = rows.find((r) => r.code === a.toLowerCase());
    const second = rows.find((r) => r.code === b);
    expect(first).toMatchObject({
      name: 'Cabang; Satu',
      is_active: 0,
      show_on_kiosk: 0,
      display_limit: 4,
      time_zone: 'Asia/Jakarta',
    });
    expect(second).toMatchObject({
      is_active: 1,
      show_on_kiosk: 1,
      show_on_web: 1,
      auto_serve: 0,
      counter_limit: 5,
      display_limit: 2,
      auto_serve_delay_seconds: 0,
      monitoring_url: null,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['entity_id'])
      .where('tenant_id', '=', g.tenant.id)
      .where('action', '=', 'branch.import')
      .execute();
    expect(audit.map((e) => e.entity_id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('a code twice in the file or already in the tenant (any case) refuses the whole file', async () => {
    const [a, b] = [code(), code()];
    const csv = [
      header,
      line(a),
      line(b),
      line(b.toLowerCase()),
      line(g.main.branch.code.toLowerCase()),
    ].join('\n');
    const checked = await preview(csv, 'en');
    expect(checked).toMatchObject({ valid: 1, invalid: 3 });
    expect(checked.rows.map((r) => r.errors.code ?? null)).toEqual([
      null,
      'This branch code appears more than once in the file.',
      'This branch code appears more than once in the file.',
      'This branch code is already used by another branch.',
    ]);
    const before = await branchCount();
    expect((await send('import', csv)).json()).toMatchObject({
      error: { code: 'BRANCH_IMPORT_INVALID', details: { invalidRows: [3, 4, 5] } },
    });
    expect(await branchCount()).toBe(before);
  });

  it("another tenant's codes are free here, and its branches are untouched", async () => {
    const otherBefore = await branchCount(other.tenant.id);
    const csv = [header, line(other.main.branch.code)].join('\n');
    expect((await preview(csv)).rows[0]?.errors).toEqual({});
    const imported = await send('import', csv);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await branchCount(other.tenant.id)).toBe(otherBefore);
  });

  it('refuses a file it cannot read', async () => {
    for (const csv of [
      'kode,nama\nABC,Cabang ABC',
      `${header}\n"Cabang,x`,
      `${header}\n`,
      [header, ...Array.from({ length: 501 }, (_, i) => line(`MANY${i}`))].join('\n'),
    ]) {
      const response = await send('import/preview', csv);
      expect(response.statusCode, csv.slice(0, 60)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BRANCH_IMPORT_BAD_FILE' } });
      expect((await send('import', csv)).statusCode).toBe(400);
    }
    expect((await send('import/preview', 'x'.repeat(512 * 1024 + 1))).statusCode).toBe(400);
  });

  it('imports an XLSX workbook: its first sheet, errors named by the spreadsheet row, typed cells read as text', async () => {
    const [a, b] = [code(), code()];
    const head = [
      'Kode',
      'Nama',
      'Alamat',
      'Provinsi',
      'Kota',
      'Kelurahan',
      'Kategori',
      'Batas loket',
      'Aktif',
    ];
    const row = (c: string, limit: number | string, active: boolean | string) => [
      c,
      `Cabang ${c}`,
      'Jl. Asia Afrika 8',
      'Jawa Barat',
      'Bandung',
      'Braga',
      'Kantor Cabang',
      limit,
      active,
    ];
    const bad = xlsx([head, row(a, 3, true), [], row(b, 'banyak', 'mungkin')]);
    const before = await branchCount();
    const checked = await sendFile('import/preview', bad);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      valid: 1,
      invalid: 1,
      rows: [
        { line: 2, code: a, errors: {} },
        { line: 4, code: b, errors: { counterLimit: 'Harus berupa angka.', isActive: expect.any(String) } },
      ],
    });
    expect((await sendFile('import', bad)).json()).toMatchObject({
      error: { code: 'BRANCH_IMPORT_INVALID', details: { invalidRows: [4] } },
    });
    expect(await branchCount()).toBe(before);

    const imported = await sendFile('import', xlsx([head, row(a, 3, true), row(b, 7, false)]));
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ created: 2 });
    const saved = await t.database.db
      .selectFrom('branches')
      .select(['code', 'counter_limit', 'is_active'])
      .where('tenant_id', '=', g.tenant.id)
      .where('code', 'in', [a, b])
      .orderBy('code')
      .execute();
    expect(saved).toEqual(
      [
        { code: a, counter_limit: 3, is_active: 1 },
        { code: b, counter_limit: 7, is_active: 0 },
      ].sort((x, y) => x.code.localeCompare(y.code)),
    );
  });

  it('refuses a workbook it cannot read, and a body with both or neither file', async () => {
    const notXlsx = { xlsx: Buffer.from('kode,nama\nA,B').toString('base64') };
    const refused = await sendFile('import/preview', notXlsx);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'BRANCH_IMPORT_BAD_FILE' } });
    for (const body of [
      {},
      { csv: `${header}\n${line(code())}`, ...xlsx([[header]]) },
      { xlsx: 'not base64!' },
    ]) {
      const response = await sendFile('import/preview', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('only an admin may import', async () => {
    const cookie = await loginAs(t.app, g.users.supervisor.username);
    expect((await send('import/preview', 'a,b', cookie)).statusCode).toBe(403);
    expect((await send('import', 'a,b', cookie)).statusCode).toBe(403);
  });
});
