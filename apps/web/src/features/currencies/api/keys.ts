import type { z } from 'zod';
import type { CurrencyListQuerySchema } from '@antrean/shared/contracts/currencies.contract';

/** The list query as the page sends it (the URL's paging, search and sort). */
export type CurrencyListInput = z.input<typeof CurrencyListQuerySchema>;

/** Query keys of the currencies page; `all` is the prefix every change invalidates. */
export const currencyKeys = {
  all: ['currencies'] as const,
  list: (query: CurrencyListInput) => ['currencies', 'list', query] as const,
  board: () => ['currencies', 'board'] as const,
};
