import { z } from 'zod';
import { defineContract } from './contract';
import { ImportFileSchema } from './import-file';

/**
 * Importing service users from a CSV or XLSX file (beyond the spec; a bank with hundreds of branches):
 * a preview with an error per row and field, then an all-or-nothing import of the same file.
 * Columns (header line, Indonesian or English names, any order): full name, username, password,
 * role (caller/pemanggil, operator, supervisor), branch codes (separated by `|`, `,` or spaces),
 * phone and active (optional).
 */
export const USER_IMPORT_MAX_ROWS = 500;

const ImportRowSchema = z.object({
  /** The line of the file the row starts on. */
  line: z.number().int().min(1),
  fullName: z.string(),
  username: z.string(),
  role: z.string(),
  branchCodes: z.array(z.string()),
  phone: z.string(),
  /** Field → localized message; empty when the row can be imported. */
  errors: z.record(z.string(), z.string()),
});
export type UserImportRow = z.infer<typeof ImportRowSchema>;

const ImportPreviewSchema = z
  .object({
    rows: z.array(ImportRowSchema),
    valid: z.number().int().min(0),
    invalid: z.number().int().min(0),
  })
  .meta({ id: 'UserImportPreview' });
export type UserImportPreview = z.infer<typeof ImportPreviewSchema>;

export const userImportContract = {
  preview: defineContract({
    method: 'POST',
    path: '/api/v1/users/import/preview',
    summary: 'Check a CSV or XLSX file of service users: every row with its errors; nothing is saved (admin)',
    tags: ['users'],
    body: ImportFileSchema,
    responses: { 200: ImportPreviewSchema },
  }),
  commit: defineContract({
    method: 'POST',
    path: '/api/v1/users/import',
    summary: 'Import a CSV or XLSX file of service users, all or nothing (admin, audited)',
    tags: ['users'],
    body: ImportFileSchema,
    responses: { 201: z.object({ created: z.number().int().min(1) }) },
  }),
};
