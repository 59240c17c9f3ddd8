import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { xlsxWorkbook } from '@antrean/shared/testing/xlsx-workbook';
import { readXlsxRows, type InflateRaw } from '@antrean/shared/common/xlsx';

const inflate: InflateRaw = (data, maxOutputLength) => inflateRawSync(data, { maxOutputLength });
const deflateRaw = (data: Uint8Array) => new Uint8Array(deflateRawSync(data));

describe('readXlsxRows', () => {
  const rows = [
    ['kode', 'nama', 'telepon', 'aktif'],
    ['JKT01', 'Cabang <Jakarta> & "Pusat"', '081234567890', true],
    ['BDG02', 'Bandung', 628123, false],
  ];

  for (const [name, options] of [
    ['stored, shared strings', {}],
    ['deflated, shared strings (what Excel writes)', { deflateRaw }],
    ['deflated, inline strings', { deflateRaw, strings: 'inline' as const }],
  ] as const) {
    it(`reads the first sheet's cells as text: ${name}`, () => {
      const read = readXlsxRows(xlsxWorkbook(rows, options), inflate);
      expect(read).toEqual({
        ok: true,
        rows: [
          { line: 1, cells: ['kode', 'nama', 'telepon', 'aktif'] },
          { line: 2, cells: ['JKT01', 'Cabang <Jakarta> & "Pusat"', '081234567890', 'true'] },
          { line: 3, cells: ['BDG02', 'Bandung', '628123', 'false'] },
        ],
      });
    });
  }

  it('keeps the spreadsheet row numbers and column positions across gaps; blank rows are skipped', () => {
    const read = readXlsxRows(
      xlsxWorkbook(
        [
          ['a', null, 'c'],
          [null, null, null],
          [null, 'b'],
        ],
        { firstRow: 4, deflateRaw },
      ),
      inflate,
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 4, cells: ['a', '', 'c'] },
        { line: 6, cells: ['', 'b'] },
      ],
    });
  });

  it('refuses what is not a workbook: text, a truncated file, a zip without a sheet', () => {
    const good = xlsxWorkbook(rows, { deflateRaw });
    expect(readXlsxRows(new TextEncoder().encode('kode,nama\nA,B'), inflate)).toEqual({
      ok: false,
      error: 'notXlsx',
    });
    expect(readXlsxRows(good.subarray(0, good.length - 40), inflate)).toEqual({
      ok: false,
      error: 'notXlsx',
    });
    expect(readXlsxRows(good.subarray(0, 200), inflate)).toEqual({ ok: false, error: 'notXlsx' });
    expect(readXlsxRows(new Uint8Array(0), inflate)).toEqual({ ok: false, error: 'notXlsx' });
  });

  it('stops a zip bomb at the bound instead of inflating it', () => {
    const big = 'x'.repeat(40 * 1024 * 1024);
    const bomb = xlsxWorkbook([[big]], { deflateRaw, strings: 'inline' });
    expect(bomb.length).toBeLessThan(100_000);
    expect(readXlsxRows(bomb, inflate)).toEqual({ ok: false, error: 'tooLarge' });
  });
});
