import type { CsvRow } from '@antrean/shared/common/csv';
import type { ImportFile } from '@antrean/shared/contracts/import-file';
import {
  BRANCH_IMPORT_MAX_ROWS,
  type BranchImportRow,
} from '@antrean/shared/contracts/branch-import.contract';
import { BranchInputSchema, type BranchValues } from '@antrean/shared/domain/branch';
import { errorMessage } from '@antrean/shared/i18n/errors';
import type { Language } from '@antrean/shared/i18n/lang';
import { localizeIssues, validationMessage } from '@antrean/shared/i18n/validation';
import { AppError } from '../../lib/errors';
import { importRows } from '../../lib/import-file';

/**
 * Reading a CSV of branches (decision 61): the columns, the cells into a `BranchInputSchema`
 * input (defaults for the optional columns as the create form's), and each row's errors.
 */
const FIELDS = [
  'code',
  'name',
  'address',
  'province',
  'city',
  'village',
  'timeZone',
  'category',
  'counterLimit',
  'displayLimit',
  'autoServe',
  'autoServeDelaySeconds',
  'whatsappVirtualTicket',
  'showOnKiosk',
  'showOnWeb',
  'isActive',
  'monitoringUrl',
] as const;
type Field = (typeof FIELDS)[number];

/** Header names accepted per column (lower case, spaces and dashes as `_`). */
const COLUMNS: Record<Field, readonly string[]> = {
  code: ['code', 'kode', 'kode_cabang', 'branch_code'],
  name: ['name', 'nama', 'nama_cabang', 'branch_name'],
  address: ['address', 'alamat'],
  province: ['province', 'provinsi'],
  city: ['city', 'kota', 'kabupaten', 'kota_kabupaten', 'kota/kabupaten'],
  village: ['village', 'kelurahan', 'desa', 'kelurahan_desa', 'kelurahan/desa'],
  timeZone: ['time_zone', 'timezone', 'zona_waktu', 'tz'],
  category: ['category', 'kategori', 'kategori_cabang'],
  counterLimit: ['counter_limit', 'counterlimit', 'batas_loket'],
  displayLimit: ['display_limit', 'displaylimit', 'batas_display'],
  autoServe: ['auto_serve', 'autoserve', 'layani_otomatis'],
  autoServeDelaySeconds: ['auto_serve_delay_seconds', 'auto_serve_delay', 'jeda_layani_otomatis'],
  whatsappVirtualTicket: ['whatsapp_virtual_ticket', 'whatsapp', 'tiket_virtual_whatsapp', 'tiket_virtual'],
  showOnKiosk: ['show_on_kiosk', 'tampil_di_kiosk', 'kiosk'],
  showOnWeb: ['show_on_web', 'tampil_di_web', 'web'],
  isActive: ['active', 'is_active', 'aktif', 'status'],
  monitoringUrl: ['monitoring_url', 'url_monitoring'],
};
const REQUIRED: readonly Field[] = ['code', 'name', 'address', 'province', 'city', 'village', 'category'];
type FlagField = 'autoServe' | 'whatsappVirtualTicket' | 'showOnKiosk' | 'showOnWeb' | 'isActive';
type NumberField = 'counterLimit' | 'displayLimit' | 'autoServeDelaySeconds';
/** Optional columns left empty: the create form's defaults. */
const FLAG_DEFAULTS: Record<FlagField, boolean> = {
  autoServe: false,
  whatsappVirtualTicket: false,
  showOnKiosk: true,
  showOnWeb: true,
  isActive: true,
};
const NUMBER_DEFAULTS: Record<NumberField, number> = {
  counterLimit: 5,
  displayLimit: 2,
  autoServeDelaySeconds: 0,
};
const DEFAULT_TIME_ZONE = 'Asia/Jakarta';
const YES = new Set(['1', 'true', 'yes', 'ya', 'y', 'aktif', 'active']);
const NO = new Set(['0', 'false', 'no', 'tidak', 'n', 'nonaktif', 'inactive']);

const normalizeHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Which cell holds each column; a missing required column makes the file unreadable. */
function columnsOf(header: CsvRow): Partial<Record<Field, number>> {
  const names = header.cells.map(normalizeHeader);
  const out: Partial<Record<Field, number>> = {};
  for (const field of FIELDS) {
    const index = names.findIndex((n) => COLUMNS[field].includes(n));
    if (index >= 0) out[field] = index;
  }
  const missing = REQUIRED.filter((f) => out[f] === undefined);
  if (missing.length > 0) throw new AppError('BRANCH_IMPORT_BAD_FILE', { missingColumns: missing });
  return out;
}

export interface CheckedBranch {
  row: BranchImportRow;
  /** The branch to create, when the row has no error. */
  branch: BranchValues | null;
}

/**
 * Every row of the file with its errors in `lang`: the schema's rules per field, a code already
 * used in the tenant (`takenCodes`, lower case) or twice in the file. Throws
 * BRANCH_IMPORT_BAD_FILE for a file that is not a readable list of branches.
 */
export function checkBranchFile(
  file: ImportFile,
  takenCodes: ReadonlySet<string>,
  lang: Language,
): CheckedBranch[] {
  const parsed = importRows(file);
  if (!parsed.ok) throw new AppError('BRANCH_IMPORT_BAD_FILE', { line: parsed.line });
  const [header, ...rows] = parsed.rows;
  if (!header) throw new AppError('BRANCH_IMPORT_BAD_FILE', { rows: 0 });
  const columns = columnsOf(header);
  if (rows.length === 0) throw new AppError('BRANCH_IMPORT_BAD_FILE', { rows: 0 });
  if (rows.length > BRANCH_IMPORT_MAX_ROWS) {
    throw new AppError('BRANCH_IMPORT_BAD_FILE', { rows: rows.length, maxRows: BRANCH_IMPORT_MAX_ROWS });
  }

  const checked = rows.map((csvRow): CheckedBranch => {
    const cell = (field: Field) => {
      const index = columns[field];
      return index === undefined ? '' : (csvRow.cells[index] ?? '').trim();
    };
    const errors: Record<string, string> = {};
    const flag = (field: FlagField): boolean => {
      const text = cell(field).toLowerCase();
      if (text === '') return FLAG_DEFAULTS[field];
      if (YES.has(text)) return true;
      if (NO.has(text)) return false;
      errors[field] = validationMessage('v.enum', lang);
      return FLAG_DEFAULTS[field];
    };
    // A cell that is not a number goes to the schema as is (its "must be a number" message).
    const number = (field: NumberField): number | string => {
      const text = cell(field);
      if (text === '') return NUMBER_DEFAULTS[field];
      const value = Number(text);
      return Number.isFinite(value) ? value : text;
    };
    const input = {
      code: cell('code'),
      name: cell('name'),
      address: cell('address'),
      province: cell('province'),
      city: cell('city'),
      village: cell('village'),
      timeZone: cell('timeZone') || DEFAULT_TIME_ZONE,
      category: cell('category'),
      counterLimit: number('counterLimit'),
      displayLimit: number('displayLimit'),
      monitoringUrl: cell('monitoringUrl'),
      autoServe: flag('autoServe'),
      autoServeDelaySeconds: number('autoServeDelaySeconds'),
      whatsappVirtualTicket: flag('whatsappVirtualTicket'),
      showOnKiosk: flag('showOnKiosk'),
      showOnWeb: flag('showOnWeb'),
      isActive: flag('isActive'),
    };
    const result = BranchInputSchema.safeParse(input);
    if (!result.success) {
      for (const [path, message] of Object.entries(localizeIssues(result.error.issues, lang, input))) {
        errors[path] ??= message;
      }
    }
    return {
      row: {
        line: csvRow.line,
        code: input.code,
        name: input.name,
        city: input.city,
        category: input.category,
        errors,
      },
      branch: result.success ? result.data : null,
    };
  });

  const seen = new Map<string, number>();
  for (const { row } of checked) {
    const code = row.code.toLowerCase();
    seen.set(code, (seen.get(code) ?? 0) + 1);
  }
  for (const { row } of checked) {
    const code = row.code.toLowerCase();
    if (row.errors.code !== undefined || code === '') continue;
    if ((seen.get(code) ?? 0) > 1) row.errors.code = errorMessage('BRANCH_IMPORT_DUPLICATE', lang);
    else if (takenCodes.has(code)) row.errors.code = errorMessage('BRANCH_CODE_TAKEN', lang);
  }
  return checked.map(({ row, branch }) => ({
    row,
    branch: Object.keys(row.errors).length === 0 ? branch : null,
  }));
}
