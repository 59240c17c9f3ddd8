import { z } from 'zod';
import { canonicalDecimal, compareDecimal } from './decimal';

/** The validation of exact decimals (common/decimal.ts) for request bodies and forms. */
interface DecimalRule {
  digits: number;
  fraction: number;
  message: string;
  max?: string;
}

function decimalError(rule: DecimalRule, value: string): string | null {
  if (value.includes(',')) return 'v.decimal.dot';
  const pattern = new RegExp(`^\\d{1,${rule.digits}}(\\.\\d{1,${rule.fraction}})?$`);
  if (!pattern.test(value)) return rule.message;
  if (rule.max !== undefined && compareDecimal(canonicalDecimal(value), rule.max) > 0) return rule.message;
  return null;
}

/**
 * A required non-negative decimal with at most `digits` digits before the dot and `fraction`
 * after it (and at most `max`), as its canonical string; a comma is refused with its own message.
 * For request bodies and forms (it transforms); responses carry plain strings.
 */
export function decimalSchema(rule: DecimalRule) {
  return z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .superRefine((value, ctx) => {
      const message = decimalError(rule, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform(canonicalDecimal);
}

/** The same, optional: an empty field or null is null ("not quoted"). */
export function optionalDecimalSchema(rule: DecimalRule) {
  return z
    .string()
    .trim()
    .nullable()
    .superRefine((value, ctx) => {
      const message = value === null || value === '' ? null : decimalError(rule, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => (value === null || value === '' ? null : canonicalDecimal(value)));
}

/** An exchange rate: up to 12 digits and 6 decimals (`16150.25`, `104.5`). */
export const RATE_RULE: DecimalRule = { digits: 12, fraction: 6, message: 'v.rate' };

/** A percentage between 0 and 100 with up to 4 decimals and a dot (`3.5`). */
export const PERCENTAGE_RULE: DecimalRule = { digits: 3, fraction: 4, message: 'v.percentage', max: '100' };
