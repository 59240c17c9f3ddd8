import type { z } from 'zod';
import type { ServiceListQuerySchema } from '@antrean/shared/contracts/services.contract';

/** The list query as the page sends it (the URL's paging, search, sort and filters). */
export type ServiceListInput = z.input<typeof ServiceListQuerySchema>;

/** Query keys of service administration; `all` is the prefix every change invalidates. */
export const serviceKeys = {
  all: ['services'] as const,
  list: (query: ServiceListInput) => ['services', 'list', query] as const,
};
