import { inflateRawSync } from 'node:zlib';
import { parseCsv, type CsvRow } from '@antrean/shared/common/csv';
import { readXlsxRows } from '@antrean/shared/common/xlsx';
import type { ImportFile } from '@antrean/shared/contracts/import-file';

/**
 * The rows of an import file, CSV or XLSX, each with the line (CSV) or spreadsheet row (XLSX)
 * the user sees; `{ ok: false, line }` names where a CSV stops being readable (0 for a
 * workbook that is not one).
 */
export function importRows(file: ImportFile): { ok: true; rows: CsvRow[] } | { ok: false; line: number } {
  if (file.xlsx !== undefined) {
    const read = readXlsxRows(Buffer.from(file.xlsx, 'base64'), (data, maxOutputLength) =>
      inflateRawSync(data, { maxOutputLength }),
    );
    return read.ok ? { ok: true, rows: read.rows } : { ok: false, line: 0 };
  }
  const parsed = parseCsv(file.csv ?? '');
  return parsed.ok ? { ok: true, rows: parsed.rows } : { ok: false, line: parsed.line };
}
