import type { z } from 'zod';
import type { CounterListQuerySchema } from '@antrean/shared/contracts/counters.contract';

/** The list query as the page sends it (the URL's paging, search, sort and filters). */
export type CounterListInput = z.input<typeof CounterListQuerySchema>;

/** Query keys of counter administration; `all` is the prefix every change invalidates. */
export const counterKeys = {
  all: ['counters'] as const,
  lists: () => ['counters', 'list'] as const,
  list: (query: CounterListInput) => ['counters', 'list', query] as const,
  detail: (counterId: string) => ['counters', 'detail', counterId] as const,
};
