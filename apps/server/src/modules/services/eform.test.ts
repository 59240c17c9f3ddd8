/**
 * E-forms over HTTP: a service's fields saved whole and read back in order; a table of the rules
 * (400 with the field, nothing changed), unsafe regexes refused; ids kept across edits; another
 * tenant's service 404; other roles 403; one audit entry per save that changes something.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Eform } from '@antrean/shared/domain/eform';
import { buildTestApp, type TestApp } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs, type ServiceRef, type TenantGraph } from '../../test/factories';
import { listAuditEntries } from '../audit/audit.repository';

describeWithDb('service e-forms (HTTP)', () => {
  let t: TestApp;
  let g: TenantGraph;
  let other: TenantGraph;
  let admin: string;
  let service: ServiceRef;

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
    service = await t.f.buildService({ tenantId: g.tenant.id });
  });

  const url = (serviceId = service.id) => `/api/v1/services/${serviceId}/eform`;
  const get = (serviceId = service.id, cookie = admin) =>
    t.app.inject({ url: url(serviceId), headers: { cookie } });
  const save = (body: unknown, serviceId = service.id, cookie = admin) =>
    t.app.inject({
      method: 'PUT',
      url: url(serviceId),
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const nik = {
    field: 'nik',
    label: 'NIK',
    inputType: 'text',
    placeholder: '16 digit',
    regex: '\\d{16}',
    required: true,
    validationMessage: 'NIK harus 16 angka',
    options: [],
  };
  const status = {
    field: 'status_kawin',
    label: 'Status perkawinan',
    inputType: 'select',
    placeholder: null,
    regex: null,
    required: false,
    validationMessage: null,
    options: ['Belum kawin', 'Kawin', 'Cerai'],
  };

  it('saves the fields in order and reads them back; an edit keeps the ids of the fields it keeps', async () => {
    const first = await save({ fields: [nik, status] });
    expect(first.statusCode, first.body).toBe(200);
    const form = first.json<Eform>();
    expect(form.fields.map((f) => f.field)).toEqual(['nik', 'status_kawin']);
    expect(form.fields[0]).toMatchObject({ ...nik, id: expect.any(String) });
    expect((await get()).json<Eform>()).toEqual(form);

    // Reorder, swap keys, drop one, add one: one save.
    const [a, b] = form.fields;
    const second = await save({
      fields: [
        { ...b, field: 'nik' },
        { ...a, field: 'status_kawin' },
        { ...nik, field: 'email', label: 'Email', inputType: 'email', regex: '', validationMessage: '' },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    const edited = second.json<Eform>();
    expect(edited.fields.map((f) => f.id).slice(0, 2)).toEqual([b!.id, a!.id]);
    expect(edited.fields[2]).toMatchObject({ field: 'email', regex: null, validationMessage: null });
    const cleared = await save({ fields: [] });
    expect(cleared.json<Eform>().fields).toEqual([]);
  });

  const rules: [string, Record<string, unknown>, string, string][] = [
    [
      'field key format',
      { field: 'No KTP' },
      'fields.0.field',
      'Kunci isian: huruf kecil, angka dan _, diawali huruf (contoh nik).',
    ],
    ['label required', { label: '' }, 'fields.0.label', 'Wajib diisi.'],
    ['input type chosen', { inputType: 'hologram' }, 'fields.0.inputType', 'Pilihan tidak valid.'],
    [
      'select needs options',
      { inputType: 'select', options: [] },
      'fields.0.options',
      'Isi minimal satu pilihan.',
    ],
    ['regex must compile', { regex: '([0-9' }, 'fields.0.regex', 'Regex tidak valid.'],
    [
      'regex must not backtrack catastrophically',
      { regex: '(\\d+)+$' },
      'fields.0.regex',
      'Regex ini berisiko sangat lambat (pengulangan bersarang, alternatif berulang atau rujukan balik). Tulis dengan cara lain.',
    ],
  ];
  it.each(rules)('refuses a bad field: %s (400, nothing changed)', async (_rule, change, path, message) => {
    await save({ fields: [nik] });
    const before = (await get()).json<Eform>();
    const response = await save({ fields: [{ ...nik, ...change }] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { fields: { [path]: message } } },
    });
    expect((await get()).json<Eform>()).toEqual(before);
  });

  it('refuses two fields with one key, and a field id of another form', async () => {
    const twice = await save({ fields: [nik, { ...status, field: 'nik' }] });
    expect(twice.json()).toMatchObject({
      error: { details: { fields: { 'fields.1.field': 'Kunci isian sudah dipakai di formulir ini.' } } },
    });
    const saved = (await save({ fields: [nik] })).json<Eform>();
    const otherService = await t.f.buildService({ tenantId: g.tenant.id });
    const stolen = await save({ fields: [{ ...nik, id: saved.fields[0]!.id }] }, otherService.id);
    expect(stolen.statusCode).toBe(400);
  });

  it("answers 404 for another tenant's service; other roles are refused", async () => {
    expect((await get(other.service.id)).statusCode).toBe(404);
    expect((await save({ fields: [nik] }, other.service.id)).statusCode).toBe(404);
    const rows = await t.database.db
      .selectFrom('eform_fields')
      .select('id')
      .where('service_id', '=', other.service.id)
      .execute();
    expect(rows).toEqual([]);
    const operator = await loginAs(t.app, g.users.operator.username);
    expect((await get(service.id, operator)).statusCode).toBe(403);
  });

  it('writes one audit entry per save that changes something', async () => {
    await save({ fields: [nik] });
    t.clock.advance(1000);
    await save({ fields: [{ ...(await get()).json<Eform>().fields[0] }] }); // the same: no entry
    t.clock.advance(1000);
    await save({ fields: [] });
    const entries = await listAuditEntries(t.database.db, g.tenant.id, 'service', service.id);
    expect(entries.map((e) => e.action)).toEqual(['service.eform.update', 'service.eform.update']);
    expect(JSON.parse(entries[1]?.before_json ?? 'null')).toMatchObject([{ field: 'nik' }]);
    expect(JSON.parse(entries[1]?.after_json ?? 'null')).toEqual([]);
  });
});
