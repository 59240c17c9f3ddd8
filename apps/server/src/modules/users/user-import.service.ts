import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type { CsvRow } from '@antrean/shared/common/csv';
import type { ImportFile } from '@antrean/shared/contracts/import-file';
import {
  USER_IMPORT_MAX_ROWS,
  type UserImportPreview,
  type UserImportRow,
} from '@antrean/shared/contracts/user-import.contract';
import { NewStaffUserInputSchema, type SERVICE_ROLES } from '@antrean/shared/domain/staff-user';
import { errorMessage } from '@antrean/shared/i18n/errors';
import type { Language } from '@antrean/shared/i18n/lang';
import { localizeIssues, validationMessage } from '@antrean/shared/i18n/validation';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor';
import { hashPassword } from '../../lib/crypto';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { importRows } from '../../lib/import-file';
import { requireTenantStaff } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import type { Audit } from '../audit/audit.service';
import * as imports from './user-import.repository';
import * as repo from './user.repository';

const FIELDS = ['fullName', 'username', 'password', 'role', 'branchCodes', 'phone', 'isActive'] as const;
type Field = (typeof FIELDS)[number];

/** Header names accepted per column (lower case, spaces and dashes as `_`). */
const COLUMNS: Record<Field, readonly string[]> = {
  fullName: ['full_name', 'fullname', 'name', 'nama', 'nama_lengkap'],
  username: ['username', 'user_name', 'nama_pengguna'],
  password: ['password', 'kata_sandi', 'sandi'],
  role: ['role', 'peran'],
  branchCodes: ['branches', 'branch', 'branch_codes', 'cabang', 'kode_cabang'],
  phone: ['phone', 'telepon', 'no_hp', 'hp', 'whatsapp'],
  isActive: ['active', 'is_active', 'aktif', 'status'],
};
const REQUIRED: readonly Field[] = ['fullName', 'username', 'password', 'role', 'branchCodes'];
const ROLE_WORDS: Record<string, (typeof SERVICE_ROLES)[number]> = {
  caller: 'caller',
  pemanggil: 'caller',
  operator: 'operator',
  supervisor: 'supervisor',
};
const YES = new Set(['', '1', 'true', 'yes', 'ya', 'y', 'aktif', 'active']);
const NO = new Set(['0', 'false', 'no', 'tidak', 'n', 'nonaktif', 'inactive']);

type NewUser = z.output<typeof NewStaffUserInputSchema>;
interface Checked {
  row: UserImportRow;
  /** The user to create, when the row has no error. */
  user: NewUser | null;
}

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
  if (missing.length > 0) throw new AppError('USER_IMPORT_BAD_FILE', { missingColumns: missing });
  return out;
}

/**
 * Importing service users from CSV or XLSX (decision 57): the same rules as the users page per row, plus
 * the file's own (unknown branch code, a username twice in the file); the import runs only when
 * every row passes, in one transaction, so a file is imported whole or not at all.
 */
export function createUserImportService(deps: ServiceDeps, audit: Audit) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.users')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  function readRows(file: ImportFile): { columns: Partial<Record<Field, number>>; rows: CsvRow[] } {
    const parsed = importRows(file);
    if (!parsed.ok) throw new AppError('USER_IMPORT_BAD_FILE', { line: parsed.line });
    const [header, ...rows] = parsed.rows;
    if (!header) throw new AppError('USER_IMPORT_BAD_FILE', { rows: 0 });
    const columns = columnsOf(header);
    if (rows.length === 0) throw new AppError('USER_IMPORT_BAD_FILE', { rows: 0 });
    if (rows.length > USER_IMPORT_MAX_ROWS) {
      throw new AppError('USER_IMPORT_BAD_FILE', { rows: rows.length, maxRows: USER_IMPORT_MAX_ROWS });
    }
    return { columns, rows };
  }

  /** Every row with its errors, in `lang`; what passes is ready to insert. */
  async function check(db: Db, tenantId: string, file: ImportFile, lang: Language): Promise<Checked[]> {
    const { columns, rows } = readRows(file);
    const branches = await imports.branchIdsByCode(db, tenantId);
    const checked = rows.map((csvRow): Checked & { password: string } => {
      const cell = (field: Field) => {
        const index = columns[field];
        return index === undefined ? '' : (csvRow.cells[index] ?? '').trim();
      };
      const errors: Record<string, string> = {};
      const roleText = cell('role').toLowerCase();
      const role = ROLE_WORDS[roleText];
      if (!role) errors.role = validationMessage(roleText === '' ? 'v.mustChoose' : 'v.enum', lang);
      const branchCodes = cell('branchCodes')
        .split(/[|,;\s]+/)
        .map((c) => c.toUpperCase())
        .filter((c) => c !== '');
      const unknown = branchCodes.filter((c) => !branches.has(c));
      if (unknown.length > 0) {
        errors.branchCodes = `${errorMessage('USER_IMPORT_UNKNOWN_BRANCH', lang)}: ${unknown.join(', ')}`;
      }
      const activeText = cell('isActive').toLowerCase();
      if (!YES.has(activeText) && !NO.has(activeText)) errors.isActive = validationMessage('v.enum', lang);
      const input = {
        fullName: cell('fullName'),
        username: cell('username'),
        password: cell('password'),
        role: role ?? 'caller',
        phone: cell('phone'),
        branchIds: [...new Set(branchCodes.map((c) => branches.get(c)).filter((id) => id !== undefined))],
        isActive: !NO.has(activeText),
      };
      const parsed = NewStaffUserInputSchema.safeParse(input);
      if (!parsed.success) {
        const fields = localizeIssues(parsed.error.issues, lang, input);
        for (const [path, message] of Object.entries(fields)) {
          const field = path === 'branchIds' ? 'branchCodes' : path;
          errors[field] ??= message;
        }
      }
      return {
        row: {
          line: csvRow.line,
          fullName: input.fullName,
          username: input.username,
          role: cell('role'),
          branchCodes,
          phone: input.phone,
          errors,
        },
        user: parsed.success ? parsed.data : null,
        password: input.password,
      };
    });

    const seen = new Map<string, number>();
    for (const { row } of checked) {
      const name = row.username.toLowerCase();
      seen.set(name, (seen.get(name) ?? 0) + 1);
    }
    const taken = await imports.takenUsernames(
      db,
      [...seen.keys()].filter((n) => n !== ''),
    );
    for (const { row } of checked) {
      const name = row.username.toLowerCase();
      if (row.errors.username !== undefined || name === '') continue;
      if ((seen.get(name) ?? 0) > 1) row.errors.username = errorMessage('USER_IMPORT_DUPLICATE', lang);
      else if (taken.has(name)) row.errors.username = errorMessage('USERNAME_TAKEN', lang);
    }
    return checked.map(({ row, user }) => ({
      row,
      user: Object.keys(row.errors).length === 0 ? user : null,
    }));
  }

  async function preview(actor: Actor, file: ImportFile, lang: Language): Promise<UserImportPreview> {
    const tenantId = adminTenant(actor);
    const checked = await uow.read((db) => check(db, tenantId, file, lang));
    const invalid = checked.filter((c) => c.user === null).length;
    return { rows: checked.map((c) => c.row), valid: checked.length - invalid, invalid };
  }

  /** Imports every row, or none: one error anywhere refuses the whole file (USER_IMPORT_INVALID). */
  async function commit(actor: Actor, file: ImportFile, lang: Language): Promise<{ created: number }> {
    const tenantId = adminTenant(actor);
    const first = await uow.read((db) => check(db, tenantId, file, lang));
    const invalidRows = first.filter((c) => c.user === null).map((c) => c.row.line);
    if (invalidRows.length > 0) throw new AppError('USER_IMPORT_INVALID', { invalidRows });
    // Hashing is slow on purpose: done before the transaction, a few at a time.
    const hashes = new Map<string, string>();
    const users = first.flatMap((c) => (c.user ? [c.user] : []));
    for (let i = 0; i < users.length; i += 4) {
      await Promise.all(
        users.slice(i, i + 4).map(async (u) => hashes.set(u.username, await hashPassword(u.password))),
      );
    }
    return uow.transaction(async (trx) => {
      // Checked again inside the transaction: a name taken meanwhile refuses the whole file.
      const again = await check(trx, tenantId, file, lang);
      const stillInvalid = again.filter((c) => c.user === null).map((c) => c.row.line);
      if (stillInvalid.length > 0) throw new AppError('USER_IMPORT_INVALID', { invalidRows: stillInvalid });
      const now = clock.now();
      for (const { user } of again) {
        if (!user) continue;
        const row: repo.UserRow = {
          id: newId(now),
          tenant_id: tenantId,
          username: user.username,
          full_name: user.fullName,
          password_hash: hashes.get(user.username) ?? (await hashPassword(user.password)),
          role: user.role,
          phone: user.phone,
          language: 'id',
          avatar_file_id: null,
          is_active: user.isActive ? 1 : 0,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        };
        await repo.insertUser(trx, row);
        await repo.replaceBranches(trx, tenantId, row.id, user.branchIds, now);
        const { password: _secret, ...shown } = user;
        await audit.record(trx, actor, {
          action: 'user.import',
          entityType: 'user',
          entityId: row.id,
          tenantId,
          before: null,
          after: { id: row.id, ...shown },
        });
      }
      return { created: again.length };
    });
  }

  return { preview, commit };
}

export type UserImportService = ReturnType<typeof createUserImportService>;
