import type { CsvRow } from './csv';

/**
 * A reader for the first sheet of an XLSX workbook (Office Open XML), for the imports: a bank's
 * staff keep their branch and user lists in Excel, and "save as CSV" loses leading zeros and
 * mangles the delimiter in an Indonesian locale. Only what an import needs: the cell texts of the
 * first sheet, each row with its spreadsheet row number (so an error names the row the user
 * sees). Shared strings, inline strings, numbers, booleans and formula results are read; styles,
 * dates and merged cells are not interpreted (a date arrives as Excel's serial number).
 *
 * The ZIP container is read here; inflating a deflated part is injected (`node:zlib` on the
 * server, so the shared package has no dependency), with a bound on its output against zip
 * bombs.
 */
export type InflateRaw = (data: Uint8Array, maxOutputLength: number) => Uint8Array;

export type XlsxResult = { ok: true; rows: CsvRow[] } | { ok: false; error: 'notXlsx' | 'tooLarge' };

/** The largest part of a workbook that is inflated (the imports allow 500 rows). */
const MAX_PART_BYTES = 32 * 1024 * 1024;

class NotXlsx extends Error {}
class TooLarge extends Error {}

interface ZipEntry {
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

function u16(bytes: Uint8Array, at: number): number {
  if (at + 2 > bytes.length) throw new NotXlsx();
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return u16(bytes, at) + u16(bytes, at + 2) * 0x10000;
}

const utf8 = new TextDecoder('utf-8');

/** The central directory: every entry by name. */
function readZip(bytes: Uint8Array): Map<string, ZipEntry> {
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (u32(bytes, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new NotXlsx();
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i += 1) {
    if (u32(bytes, at) !== 0x02014b50) throw new NotXlsx();
    const nameLength = u16(bytes, at + 28);
    const name = utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, {
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      uncompressedSize: u32(bytes, at + 24),
      localOffset: u32(bytes, at + 42),
    });
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return entries;
}

function readPart(bytes: Uint8Array, entry: ZipEntry, inflate: InflateRaw): string {
  const at = entry.localOffset;
  if (u32(bytes, at) !== 0x04034b50) throw new NotXlsx();
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new NotXlsx();
  if (entry.uncompressedSize > MAX_PART_BYTES) throw new TooLarge();
  if (entry.method === 0) return utf8.decode(data);
  if (entry.method !== 8) throw new NotXlsx();
  let out: Uint8Array;
  try {
    out = inflate(data, MAX_PART_BYTES);
  } catch (error) {
    if (error instanceof RangeError) throw new TooLarge();
    throw new NotXlsx();
  }
  return utf8.decode(out);
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text: the five entities, numeric references and Excel's `_xHHHH_` escapes. */
function xmlText(raw: string): string {
  return raw
    .replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
      if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
      if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
      return ENTITIES[ref] ?? whole;
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The text of every `<t>` inside an element (a rich-text string has several runs). */
function runsText(xml: string): string {
  let text = '';
  for (const match of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) text += xmlText(match[1] ?? '');
  return text;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? xmlText(match[1] ?? '') : undefined;
}

/** "AB12" → 27 (0-based column). */
function columnOf(ref: string): number | null {
  const letters = /^([A-Z]+)\d*$/.exec(ref)?.[1];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** The path of the workbook's first sheet (`xl/worksheets/sheet1.xml` in every writer we know). */
function firstSheetPath(workbook: string | null, rels: string | null): string {
  const sheet = workbook ? /<(?:\w+:)?sheet\s[^>]*>/.exec(workbook)?.[0] : undefined;
  const relId = sheet ? attribute(sheet, 'r:id') : undefined;
  if (relId && rels) {
    for (const match of rels.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
      if (attribute(match[0], 'Id') !== relId) continue;
      const target = attribute(match[0], 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

export function readXlsxRows(bytes: Uint8Array, inflate: InflateRaw): XlsxResult {
  try {
    const zip = readZip(bytes);
    const part = (name: string): string | null => {
      const entry = zip.get(name);
      return entry ? readPart(bytes, entry, inflate) : null;
    };
    const sheet = part(firstSheetPath(part('xl/workbook.xml'), part('xl/_rels/workbook.xml.rels')));
    if (sheet === null) return { ok: false, error: 'notXlsx' };
    const sharedXml = part('xl/sharedStrings.xml') ?? '';
    const shared = [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => runsText(m[1] ?? ''));

    const rows: CsvRow[] = [];
    let nextLine = 1;
    for (const rowMatch of sheet.matchAll(/<row(\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
      const line = Number(attribute(rowMatch[1] ?? '', 'r') ?? nextLine);
      nextLine = line + 1;
      const cells: string[] = [];
      let nextColumn = 0;
      for (const cellMatch of (rowMatch[2] ?? '').matchAll(/<c(\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const tag = cellMatch[1] ?? '';
        const body = cellMatch[2] ?? '';
        const ref = attribute(tag, 'r');
        const column = (ref ? columnOf(ref) : null) ?? nextColumn;
        nextColumn = column + 1;
        const type = attribute(tag, 't') ?? 'n';
        const value = xmlText(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '');
        let text: string;
        if (type === 's') text = shared[Number(value)] ?? '';
        else if (type === 'inlineStr') text = runsText(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
        else if (type === 'b') text = value === '1' ? 'true' : value === '0' ? 'false' : value;
        else if (type === 'e') text = '';
        else text = value;
        while (cells.length < column) cells.push('');
        cells[column] = text;
      }
      if (cells.some((cell) => cell.trim() !== '')) rows.push({ line, cells });
    }
    return { ok: true, rows };
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, error: 'tooLarge' };
    return { ok: false, error: 'notXlsx' };
  }
}
