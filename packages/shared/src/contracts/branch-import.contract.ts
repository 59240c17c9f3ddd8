import { z } from 'zod';
import { defineContract } from './contract';
import { ImportFileSchema } from './import-file';

/**
 * Importing branches from a CSV or XLSX file (decision 61, the service users' pattern of decision 57):
 * a preview with an error per row and field, then an all-or-nothing import of the same file.
 * Columns (header line, Indonesian or English names, any order): code, name, address, province,
 * city, village, time zone and category are required; counter and display limits, auto-serve and
 * its delay, WhatsApp virtual tickets, shown on kiosk / web, active and a monitoring URL are
 * optional (defaults as the create form's). Yes/no cells: ya/tidak, true/false, 1/0.
 */
export const BRANCH_IMPORT_MAX_ROWS = 500;

const ImportRowSchema = z.object({
  /** The line of the file the row starts on. */
  line: z.number().int().min(1),
  code: z.string(),
  name: z.string(),
  city: z.string(),
  category: z.string(),
  /** Field → localized message; empty when the row can be imported. */
  errors: z.record(z.string(), z.string()),
});
export type BranchImportRow = z.infer<typeof ImportRowSchema>;

const ImportPreviewSchema = z
  .object({
    rows: z.array(ImportRowSchema),
    valid: z.number().int().min(0),
    invalid: z.number().int().min(0),
  })
  .meta({ id: 'BranchImportPreview' });
export type BranchImportPreview = z.infer<typeof ImportPreviewSchema>;

export const branchImportContract = {
  preview: defineContract({
    method: 'POST',
    path: '/api/v1/branches/import/preview',
    summary: 'Check a CSV or XLSX file of branches: every row with its errors; nothing is saved (admin)',
    tags: ['branches'],
    body: ImportFileSchema,
    responses: { 200: ImportPreviewSchema },
  }),
  commit: defineContract({
    method: 'POST',
    path: '/api/v1/branches/import',
    summary: 'Import a CSV or XLSX file of branches, all or nothing (admin, audited)',
    tags: ['branches'],
    body: ImportFileSchema,
    responses: { 201: z.object({ created: z.number().int().min(1) }) },
  }),
};
