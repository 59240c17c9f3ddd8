import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { RATE_RULE, decimalSchema, optionalDecimalSchema } from '../common/decimal-schema';

export const CURRENCY_NAME_MAX = 60;

/**
 * A foreign currency of the tenant (`/dashboard/master/valas`) with its rates in rupiah as exact
 * decimal strings (common/decimal.ts): the e-rate buy and sell (required, spec §5), bank notes
 * and TT counter (optional, null = not quoted). Rates belong to the tenant, so every branch's
 * board shows the same ones (decisions: currencies). `flag` is the ISO 3166 country code whose
 * flag the board shows (`US`), or none.
 */
export const CurrencySchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    name: z.string(),
    flag: z.string().nullable(),
    buy: z.string(),
    sell: z.string(),
    bankNoteBuy: z.string().nullable(),
    bankNoteSell: z.string().nullable(),
    ttCounterBuy: z.string().nullable(),
    ttCounterSell: z.string().nullable(),
    sortOrder: z.number().int(),
    /** When its rates or details last changed (epoch ms): the board's "updated at". */
    updatedAt: z.number().int(),
  })
  .meta({ id: 'Currency' });
export type Currency = z.infer<typeof CurrencySchema>;

const RatesShape = {
  buy: decimalSchema(RATE_RULE),
  sell: decimalSchema(RATE_RULE),
  bankNoteBuy: optionalDecimalSchema(RATE_RULE),
  bankNoteSell: optionalDecimalSchema(RATE_RULE),
  ttCounterBuy: optionalDecimalSchema(RATE_RULE),
  ttCounterSell: optionalDecimalSchema(RATE_RULE),
};

/** What the admin edits (the form and the request share it): everything but the id and the time stamp. */
export const CurrencyInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, { error: 'v.required' })
      .regex(/^[A-Z]{3}$/, { error: 'v.currencyCode' }),
    name: z.string().trim().min(1).max(CURRENCY_NAME_MAX),
    flag: z
      .string()
      .trim()
      .nullable()
      .refine((v) => v === null || v === '' || /^[A-Z]{2}$/.test(v), { error: 'v.flag' })
      .transform((v) => (v === null || v === '' ? null : v)),
    ...RatesShape,
    sortOrder: z.number().int({ error: 'v.number.int' }).min(0).max(9999),
  })
  .strict();
export type CurrencyValues = z.output<typeof CurrencyInputSchema>;

/** The rates of one currency in the all-currencies rates form. */
export const CurrencyRatesSchema = z.object({ id: IdSchema, ...RatesShape }).strict();
