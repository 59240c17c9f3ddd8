import { z } from 'zod';

/**
 * Indonesian mobile numbers, stored in one form: E.164 (`+6281234567890`). People type them as
 * `081234567890`, `6281234567890` or `+62 812-3456-7890`; spaces, dashes, dots and brackets are
 * ignored. The number after the country code starts with 8 and has 8 to 13 digits (the rule the
 * forms always had: `(+62|62|0)8` and 7 to 12 more digits). Anything else is not a number we
 * can send WhatsApp messages to: null.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const match = /^(?:\+62|62|0)(8\d{7,12})$/.exec(compact);
  return match ? `+62${match[1]}` : null;
}

/** A required phone number (a visitor's WhatsApp, a ticket's number), normalised to E.164. */
export const PhoneSchema = z
  .string()
  .trim()
  .refine((value) => normalizePhone(value) !== null, { error: 'v.phone' })
  .transform((value) => normalizePhone(value) ?? value);

/** An optional phone (a staff member's): empty is no phone (null), else normalised to E.164. */
export const OptionalPhoneSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || normalizePhone(value) !== null, { error: 'v.phone' })
  .nullable()
  .transform((value) => (value === null || value === '' ? null : (normalizePhone(value) ?? value)));
