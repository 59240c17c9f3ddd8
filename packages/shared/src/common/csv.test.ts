import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, type CsvDelimiter } from './csv';

const cellsOf = (text: string) => {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(`parse failed at line ${result.line}`);
  return result.rows.map((r) => r.cells);
};

describe('parseCsv', () => {
  const cases: [string, string, string[][]][] = [
    [
      'plain rows',
      'a,b\nc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'CRLF and a final line end',
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'old Mac CR',
      'a,b\rc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a byte order mark',
      '\uFEFFnama,username\nBudi,budi.santoso',
      [
        ['nama', 'username'],
        ['Budi', 'budi.santoso'],
      ],
    ],
    ['quoted commas', '"Santoso, Budi",x', [['Santoso, Budi', 'x']]],
    ['doubled quotes', '"say ""hi""",x', [['say "hi"', 'x']]],
    [
      'a line break inside quotes',
      '"a\r\nb",c\nd,e',
      [
        ['a\r\nb', 'c'],
        ['d', 'e'],
      ],
    ],
    [
      'empty cells',
      'a,,c\n,,',
      [
        ['a', '', 'c'],
        ['', '', ''],
      ],
    ],
    ['a quoted empty cell', '"",b', [['', 'b']]],
    ['blank lines skipped', 'a\n\n\r\nb\n', [['a'], ['b']]],
    [
      'semicolons (Excel, Indonesian locale)',
      'nama;cabang\n"Budi; S.";JKT01,BDG01',
      [
        ['nama', 'cabang'],
        ['Budi; S.', 'JKT01,BDG01'],
      ],
    ],
    [
      'tabs',
      'a\tb\nc\td',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['a quote inside a field is text', 'ab"c,d', [['ab"c', 'd']]],
    ['nothing', '', []],
  ];
  it.each(cases)('%s', (_name, text, rows) => {
    expect(cellsOf(text)).toEqual(rows);
  });

  it('detects the delimiter from the header line only', () => {
    expect(parseCsv('a;b;c\n1,5;2;3')).toMatchObject({ ok: true, delimiter: ';' });
    expect(parseCsv('"x;y",b')).toMatchObject({ ok: true, delimiter: ',' });
  });

  it('keeps the line each row starts on, counting line breaks inside quotes', () => {
    const result = parseCsv('h1,h2\r\n\r\n"multi\nline",x\ny,z');
    expect(result.ok && result.rows.map((r) => r.line)).toEqual([1, 3, 5]);
  });

  it('reports an unclosed quote with the line it opens on', () => {
    expect(parseCsv('a,b\nc,"d\ne,f')).toEqual({ ok: false, error: 'unclosedQuote', line: 2 });
  });

  it('reads back whatever a spreadsheet writes (round trip)', () => {
    const write = (rows: string[][], d: CsvDelimiter, eol: string) =>
      rows
        .map((r) =>
          r.map((c) => (/[",;\t\r\n]/.test(c) || c === '' ? `"${c.replace(/"/g, '""')}"` : c)).join(d),
        )
        .join(eol);
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '"', ',', ';', '\t', '\n', '\r', 'é') });
    // A table: every row as wide as the header (2 to 4 columns), as a spreadsheet writes it.
    const table = fc
      .integer({ min: 2, max: 4 })
      .chain((width) => fc.array(fc.array(text, { minLength: width, maxLength: width }), { maxLength: 5 }));
    fc.assert(
      fc.property(
        table,
        fc.constantFrom<CsvDelimiter>(',', ';', '\t'),
        fc.constantFrom('\n', '\r\n'),
        (rows, d, eol) => {
          const result = parseCsv(write(rows, d, eol));
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.rows.map((r) => r.cells)).toEqual(rows);
        },
      ),
    );
  });
});
