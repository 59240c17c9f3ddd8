import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { CurrencyInputSchema, CurrencyRatesSchema, CurrencySchema } from '../domain/currency';
import { listPageSchema, listQuerySchema } from './list';

/**
 * Foreign currencies (`/dashboard/master/valas`, admin of the tenant): list, create, edit, delete
 * (after a confirmation), and one form that sets the rates of every currency at once — for all
 * branches, since the rates are the tenant's. Every change reaches the displays (`fx.updated`).
 */
export const CURRENCY_SORT_FIELDS = ['order', 'code', 'name', 'updatedAt'] as const;
export type CurrencySortField = (typeof CURRENCY_SORT_FIELDS)[number];

export const CurrencyListQuerySchema = listQuerySchema({
  sortFields: CURRENCY_SORT_FIELDS,
  defaultSort: 'order',
  filters: {},
});
export type CurrencyListQuery = z.infer<typeof CurrencyListQuerySchema>;

const CurrencyListSchema = listPageSchema(CurrencySchema).meta({ id: 'CurrencyList' });
export type CurrencyList = z.infer<typeof CurrencyListSchema>;

const UpdateCurrencyBodySchema = CurrencyInputSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type UpdateCurrencyBody = z.output<typeof UpdateCurrencyBodySchema>;

/** The rates form: every currency's rates in one request, applied all or nothing. */
export const CurrencyRatesBodySchema = z
  .object({ rates: z.array(CurrencyRatesSchema).min(1).max(200) })
  .strict();
export type CurrencyRatesBody = z.output<typeof CurrencyRatesBodySchema>;

const CurrencyParamsSchema = z.object({ currencyId: IdSchema });

export const currenciesContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/currencies',
    summary: "The tenant's foreign currencies and their rates, page by page (admin)",
    tags: ['currencies'],
    query: CurrencyListQuerySchema,
    responses: { 200: CurrencyListSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/currencies',
    summary: 'Add a currency with its rates (admin, audited, live on the displays)',
    tags: ['currencies'],
    body: CurrencyInputSchema,
    responses: { 201: CurrencySchema },
  }),
  updateRates: defineContract({
    method: 'PUT',
    path: '/api/v1/currencies/rates',
    summary: "Set the rates of the tenant's currencies at once, for every branch (admin, audited)",
    tags: ['currencies'],
    body: CurrencyRatesBodySchema,
    responses: { 200: z.array(CurrencySchema) },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/v1/currencies/:currencyId',
    summary: 'Edit a currency or its rates (admin, audited, live on the displays)',
    tags: ['currencies'],
    params: CurrencyParamsSchema,
    body: UpdateCurrencyBodySchema,
    responses: { 200: CurrencySchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/currencies/:currencyId',
    summary: 'Delete a currency (admin, audited, live on the displays)',
    tags: ['currencies'],
    params: CurrencyParamsSchema,
    responses: { 204: z.null() },
  }),
};
