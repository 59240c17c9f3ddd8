import { z } from 'zod';

/**
 * The file of an import (users, branches): a CSV file as text, or an XLSX workbook as base64
 * (its first sheet is read). Exactly one of the two. Both stay under the server's 1 MB JSON body
 * limit: 512 KB of CSV text, an XLSX file of up to 512 KB (compressed; ample for 500 rows).
 */
const IMPORT_MAX_CSV_CHARS = 512 * 1024;
const IMPORT_MAX_XLSX_BASE64 = Math.ceil((512 * 1024) / 3) * 4;

export const ImportFileSchema = z
  .object({
    csv: z.string().min(1, { error: 'v.required' }).max(IMPORT_MAX_CSV_CHARS).optional(),
    xlsx: z
      .base64({ error: 'v.format' })
      .min(1, { error: 'v.required' })
      .max(IMPORT_MAX_XLSX_BASE64)
      .optional(),
  })
  .strict()
  .superRefine((file, ctx) => {
    if ((file.csv === undefined) === (file.xlsx === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['csv'], message: 'v.required' });
    }
  });
export type ImportFile = z.infer<typeof ImportFileSchema>;

/** An XLSX workbook's file name or media type. */
export function isXlsxFile(file: { name: string; type: string }): boolean {
  return (
    /\.xlsx$/i.test(file.name) ||
    file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  );
}
